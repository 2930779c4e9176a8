package dev.regrade.audit.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.policies.Fixture;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScripts;
import java.net.ServerSocket;
import java.nio.file.Paths;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Judge faults in the HTTP mode of a real script run: retried where the original retries (HTTP
 * 429/500/503, timeouts, connection errors and replies cut in transit: the original's OpenAI client
 * retries them all), failed nodes where the original fails them (a malformed, truncated or
 * wrong-typed reply), a clear error (never a hang, never silent zeros) when the judge is gone or
 * keeps failing. The original's backoff has no limit and would wait forever; the port gives up after
 * its retry budget and abandons the run (exit 3), which is the only departure.
 */
class JudgeFaultRunTest {
    private static final RunSpec SPEC = new RunSpec(RubricScripts.byName("rl_course_book").orElseThrow(), "fixed",
            Fixture.load(Paths.get("..", "fixtures", "rl_course_book", "fully-correct.json")), null, null);
    private static final String INSTRUCTORS = "instructor\\(s\\) for this course include Emma";

    private static JsonNode node(RunRecord r, String id) {
        return find(json(r).get("eval_breakdown").get(0).get("verification_tree"), id);
    }

    /** The result document as its file holds it. */
    private static JsonNode json(RunRecord r) {
        return ResultJson.toJson(r.document());
    }

    private static JsonNode find(JsonNode n, String id) {
        if (n.get("id").asText().equals(id)) {
            return n;
        }
        for (JsonNode c : n.get("children")) {
            JsonNode f = find(c, id);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static RunRecord run(Faults faults) {
        try (Runner runner = new Runner().withFaults(faults)) {
            return runner.run(SPEC, JudgeMode.HTTP);
        }
    }

    @Test
    void rateLimitsAndServerErrorsWithinTheRetryBudgetAreInvisible() {
        RunRecord clean;
        try (Runner runner = new Runner()) {
            clean = runner.run(SPEC, JudgeMode.IN_PROCESS);
        }
        RunRecord faulty = run(Faults.none().withRetryAfterSeconds(0)
                .withRule(FaultRule.onRequests(FaultKind.RATE_LIMITED, 1, 5))
                .withRule(FaultRule.onRequests(FaultKind.UNAVAILABLE, 9))
                .withRule(FaultRule.onRequests(FaultKind.SERVER_ERROR, 12)));
        assertEquals(clean.fileText(), faulty.fileText());
        assertEquals(1.0, faulty.finalScore());
    }

    @Test
    void malformedTruncatedAndWrongTypedRepliesFailTheirNodeAsInTheOriginal() {
        for (FaultKind kind : new FaultKind[] {FaultKind.MALFORMED_BODY, FaultKind.MALFORMED_CONTENT, FaultKind.LENGTH,
                FaultKind.MISSING_RESULT, FaultKind.WRONG_TYPES}) {
            RunRecord r = run(Faults.none().withRule(FaultRule.onClaim(kind, "/" + INSTRUCTORS + "/")));
            JsonNode n = node(r, "stanford_instructors_correct");
            assertEquals("failed", n.get("status").asText(), kind + " fails the node");
            assertEquals("passed", node(r, "cmu_instructors_correct").get("status").asText(), kind + " elsewhere");
            assertEquals(0.75, r.finalScore(), kind + ": one wrong instructor under the fixed variant");
            JsonNode failedCall = json(r).get("regrade").get("judge_requests").get(0);
            assertTrue(json(r).get("regrade").get("judge_requests").findValues("error").size() >= 1,
                    kind + ": the failed request is journaled with its error");
            assertTrue(failedCall.has("verdict"));
        }
    }

    @Test
    void aPersistentServerErrorAbandonsTheRunWithAClearError() {
        JudgeUnavailableException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(
                JudgeUnavailableException.class,
                () -> run(Faults.none().withRule(FaultRule.always(FaultKind.UNAVAILABLE)))));
        assertTrue(e.getMessage().startsWith("the judge did not answer ("), e.getMessage());
        assertTrue(e.getMessage().contains("503"), e.getMessage());
    }

    @Test
    void aDeadJudgeGivesAClearErrorQuickly() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        HttpJudgeConfig dead = HttpJudgeConfig.of("http://127.0.0.1:" + port + "/v1")
                .withConnectTimeout(Duration.ofSeconds(1)).withTimeout(Duration.ofSeconds(2))
                .withBackoff(Duration.ofMillis(10), Duration.ofMillis(20));
        JudgeUnavailableException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(
                JudgeUnavailableException.class, () -> {
                    try (Runner runner = new Runner().withEndpoint(dead)) {
                        runner.run(SPEC, JudgeMode.HTTP);
                    }
                }));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    /** A run through the HTTP client against our own fake judge, with a short client timeout. */
    private static RunRecord runImpatiently(Faults faults, Duration timeout, java.util.List<JournalEntry> journal) {
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withRules(SPEC.world().verdictRules()).withExtractor(SPEC.world().extractor("rl_course_book"))
                .withFaults(faults))) {
            HttpJudgeConfig config = HttpJudgeConfig.of(server.baseUrl()).withTimeout(timeout)
                    .withBackoff(Duration.ofMillis(10), Duration.ofMillis(20));
            try (Runner runner = new Runner().withEndpoint(config)) {
                return runner.run(SPEC, JudgeMode.HTTP);
            } finally {
                journal.addAll(server.journal());
            }
        }
    }

    @Test
    void latencyPastTheTimeoutIsRetriedThenAbandonsTheRunWithAClearError() {
        java.util.List<JournalEntry> journal = new java.util.ArrayList<>();
        JudgeUnavailableException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(
                JudgeUnavailableException.class,
                () -> runImpatiently(Faults.none().withLatency(Duration.ofMillis(1500)), Duration.ofMillis(300),
                        journal)));
        assertTrue(e.getMessage().startsWith("the judge did not answer (extraction '"), e.getMessage());
        assertTrue(e.getMessage().contains("no reply from the judge at http://127.0.0.1:"), e.getMessage());
        assertTrue(e.getMessage().contains(" within 300 ms, gave up after 3 attempts); the run was abandoned"),
                e.getMessage());
        assertEquals(3, journal.size(), "the first request, tried three times, and nothing after it");
    }

    @Test
    void aStalledReplyAndRepliesCutInTransitWithinTheRetryBudgetAreInvisible() {
        RunRecord clean;
        try (Runner runner = new Runner()) {
            clean = runner.run(SPEC, JudgeMode.IN_PROCESS);
        }
        java.util.List<JournalEntry> journal = new java.util.ArrayList<>();
        RunRecord faulty = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> runImpatiently(Faults.none()
                .withStall(Duration.ofSeconds(3))
                .withRule(FaultRule.onRequests(FaultKind.STALLED, 3))
                .withRule(FaultRule.onRequests(FaultKind.CUT_OFF, 6, 7)), Duration.ofMillis(1000), journal));
        assertEquals(clean.fileText(), faulty.fileText());
        assertEquals(java.util.Arrays.asList(FaultKind.STALLED, FaultKind.CUT_OFF, FaultKind.CUT_OFF),
                journal.stream().map(JournalEntry::fault).filter(java.util.Objects::nonNull).toList());
    }
}
