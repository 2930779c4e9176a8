package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit's judge replies served over HTTP by the fake judge, through {@link OpenAiChatReplySource}. */
class JudgeOverHttpTest {
    @TempDir
    Path tmp;

    @Test
    void everyStyleOverHttpRepliesExactlyAsInProcess() throws Exception {
        List<String> prompts = List.of(
                ConvQaScorer.judgePrompt("What is on the table?", "A red cup.", "A red cup."),
                ConvQaScorer.judgePrompt("What is on the table?", "A red cup.", "A red"),
                ConvQaScorer.judgePrompt("What is on the table?", "A red cup.", "I am not sure."));
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(JudgeStyle.responder()))) {
            for (JudgeStyle style : JudgeStyle.values()) {
                JudgeReplySource http = new OpenAiChatReplySource(server.baseUrl(), style.model(), null);
                for (String p : prompts) {
                    assertEquals(style.inProcess().reply(p), http.reply(p), style + " / " + p);
                }
            }
            List<JournalEntry> journal = server.journal();
            assertEquals(JudgeStyle.values().length * prompts.size(), journal.size());
            for (JournalEntry e : journal) {
                assertEquals(RequestKind.CHAT, e.kind());
                assertEquals(200, e.status());
            }
            // An unknown model is declined: the fake judge's own reply, which holds no score the parsers read.
            JudgeReplySource unknown = new OpenAiChatReplySource(server.baseUrl(), "gpt-4o", null);
            assertTrue(unknown.reply(prompts.get(0)).textValue().startsWith("Offline reply of Regrade's fake judge"));
        }
    }

    @Test
    void theServedJudgeRulesThePredictedAnswerAndRepliesInTheChosenStyle() throws Exception {
        String right = ConvQaScorer.judgePrompt("What is on the table?", "A red cup.", "A red cup.");
        String wrong = ConvQaScorer.judgePrompt("What is on the table?", "A red cup.", "A blue plate.");
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withRules(dev.regrade.rubric.port.VerdictRules.accept().withReject(List.of("blue")))
                .withResponder(JudgeStyle.ruledResponder(JudgeStyle.RATING)))) {
            JudgeReplySource any = new OpenAiChatReplySource(server.baseUrl(), "Qwen/Qwen2.5-7B-Instruct", null);
            assertEquals("Rating: 5 out of 5", any.reply(right).textValue());
            assertEquals("Rating: 1 out of 5", any.reply(wrong).textValue());
            JudgeReplySource bold = new OpenAiChatReplySource(server.baseUrl(), JudgeStyle.BOLD.model(), null);
            assertEquals("**1.0**", bold.reply(right).textValue(), "a style's model name chooses its style");
            assertTrue(any.reply("Rate this.").textValue().startsWith("Offline reply"), "another prompt is not the ConvQA judge's");
        }
        assertEquals(1.0, JudgeParse.released("Rating: 5 out of 5"));
        assertEquals(new JudgeParse.Parsed(0.0, false), JudgeParse.fixed("Rating: 5 out of 5"));
        assertEquals(JudgeStyle.RATING, JudgeStyle.bySlug("rating"));
        assertEquals(List.of(JudgeStyle.values()).subList(0, 10), JudgeStyle.AUDITED);
    }

    @Test
    void noApiKeySetMeansNoAuthorizationHeader() throws Exception {
        List<Map<String, List<String>>> seen = new ArrayList<>();
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/v1/chat/completions", ex -> {
            synchronized (seen) {
                seen.add(Map.copyOf(ex.getRequestHeaders()));
            }
            ex.getRequestBody().readAllBytes();
            byte[] body = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"0.5\"}}]}"
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        http.start();
        try {
            String base = "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
            Duration t = Duration.ofSeconds(10);
            assertEquals("0.5", source(base, ApiKey.fromEnv(null, name -> "sk-never"), t).reply("p").textValue());
            assertEquals("0.5", source(base, ApiKey.fromEnv("JUDGE_KEY", name -> null), t).reply("p").textValue());
            assertEquals("0.5", source(base, ApiKey.fromEnv("JUDGE_KEY", name -> ""), t).reply("p").textValue());
            assertEquals("0.5", source(base, ApiKey.fromEnv("JUDGE_KEY",
                    name -> name.equals("JUDGE_KEY") ? "sk-test" : null), t).reply("p").textValue());
            assertEquals(4, seen.size());
            for (int i = 0; i < 3; i++) {
                assertFalse(seen.get(i).containsKey("Authorization"), "request " + i + ": " + seen.get(i));
            }
            assertEquals(List.of("Bearer sk-test"), seen.get(3).get("Authorization"));
        } finally {
            http.stop(0);
        }
    }

    private static OpenAiChatReplySource source(String baseUrl, ApiKey key, Duration timeout) {
        return new OpenAiChatReplySource(OpenAiChatReplySource.config(baseUrl, "m", key).withTimeout(timeout)
                .withConnectTimeout(timeout));
    }

    @Test
    void theStarterKitsErrorsNoRetryOfAStatusOneResendAfterATransportErrorAndTheKeyInNoMessage() throws Exception {
        String key = "sk_wearable_Z9SECRET";
        ApiKey fromEnv = ApiKey.fromEnv("JUDGE_KEY", name -> key);
        List<String> messages = new ArrayList<>();
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(call -> ChatReply.text("key " + call.header("Authorization"))))) {
            OpenAiChatReplySource judge = source(server.baseUrl(), fromEnv, Duration.ofSeconds(10));
            assertEquals("key Bearer " + key, judge.reply("p").textValue(), "the key goes out as a bearer token");
            server.clearJournal();
            server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.UNAVAILABLE)));
            messages.add(assertThrows(IOException.class, () -> judge.reply("p")).getMessage());
            assertEquals("HTTP Error 503", messages.get(0));
            assertEquals(List.of(503), statuses(server), "a status is never retried");

            server.clearJournal();
            server.useFaults(Faults.none().withRule(FaultRule.onRequests(FaultKind.CUT_OFF, 1)));
            assertEquals("key Bearer " + key, judge.reply("p").textValue(), "resent once after a cut connection");
            assertEquals(2, server.journal().size());
            server.clearJournal();
            server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF)));
            messages.add(String.valueOf(assertThrows(IOException.class, () -> judge.reply("p")).getMessage()));
            assertEquals(2, server.journal().size(), "one resend, then the error");

            server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.MALFORMED_BODY)));
            messages.add(assertThrows(IOException.class, () -> judge.reply("p")).getMessage());
            messages.add(judge.toString());
            assertTrue(judge.toString().contains("api key from $JUDGE_KEY"), judge.toString());
        }
        for (String m : messages) {
            assertFalse(m.contains(key), m);
        }
        // A body that is not JSON but the echoed key: Jackson's message would quote it as the bad token.
        HttpServer echo = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        echo.createContext("/v1/chat/completions", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] body = ex.getRequestHeaders().getFirst("Authorization").substring("Bearer ".length())
                    .getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        echo.start();
        try {
            OpenAiChatReplySource judge = source("http://127.0.0.1:" + echo.getAddress().getPort() + "/v1", fromEnv,
                    Duration.ofSeconds(10));
            String m = assertThrows(IOException.class, () -> judge.reply("p")).getMessage();
            assertTrue(m.contains("[redacted]"), m);
            assertFalse(m.contains(key), m);
        } finally {
            echo.stop(0);
        }
    }

    private static List<Integer> statuses(FakeJudgeServer server) {
        return server.journal().stream().map(JournalEntry::status).toList();
    }

    @Test
    void theHttpAuditMatchesTheInProcessAudit() {
        List<WearableAudit.Scenario> overHttp = WearableAudit.run(tmp.resolve("http"), 7);
        List<WearableAudit.Scenario> inProcess = WearableAudit.runInProcess(tmp.resolve("in-process"), 7);
        assertEquals(inProcess, overHttp);
        assertTrue(overHttp.stream().anyMatch(s -> s.id().equals("judge-plain")));
        assertNull(JudgeStyle.forModel("gpt-4o"));
    }
}
