package dev.regrade.judge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plain chat completions: served by a {@link ChatResponder} when configured, by the fallback reply otherwise. */
class ChatResponderTest {
    private static final ChatResponder ECHO = call -> call.prompt().startsWith("decline")
            ? null
            : ChatReply.text("Score: 0.5 (" + call.model() + ", max_tokens " + call.body().path("max_tokens").asInt()
            + ")");

    private static String chatBody(String model, String prompt) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.put("model", model);
        b.putArray("messages").addObject().put("role", "user").put("content", prompt);
        b.put("max_tokens", 10);
        b.put("temperature", 0.0);
        return b.toString();
    }

    @Test
    void aRawFreeTextRequestGetsTheRespondersText() throws Exception {
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(ECHO))) {
            HttpResponse<String> r = RawHttp.post(s.baseUrl() + "/chat/completions",
                    chatBody("judge-x", "Rate the answer."), Map.of());
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
            JsonNode c = Wire.MAPPER.readTree(r.body());
            assertEquals("chat.completion", c.path("object").asText());
            assertEquals("judge-x", c.path("model").asText());
            JsonNode choice = c.path("choices").get(0);
            assertEquals("assistant", choice.path("message").path("role").asText());
            assertEquals("Score: 0.5 (judge-x, max_tokens 10)", choice.path("message").path("content").asText());
            assertEquals("stop", choice.path("finish_reason").asText());

            List<JournalEntry> j = s.journal();
            assertEquals(1, j.size());
            JournalEntry e = j.get(0);
            assertEquals(RequestKind.CHAT, e.kind());
            assertEquals(200, e.status());
            assertEquals(Wire.sha256("Rate the answer."), e.promptSha256());
            assertNull(e.claim());
            assertNull(e.verdict());
            assertNull(e.error());
        }
    }

    @Test
    void verificationsStillGoToTheRulesNotTheResponder() throws Exception {
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(ECHO))) {
            HttpResponse<String> r = RawHttp.post(s.baseUrl() + "/chat/completions",
                    chatBody("m", TestPrompts.simple("The first station is a Shell.")), Map.of());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(r.body())
                    .path("choices").get(0).path("message").path("content").asText());
            assertTrue(content.path("result").asBoolean());
            assertEquals(RequestKind.VERIFY, s.journal().get(0).kind());
        }
    }

    @Test
    void withoutAResponderOrWhenItDeclinesTheFallbackReplyAnswers() throws Exception {
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            String fallback = "Offline reply of Regrade's fake judge to a prompt of 6 characters (SHA-256 "
                    + Wire.sha256("Say hi").substring(0, 12) + ").";
            HttpResponse<String> r = RawHttp.post(s.baseUrl() + "/chat/completions", chatBody("m", "Say hi"),
                    Map.of());
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(fallback, content(r));
            assertEquals(RequestKind.CHAT, s.journal().get(0).kind());

            s.useResponder(ECHO);
            assertEquals("Score: 0.5 (m, max_tokens 10)",
                    content(RawHttp.post(s.baseUrl() + "/chat/completions", chatBody("m", "Say hi"), Map.of())));
            HttpResponse<String> declined = RawHttp.post(s.baseUrl() + "/chat/completions",
                    chatBody("m", "decline this"), Map.of());
            assertEquals(200, declined.statusCode());
            assertTrue(content(declined).startsWith("Offline reply of Regrade's fake judge to a prompt of 12 "),
                    declined.body());

            s.useResponder(null);
            assertEquals(fallback, content(RawHttp.post(s.baseUrl() + "/chat/completions", chatBody("m", "Say hi"),
                    Map.of())));
            assertNull(s.config().responder());
            assertEquals(List.of(RequestKind.CHAT), s.journal().stream().map(JournalEntry::kind).distinct().toList());
        }
    }

    @Test
    void theFallbackIsAJsonObjectWhenOneIsAskedFor() throws Exception {
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            ObjectNode body = (ObjectNode) Wire.MAPPER.readTree(chatBody("m", "Say hi"));
            body.putObject("response_format").put("type", "json_object");
            JsonNode reply = readJson(content(RawHttp.post(s.baseUrl() + "/chat/completions", body.toString(),
                    Map.of())));
            assertEquals(Wire.sha256("Say hi"), reply.path("prompt_sha256").asText());
            assertTrue(reply.path("reply").asText().startsWith("Offline reply"), reply.toString());
        }
    }

    @Test
    void respondersChainInOrderAndSeeTheServersRules() throws Exception {
        ChatResponder first = call -> call.prompt().equals("one") ? ChatReply.text("first") : null;
        ChatResponder second = call -> ChatReply.text("second, " + call.rules().describe()
                + (call.systemPrompt() == null ? "" : ", system " + call.systemPrompt()));
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(first.orElse(second)))) {
            String url = s.baseUrl() + "/chat/completions";
            assertEquals("first", content(RawHttp.post(url, chatBody("m", "one"), Map.of())));
            s.useRules(dev.regrade.rubric.port.VerdictRules.hash());
            ObjectNode withSystem = (ObjectNode) Wire.MAPPER.readTree(chatBody("m", "two"));
            ((com.fasterxml.jackson.databind.node.ArrayNode) withSystem.get("messages")).insertObject(0)
                    .put("role", "system").put("content", "Be brief.");
            assertEquals("second, hash, system Be brief.", content(RawHttp.post(url, withSystem.toString(), Map.of())));
        }
    }

    private static String content(HttpResponse<String> r) {
        return readJson(r.body()).path("choices").get(0).path("message").path("content").asText();
    }

    @Test
    void aFailingResponderIsA400() throws Exception {
        ChatResponder broken = call -> {
            throw new IllegalStateException("boom");
        };
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(broken))) {
            HttpResponse<String> r = RawHttp.post(s.baseUrl() + "/chat/completions", chatBody("m", "x"), Map.of());
            assertEquals(400, r.statusCode());
            assertTrue(r.body().contains("boom"), r.body());
            assertEquals(RequestKind.CHAT, s.journal().get(0).kind());
            assertEquals(400, s.journal().get(0).status());
        }
    }

    @Test
    void faultsApplyToChatReplies() throws Exception {
        Faults faults = Faults.none().withRetryAfterSeconds(3)
                .withRule(FaultRule.onRequests(FaultKind.RATE_LIMITED, 1))
                .withRule(FaultRule.onRequests(FaultKind.LENGTH, 2))
                .withRule(FaultRule.onRequests(FaultKind.MALFORMED_CONTENT, 3))
                .withRule(FaultRule.always(FaultKind.WRONG_TYPES).withKind(RequestKind.CHAT).withTimes(1));
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(ECHO)
                .withFaults(faults))) {
            String url = s.baseUrl() + "/chat/completions";
            HttpResponse<String> limited = RawHttp.post(url, chatBody("m", "a"), Map.of());
            assertEquals(429, limited.statusCode());
            assertEquals("3", limited.headers().firstValue("Retry-After").orElse(""));

            JsonNode cut = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "b"), Map.of()).body())
                    .path("choices").get(0);
            assertEquals("length", cut.path("finish_reason").asText());
            String full = "Score: 0.5 (m, max_tokens 10)";
            assertEquals(full.substring(0, full.length() / 2), cut.path("message").path("content").asText());

            JsonNode prose = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "c"), Map.of()).body())
                    .path("choices").get(0).path("message");
            assertEquals("Sure! Here is my assessment: it looks right to me.", prose.path("content").asText());

            JsonNode yes = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "d"), Map.of()).body())
                    .path("choices").get(0).path("message");
            assertEquals("yes", yes.path("content").asText());

            JsonNode ok = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "e"), Map.of()).body())
                    .path("choices").get(0).path("message");
            assertEquals(full, ok.path("content").asText());

            List<JournalEntry> j = s.journal();
            assertEquals(5, j.size());
            assertEquals(FaultKind.RATE_LIMITED, j.get(0).fault());
            assertEquals(429, j.get(0).status());
            assertEquals(FaultKind.LENGTH, j.get(1).fault());
            assertEquals(FaultKind.WRONG_TYPES, j.get(3).fault());
            assertNull(j.get(4).fault());
            j.forEach(e -> assertEquals(RequestKind.CHAT, e.kind()));
        }
    }

    @Test
    void aResponderChoosesTheFinishReasonANullContentOrAnErrorStatusAndSeesTheHeaders() throws Exception {
        ChatResponder scripted = call -> switch (call.prompt()) {
            case "cut" -> ChatReply.text("{\"score\": 0.1").withFinishReason("length");
            case "nothing" -> ChatReply.text(null);
            case "overloaded" -> ChatReply.error(503, "busy: " + call.header("X-Test"));
            default -> ChatReply.text("auth " + call.header("Authorization"));
        };
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(scripted))) {
            String url = s.baseUrl() + "/chat/completions";
            JsonNode cut = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "cut"), Map.of()).body())
                    .path("choices").get(0);
            assertEquals("length", cut.path("finish_reason").asText());
            assertEquals("{\"score\": 0.1", cut.path("message").path("content").asText());

            JsonNode none = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "nothing"), Map.of()).body())
                    .path("choices").get(0);
            assertTrue(none.path("message").path("content").isNull(), none.toString());
            assertEquals("stop", none.path("finish_reason").asText());

            HttpResponse<String> busy = RawHttp.post(url, chatBody("m", "overloaded"), Map.of("X-Test", "yes"));
            assertEquals(503, busy.statusCode());
            JsonNode error = Wire.MAPPER.readTree(busy.body()).path("error");
            assertEquals("busy: yes", error.path("message").asText());
            assertEquals("server_error", error.path("type").asText());

            JsonNode auth = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "who"),
                    Map.of("Authorization", "Bearer sk-responder")).body()).path("choices").get(0);
            assertEquals("auth Bearer sk-responder", auth.path("message").path("content").asText());

            List<JournalEntry> j = s.journal();
            assertEquals(List.of(200, 200, 503, 200), j.stream().map(JournalEntry::status).toList());
            assertEquals("busy: yes", j.get(2).error());
            j.forEach(e -> assertEquals(RequestKind.CHAT, e.kind()));
            assertTrue(j.stream().noneMatch(e -> e.toString().contains("sk-responder")), "no credential journaled");
        }
    }

    @Test
    void faultsOnANullContentReply() throws Exception {
        Faults faults = Faults.none()
                .withRule(FaultRule.onRequests(FaultKind.LENGTH, 1))
                .withRule(FaultRule.onRequests(FaultKind.WRONG_TYPES, 2));
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(call -> ChatReply.text(null)).withFaults(faults))) {
            String url = s.baseUrl() + "/chat/completions";
            JsonNode cut = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "a"), Map.of()).body())
                    .path("choices").get(0);
            assertEquals("length", cut.path("finish_reason").asText());
            assertTrue(cut.path("message").path("content").isNull());
            JsonNode wrong = Wire.MAPPER.readTree(RawHttp.post(url, chatBody("m", "b"), Map.of()).body())
                    .path("choices").get(0);
            assertEquals("yes", wrong.path("message").path("content").asText());
        }
    }

    @Test
    void aReplyIsAStatusOf200OrAnError() {
        assertThrows(IllegalArgumentException.class, () -> ChatReply.error(302, "moved"));
        assertThrows(NullPointerException.class, () -> ChatReply.text("x").withFinishReason(null));
        assertEquals(new ChatReply(200, "x", "stop"), ChatReply.text("x"));
    }

    @Test
    void wrongTypesKeepTheKeysOfAJsonObjectReplyButNotTheirTypes() {
        assertEquals(Wire.MAPPER.createObjectNode().put("score", true).put("reason", true),
                readJson(CompletionService.wrongTypes("{\"score\": 0.5, \"reason\": \"fine\"}")));
        assertEquals("yes", CompletionService.wrongTypes("Score: 0.5"));
        assertEquals("yes", CompletionService.wrongTypes("[0.5]"));
    }

    private static JsonNode readJson(String text) {
        try {
            return Wire.MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
