package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every fault of the fake judge, as the HTTP client meets it. */
class FaultHandlingTest {
    private static FakeJudgeServer server;
    private RecordingSleeper sleeper;
    private HttpJudgeClient client;

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withExtractor(r -> JsonNodeFactory.instance.objectNode().put("name", "Ada")));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.useFaults(Faults.none());
        server.clearJournal();
        sleeper = new RecordingSleeper();
        client = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl()).withSleeper(sleeper)
                .withTimeout(Duration.ofSeconds(5)));
    }

    private static JudgeRequest request(String claim) {
        return TestPrompts.simpleRequest("node", claim, 1);
    }

    private List<FaultKind> faultsInJournal() {
        return server.journal().stream().map(JournalEntry::fault).toList();
    }

    @Test
    void aRateLimitIsRetriedAfterRetryAfterAndThenSucceeds() {
        server.useFaults(Faults.none().withRetryAfterSeconds(3)
                .withRule(FaultRule.always(FaultKind.RATE_LIMITED).withTimes(1)));
        assertEquals(true, client.judge(request("c")).result());
        assertEquals(Arrays.asList(FaultKind.RATE_LIMITED, null), faultsInJournal());
        assertEquals(List.of(429, 200), server.journal().stream().map(JournalEntry::status).toList());
        assertEquals(List.of(Duration.ofSeconds(3)), sleeper.waits);
    }

    @Test
    void retryAfterIsCappedByTheMaximumBackoff() {
        server.useFaults(Faults.none().withRetryAfterSeconds(120)
                .withRule(FaultRule.always(FaultKind.RATE_LIMITED).withTimes(1)));
        HttpJudgeClient capped = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl()).withSleeper(sleeper)
                .withBackoff(Duration.ofMillis(100), Duration.ofSeconds(2)));
        assertTrue(capped.judge(request("c")).result());
        assertEquals(List.of(Duration.ofSeconds(2)), sleeper.waits);
    }

    @Test
    void aServerErrorBurstWithinTheRetriesSucceeds() {
        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.UNAVAILABLE).withTimes(2)));
        assertTrue(client.judge(request("c")).result());
        assertEquals(Arrays.asList(FaultKind.UNAVAILABLE, FaultKind.UNAVAILABLE, null), faultsInJournal());
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1)), sleeper.waits);
    }

    @ParameterizedTest
    @CsvSource({"SERVER_ERROR, 500", "UNAVAILABLE, 503", "RATE_LIMITED, 429"})
    void aBurstBeyondTheRetriesIsAClearError(FaultKind fault, int status) {
        server.useFaults(Faults.none().withRule(FaultRule.always(fault)));
        JudgeHttpException e = assertThrows(JudgeHttpException.class, () -> client.judge(request("c")));
        assertEquals(status, e.status());
        assertEquals(3, e.attempts());
        assertTrue(e.getMessage().contains("verification of node 'node' (vote 1)"), e.getMessage());
        assertTrue(e.getMessage().contains("answered HTTP " + status + ", gave up after 3 attempts"), e.getMessage());
        assertTrue(e.getMessage().contains("fake judge fault"), e.getMessage());
        assertEquals(3, server.journal().size());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "MALFORMED_BODY    | the body is not valid JSON",
            "MALFORMED_CONTENT | choices[0].message.content is not JSON: Sure!",
            "LENGTH            | the answer was cut off (finish_reason \"length\")",
            "MISSING_RESULT    | the content lacks \"result\"",
            "WRONG_TYPES       | \"result\" is not a valid boolean (got array [true])"})
    void aMalformedReplyIsAJudgeReplyExceptionAndIsNotRetried(FaultKind fault, String expected) {
        server.useFaults(Faults.none().withRule(FaultRule.onRequests(fault, 1)));
        JudgeReplyException e = assertThrows(JudgeReplyException.class, () -> client.judge(request("c")));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("verification of node 'node' (vote 1): unusable reply from http://127.0.0.1:"),
                e.getMessage());
        assertEquals(List.of(fault), faultsInJournal());
        assertEquals(new JudgeReply("Supported under the offline rule accept.", true), client.judge(request("c")),
                "request 2 is not faulted");
    }

    @Test
    void faultsCanTargetClaimsByPattern() {
        server.useFaults(Faults.none().withRule(FaultRule.onClaim(FaultKind.WRONG_TYPES, "/Texaco|BP/")));
        assertTrue(client.judge(request("The station is a Shell.")).result());
        assertThrows(JudgeReplyException.class, () -> client.judge(request("The station is a Texaco.")));
        assertThrows(JudgeReplyException.class, () -> client.judge(request("The station is a BP.")));
        assertEquals(Arrays.asList(null, FaultKind.WRONG_TYPES, FaultKind.WRONG_TYPES), faultsInJournal());
    }

    @Test
    void aBadExtractionReplyIsAJudgeReplyException() {
        ExtractionRequest r = new ExtractionRequest("person", "Person",
                JsonNodeFactory.instance.objectNode().put("type", "object"), "Extract.", null, List.of(), false);
        assertEquals("Ada", client.extract(r).path("name").asText());
        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.WRONG_TYPES).withKind(RequestKind.EXTRACT)));
        JudgeReplyException e = assertThrows(JudgeReplyException.class, () -> client.extract(r));
        assertTrue(e.getMessage().startsWith("extraction 'person': "), e.getMessage());
        assertTrue(e.getMessage().contains("not a JSON object"), e.getMessage());
        assertTrue(client.judge(request("c")).result(), "the rule is for extractions only");
    }

    @Test
    void latencyWithinTheTimeoutIsWaitedFor() {
        server.useFaults(Faults.none().withLatency(Duration.ofMillis(150)));
        long t0 = System.nanoTime();
        assertTrue(client.judge(request("c")).result());
        assertTrue(System.nanoTime() - t0 >= 150_000_000L);
    }

    @Test
    void latencyBeyondTheTimeoutIsRetriedThenATimeoutError() {
        server.useFaults(Faults.none().withLatency(Duration.ofMillis(3000)));
        HttpJudgeClient impatient = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl()).withSleeper(sleeper)
                .withTimeout(Duration.ofMillis(300)));
        long t0 = System.nanoTime();
        JudgeTimeoutException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(JudgeTimeoutException.class, () -> impatient.judge(request("c"))));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 3 * 250, "gave up after " + ms + " ms: three attempts of 300 ms expected");
        assertEquals("verification of node 'node' (vote 1): no reply from the judge at " + server.baseUrl()
                + "/chat/completions within 300 ms, gave up after 3 attempts", e.getMessage());
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1)), sleeper.waits,
                "a timeout is retried, as the original's OpenAI client retries APITimeoutError");
        assertEquals(3, server.journal().size());
    }

    @Test
    void oneStalledReplyIsRetriedAndTheRetryIsUsed() {
        server.useFaults(Faults.none().withStall(Duration.ofSeconds(5))
                .withRule(FaultRule.always(FaultKind.STALLED).withTimes(1)));
        HttpJudgeClient impatient = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl()).withSleeper(sleeper)
                .withTimeout(Duration.ofMillis(500)));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertTrue(impatient.judge(request("c")).result()));
        assertEquals(Arrays.asList(FaultKind.STALLED, null), faultsInJournal());
        assertEquals(List.of(Duration.ofMillis(500)), sleeper.waits);
    }

    @Test
    void aReplyCutOffInTransitIsRetriedLikeAConnectionError() {
        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF).withTimes(2)));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertTrue(client.judge(request("c")).result()));
        assertEquals(Arrays.asList(FaultKind.CUT_OFF, FaultKind.CUT_OFF, null), faultsInJournal());
        assertEquals(2, sleeper.waits.size());

        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF)));
        server.clearJournal();
        JudgeClientException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(JudgeClientException.class, () -> client.judge(request("c"))));
        assertTrue(e.getMessage().startsWith("verification of node 'node' (vote 1): cannot reach the judge at "
                + server.baseUrl() + "/chat/completions, gave up after 3 attempts: "), e.getMessage());
        assertEquals(3, server.journal().size());
    }

    @Test
    void aDeadServerIsAClearErrorFast() {
        FakeJudgeServer dead = FakeJudgeServer.start(FakeJudgeConfig.defaults());
        String url = dead.baseUrl();
        dead.stop();
        HttpJudgeClient c = new HttpJudgeClient(HttpJudgeConfig.of(url).withSleeper(sleeper));
        long t0 = System.nanoTime();
        JudgeClientException e = assertThrows(JudgeClientException.class, () -> c.judge(request("c")));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 2000, "failed after " + ms + " ms");
        assertTrue(e.getMessage().contains("cannot reach the judge at " + url + "/chat/completions, "
                + "gave up after 3 attempts: connection refused"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), "no Java class name: " + e.getMessage());
        assertEquals(2, sleeper.waits.size(), "connection errors are retried");
    }

    @Test
    void anExtractorFailureIsAnHttpErrorThatIsNotRetried() {
        server.useExtractor(r -> {
            throw new IllegalStateException("no fixture value for " + r.extractionName());
        });
        try {
            ExtractionRequest r = new ExtractionRequest("station_3_details", "Station",
                    JsonNodeFactory.instance.objectNode(), "Extract.", null, List.of(), false);
            JudgeHttpException e = assertThrows(JudgeHttpException.class, () -> client.extract(r));
            assertEquals(400, e.status());
            assertTrue(e.getMessage().contains("no fixture value for station_3_details"), e.getMessage());
            assertEquals(1, server.journal().size());
            assertTrue(sleeper.waits.isEmpty());
        } finally {
            server.useExtractor(r -> JsonNodeFactory.instance.objectNode().put("name", "Ada"));
        }
    }
}
