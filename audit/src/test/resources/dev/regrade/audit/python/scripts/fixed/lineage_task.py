"""The released lineage task plus an extraction only this side requests ("dates")."""
import os

_RELEASED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "released", "lineage_task.py")
with open(_RELEASED, encoding="utf-8") as _f:
    exec(compile(_f.read(), _RELEASED, "exec"))

_released_evaluate = evaluate_answer


class Dates(BaseModel):
    first: Optional[int] = None


async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
    await extract_or_empty(Evaluator(client, model), "Which years?", Dates, "dates")
    return await _released_evaluate(client, answer, agent_name, answer_name, cache, semaphore, logger, model)
