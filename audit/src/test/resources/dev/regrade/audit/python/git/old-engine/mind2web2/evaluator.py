from pydantic import BaseModel

CLAIM_MARKER = "Here is the claim or the statement to be verified:"


class BinaryEvalResult(BaseModel):
    reasoning: str
    result: bool


class Evaluator:
    """The two calls of the engine's client that the driver serves: an extraction and a verdict."""

    def __init__(self, client, model="o4-mini"):
        self.client = client
        self.model = model

    async def extract(self, prompt, template_class, extraction_name="extraction", source=None,
                      additional_instruction=None):
        return await self.client.async_response(model=self.model, messages=[{"role": "user", "content": prompt}],
                                                response_format=template_class)

    async def verify(self, claim, node=None):
        prompt = "Verify.\n" + CLAIM_MARKER + "\n```\n" + claim + "\n```\n"
        reply = await self.client.async_response(
            model=self.model, messages=[{"role": "user", "content": [{"type": "text", "text": prompt}]}],
            response_format=BinaryEvalResult)
        return reply.result
