package dev.regrade.subjects.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The upstream test's MockJudge as a real HTTP server (WireMock on 127.0.0.1, a free port): it
 * records every request, checks the path {@code /v1/chat/completions}, the header
 * {@code Authorization: Bearer TEST_TOKEN} and that the consistency stage received exactly the fact
 * and logic {score, reason}; replies fact 0.1, logic 0.6, consistency 0.8 with reason "<stage> reason".
 * Options: the first reply invalid ({"score": "NaN"}), every reply HTTP 503, a fixed latency, or any
 * scripted reply text per request number.
 *
 * <p>The fake judge ({@code dev.regrade.judge.server.FakeJudgeServer}) is not used: it answers only
 * Regrade's verification/extraction requests (it needs a claim or a json_schema name / Regrade
 * header, and rejects other requests with 400 before faults apply), so it cannot serve VerEval's
 * stage prompts with scripted {score, reason} replies.
 */
final class ScriptedJudge implements AutoCloseable {
    static final ObjectMapper M = new ObjectMapper();
    static final Map<String, Double> SCORES = Map.of("fact", 0.1, "logic", 0.6, "consistency", 0.8);

    /** A scripted reply: the content text (null for JSON null) and finish reason, or an HTTP status. */
    record Script(String content, String finishReason, int status) {
        static Script text(String content) {
            return new Script(content, "stop", 200);
        }
    }

    interface Scripter {
        /** The reply for request number n (1-based) of this stage; null for the default reply. */
        Script reply(int n, String stage, JsonNode body);
    }

    volatile boolean invalidFirst;
    volatile boolean fail;
    volatile int latencyMillis;
    volatile Scripter scripter;
    private final List<JsonNode> requests = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final WireMockServer server;

    ScriptedJudge() {
        server = new WireMockServer(WireMockConfiguration.options()
                .bindAddress("127.0.0.1").port(0)
                .notifier(new Silent())
                .disableRequestJournal()
                .stubRequestLoggingDisabled(true)
                .extensionScanningEnabled(false)
                .templatingEnabled(false)
                .gzipDisabled(true)
                .extensions(new Transformer()));
        server.start();
        server.stubFor(WireMock.any(WireMock.anyUrl())
                .willReturn(WireMock.aResponse().withTransformers(Transformer.NAME)));
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port() + "/v1";
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

    @Override
    public void close() {
        server.stop();
    }

    static String stageOf(JsonNode body) {
        String prompt = body.path("messages").path(0).path("content").asText();
        return prompt.contains("# Consistency") ? "consistency" : prompt.contains("# Logic") ? "logic" : "fact";
    }

    private ResponseDefinition handle(LoggedRequest request) throws IOException {
        JsonNode body = M.readTree(request.getBody());
        int n;
        synchronized (this) {
            requests.add(body);
            n = requests.size();
            if (!request.getUrl().equals("/v1/chat/completions")) {
                problems.add("path " + request.getUrl());
            }
            if (!"Bearer TEST_TOKEN".equals(request.getHeader("Authorization"))) {
                problems.add("authorization " + request.getHeader("Authorization"));
            }
        }
        if (latencyMillis > 0) {
            try {
                Thread.sleep(latencyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (fail) {
            return json(503, "{\"error\": {\"message\": \"test failure\"}}");
        }
        String stage = stageOf(body);
        if (stage.equals("consistency")) {
            JsonNode payload = M.readTree(body.path("messages").path(1).path("content").path(0).path("text").asText());
            ObjectNode fact = M.createObjectNode().put("score", 0.1).put("reason", "fact reason");
            ObjectNode logic = M.createObjectNode().put("score", 0.6).put("reason", "logic reason");
            if (!fact.equals(payload.get("fact_judgment")) || !logic.equals(payload.get("logic_judgment"))) {
                synchronized (this) {
                    problems.add("consistency payload " + payload);
                }
            }
        }
        Script s = scripter == null ? null : scripter.reply(n, stage, body);
        if (s == null) {
            String content = M.writeValueAsString(M.createObjectNode().put("score", SCORES.get(stage))
                    .put("reason", stage + " reason"));
            if (invalidFirst && n == 1) {
                content = "{\"score\": \"NaN\", \"reason\": \"invalid\"}";
            }
            s = Script.text(content);
        }
        if (s.status() != 200) {
            return json(s.status(), "{\"error\": {\"message\": \"scripted failure\"}}");
        }
        ObjectNode reply = M.createObjectNode();
        reply.put("id", "mock").put("object", "chat.completion").put("created", 0).put("model", "test-judge");
        ObjectNode choice = reply.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", s.finishReason());
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (s.content() == null) {
            message.putNull("content");
        } else {
            message.put("content", s.content());
        }
        reply.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 10).put("total_tokens", 20);
        return json(200, M.writeValueAsString(reply));
    }

    private static ResponseDefinition json(int status, String body) {
        return ResponseDefinitionBuilder.responseDefinition().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(body).build();
    }

    private final class Transformer implements ResponseDefinitionTransformerV2 {
        static final String NAME = "vereval-scripted-judge";

        @Override
        public ResponseDefinition transform(ServeEvent event) {
            try {
                return handle(event.getRequest());
            } catch (IOException | RuntimeException e) {
                synchronized (ScriptedJudge.this) {
                    problems.add("handler error " + e);
                }
                return json(500, "{\"error\": {\"message\": \"handler error\"}}");
            }
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public String getName() {
            return NAME;
        }
    }

    private static final class Silent implements Notifier {
        @Override
        public void info(String message) {
        }

        @Override
        public void error(String message) {
        }

        @Override
        public void error(String message, Throwable t) {
        }
    }
}
