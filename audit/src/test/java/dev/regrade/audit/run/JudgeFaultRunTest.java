package dev.regrade.audit.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.policies.Fixture;
import dev.regrade.scripts.v2025_10_23.Scripts;
import java.net.ServerSocket;
import java.nio.file.Paths;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Judge faults in the HTTP mode of a real script run: retried where the original retries,
 * failed nodes where the original fails them, a clear error (never a hang, never silent zeros)
 * when the judge is gone.
 */
class JudgeFaultRunTest {
    private static final RunSpec SPEC = new RunSpec(Scripts.byName("rl_course_book").orElseThrow(), "fixed",
            Fixture.load(Paths.get("..", "fixtures", "rl_course_book", "fully-correct.json")), null, null);
    private static final String INSTRUCTORS = "instructor\\(s\\) for this course include Emma";

    private static JsonNode node(RunRecord r, String id) {
        return find(r.document().get("eval_breakdown").get(0).get("verification_tree"), id);
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
            JsonNode failedCall = r.document().get("regrade").get("judge_requests").get(0);
            assertTrue(r.document().get("regrade").get("judge_requests").findValues("error").size() >= 1,
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
}
