package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.ChatCall;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.ChatResponder;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyValueError;

/**
 * VerEval's judge for the fake judge server ({@code judge serve}): a request whose system message is
 * one of the three stage prompts ({@link VerEvalPrompts#prompts()}, verbatim) gets the reply
 * {@link ThreeStageJudge} reads, {@code {"score": s, "reason": r}}. The server's verdict rules decide,
 * with the candidate answer (the evidence's {@code answer}) as the claim and the system and user
 * text as the prompt: supported scores 1.0, not supported 0.0, the reason is the rules' reasoning.
 * Any other request is declined. Stateless and thread-safe.
 */
public final class VerEvalResponder implements ChatResponder {
    @Override
    public ChatReply respond(ChatCall call) {
        String system = call.systemPrompt();
        if (system == null || !VerEvalPrompts.prompts().containsValue(system)) {
            return null;
        }
        String claim = candidateAnswer(call.prompt());
        String prompt = system + "\n" + call.prompt();
        boolean supported = call.rules().verdict(claim, prompt);
        ObjectNode reply = VerEvalJson.F.objectNode();
        reply.put("score", supported ? 1.0 : 0.0);
        reply.put("reason", call.rules().reasoning(claim, prompt, supported));
        return ChatReply.text(PyJson.dumps(reply, VerEvalJson.TEXT));
    }

    /** The evidence's {@code answer} (the prediction), or the whole text when it is not VerEval's evidence. */
    private static String candidateAnswer(String evidence) {
        try {
            JsonNode answer = VerEvalJson.loads(evidence).get("answer");
            return answer != null && answer.isTextual() ? answer.textValue() : evidence;
        } catch (PyValueError e) {
            return evidence;
        }
    }

    @Override
    public String toString() {
        return "VerEvalResponder";
    }
}
