package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.ChatCall;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.ChatResponder;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The upstream test's MockJudge as the fake judge's responder: it records every request body,
 * checks the header {@code Authorization: Bearer TEST_TOKEN} and that the consistency stage
 * received exactly the fact and logic {score, reason}, and replies fact 0.1, logic 0.6, consistency
 * 0.8 with reason "<stage> reason" (a clean sample scores 78.0). Options: the first reply invalid
 * ({"score": "NaN"}), or any scripted reply per request number. HTTP errors and latency are the fake
 * judge's faults.
 */
final class StageResponder implements ChatResponder {
    static final ObjectMapper M = new ObjectMapper();
    static final Map<String, Double> SCORES = Map.of("fact", 0.1, "logic", 0.6, "consistency", 0.8);

    interface Scripter {
        /** The reply for request number n (1-based) of this stage; null for the default reply. */
        ChatReply reply(int n, String stage, JsonNode body);
    }

    volatile boolean invalidFirst;
    volatile Scripter scripter;
    private final List<JsonNode> requests = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    /** A fake judge on 127.0.0.1 answering with this responder. */
    FakeJudgeServer serve() {
        return FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(this));
    }

    synchronized List<JsonNode> requests() {
        return new ArrayList<>(requests);
    }

    synchronized List<String> problems() {
        return new ArrayList<>(problems);
    }

    synchronized void clear() {
        requests.clear();
        problems.clear();
    }

    static String stageOf(JsonNode body) {
        String system = body.path("messages").path(0).path("content").asText();
        return system.contains("# Consistency") ? "consistency" : system.contains("# Logic") ? "logic" : "fact";
    }

    @Override
    public ChatReply respond(ChatCall call) {
        JsonNode body = call.body();
        int n;
        synchronized (this) {
            requests.add(body);
            n = requests.size();
            if (!"Bearer TEST_TOKEN".equals(call.header("Authorization"))) {
                problems.add("authorization " + call.header("Authorization"));
            }
        }
        String stage = stageOf(body);
        if (stage.equals("consistency")) {
            checkConsistencyPayload(body);
        }
        ChatReply scripted = scripter == null ? null : scripter.reply(n, stage, body);
        if (scripted != null) {
            return scripted;
        }
        if (invalidFirst && n == 1) {
            return ChatReply.text("{\"score\": \"NaN\", \"reason\": \"invalid\"}");
        }
        return ChatReply.text(write(M.createObjectNode().put("score", SCORES.get(stage)).put("reason", stage + " reason")));
    }

    private void checkConsistencyPayload(JsonNode body) {
        JsonNode payload;
        try {
            payload = M.readTree(body.path("messages").path(1).path("content").path(0).path("text").asText());
        } catch (IOException e) {
            payload = null;
        }
        ObjectNode fact = M.createObjectNode().put("score", 0.1).put("reason", "fact reason");
        ObjectNode logic = M.createObjectNode().put("score", 0.6).put("reason", "logic reason");
        if (payload == null || !fact.equals(payload.get("fact_judgment")) || !logic.equals(payload.get("logic_judgment"))) {
            synchronized (this) {
                problems.add("consistency payload " + payload);
            }
        }
    }

    private static String write(JsonNode n) {
        try {
            return M.writeValueAsString(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
