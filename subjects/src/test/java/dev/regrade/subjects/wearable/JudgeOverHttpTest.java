package dev.regrade.subjects.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
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
            // An unknown model is declined: HTTP 400, which the scorer counts as a failed judge request.
            JudgeReplySource unknown = new OpenAiChatReplySource(server.baseUrl(), "gpt-4o", null);
            IOException e = assertThrows(IOException.class, () -> unknown.reply(prompts.get(0)));
            assertEquals("HTTP Error 400", e.getMessage());
        }
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
            assertEquals("0.5", new OpenAiChatReplySource(base, "m", null, name -> "sk-never", t).reply("p"));
            assertEquals("0.5", new OpenAiChatReplySource(base, "m", "JUDGE_KEY", name -> null, t).reply("p"));
            assertEquals("0.5", new OpenAiChatReplySource(base, "m", "JUDGE_KEY", name -> "", t).reply("p"));
            assertEquals("0.5", new OpenAiChatReplySource(base, "m", "JUDGE_KEY",
                    name -> name.equals("JUDGE_KEY") ? "sk-test" : null, t).reply("p"));
            assertEquals(4, seen.size());
            for (int i = 0; i < 3; i++) {
                assertFalse(seen.get(i).containsKey("Authorization"), "request " + i + ": " + seen.get(i));
            }
            assertEquals(List.of("Bearer sk-test"), seen.get(3).get("Authorization"));
        } finally {
            http.stop(0);
        }
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
