package dev.regrade.vereval;

import static dev.regrade.vereval.Fixtures.QID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Judge faults in VerEval's HTTP mode: the whole command ({@code regrade vereval …}, i.e.
 * {@link VerEvalMain#run}) against the fake judge, which answers the three stage prompts through a
 * {@link StageResponder} (fact 0.1, logic 0.6, consistency 0.8, so a clean run scores 78.0) and
 * misbehaves on demand. What the upstream runner does, and so what each test asserts:
 * <ul>
 *   <li>transport failures (a timeout, a refused or cut connection, HTTP 408/409/429/5xx) are retried
 *       by the OpenAI SDK, {@code --api-retries} times; when they persist the exception escapes
 *       {@code score_answer} and the sample becomes an error row named after the SDK exception
 *       ({@code APITimeoutError}, {@code APIConnectionError}, {@code RateLimitError},
 *       {@code InternalServerError}); it is not schema-retried;</li>
 *   <li>a body that is not JSON makes the SDK raise {@code JSONDecodeError} from {@code create()}, outside
 *       the schema-retry loop: an error row at once, no retry of either kind;</li>
 *   <li>an unusable reply (prose, a cut-off {@code finish_reason: "length"}, wrong types, empty) is
 *       schema-retried ({@code --schema-retries}, with the bad reply and a repair turn), and when every
 *       attempt fails the sample is an error row {@code "<stage>: invalid response after K attempts: …"};</li>
 *   <li>an error row is never a score: the summary counts it as failed, the average leaves it out, the
 *       exit status is 1.</li>
 * </ul>
 * Every run is bounded by a hang guard.
 */
class JudgeFaultTest {
    private static final Map<String, String> ENV = Map.of("VLLM_API_KEY", "TEST_TOKEN");
    private static final Duration GUARD = Duration.ofSeconds(30);
    private static FakeJudgeServer server;

    @TempDir
    Path tmp;

    private static final StageResponder STAGES = new StageResponder();

    @BeforeAll
    static void start() {
        server = STAGES.serve();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void clean() {
        server.useFaults(Faults.none());
        server.clearJournal();
        STAGES.clear();
    }

    @AfterEach
    void theJudgeSawTheKeyAndTheRightConsistencyInput() {
        assertEquals(List.of(), STAGES.problems());
    }

    /** What one command run left behind. */
    record Outcome(int status, String out, String err, List<ObjectNode> rows, JsonNode summary, List<JournalEntry> journal) {
        ObjectNode row() {
            assertEquals(1, rows.size(), "one row per sample: " + rows);
            return rows.get(0);
        }

        List<FaultKind> faults() {
            return journal.stream().map(JournalEntry::fault).toList();
        }
    }

    private Outcome run(String baseUrl, String... flags) {
        Path bench = tmp.resolve("bench.json");
        Path preds = tmp.resolve("pred.jsonl");
        Path output;
        try {
            output = Files.createTempDirectory(tmp, "run").resolve("out");
            Files.writeString(bench, "[" + Fixtures.truth() + "]");
            Files.writeString(preds, "{\"question_id\": \"" + QID + "\", \"prediction\": \"yes\"}\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>(List.of("--benchmark", bench.toString(), "--predictions", preds.toString(),
                "--backend", "vllm", "--model", "test-judge", "--base-url", baseUrl, "--output", output.toString(),
                "--workers", "1"));
        args.addAll(Arrays.asList(flags));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = assertTimeoutPreemptively(GUARD, () -> VerEvalMain.run(args.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                ENV), "VerEval hung");
        try {
            return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                    Rows.load(output.resolve("scores.jsonl")),
                    VerEvalJson.loads(Files.readString(output.resolve("summary.json"))),
                    server.isRunning() ? server.journal() : List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Outcome run(Faults faults, String... flags) {
        server.useFaults(faults);
        return run(server.baseUrl(), flags);
    }

    private static void assertScored(Outcome o) {
        assertEquals(0, o.status(), o.err());
        assertEquals("ok", o.row().get("status").asText());
        assertEquals(78.0, o.row().get("vereval_100").doubleValue());
        assertEquals(78.0, o.summary().get("micro_average").doubleValue());
        assertEquals(0, o.summary().get("failed").intValue());
    }

    /** An error row, never a zero: no score in the row, failed 1 in the summary, no average, exit 1. */
    private static void assertErrorRow(Outcome o, String errorType, String error) {
        assertEquals(1, o.status(), o.err());
        ObjectNode row = o.row();
        assertEquals("error", row.get("status").asText());
        assertEquals(errorType, row.get("error_type").asText(), row.toString());
        assertEquals(error, row.get("error").asText());
        assertFalse(row.has("vereval") || row.has("vereval_100") || row.has("judgments"), row.toString());
        assertEquals(1, o.summary().get("failed").intValue());
        assertEquals(0, o.summary().get("successful").intValue());
        assertTrue(o.summary().get("micro_average").isNull(), "never a silent zero: " + o.summary());
        assertFalse(o.summary().get("complete").booleanValue());
        assertTrue(o.out().contains("[1/1] " + QID + ": error\n"), o.out());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    private static String sdkStatusMessage(int status, String message, String type, String code) {
        return "Error code: " + status + " - {'error': {'message': '" + message + "', 'type': '" + type
                + "', 'param': None, 'code': " + (code == null ? "None" : "'" + code + "'") + "}}";
    }

    @Test
    void theCleanRunScores78OverThreeRequests() {
        Outcome o = run(Faults.none());
        assertScored(o);
        assertEquals(3, o.journal().size());
    }

    // ---- transport faults: retried by the SDK (--api-retries), an error row when they persist ----

    @Test
    void rateLimitThenSuccessIsRetried() {
        Outcome o = run(Faults.none().withRetryAfterSeconds(0).withRule(FaultRule.onRequests(FaultKind.RATE_LIMITED, 1)),
                "--api-retries", "1");
        assertScored(o);
        assertEquals(Arrays.asList(FaultKind.RATE_LIMITED, null, null, null), o.faults());
    }

    @ParameterizedTest
    @CsvSource({"SERVER_ERROR", "UNAVAILABLE"})
    void aBurstWithinTheApiRetriesIsRetried(FaultKind fault) {
        Outcome o = run(Faults.none().withRule(FaultRule.onRequests(fault, 2, 3)), "--api-retries", "2");
        assertScored(o);
        assertEquals(Arrays.asList(null, fault, fault, null, null), o.faults());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SERVER_ERROR | 500 | InternalServerError | The server had an error while processing your request (fake judge fault). | server_error | ",
            "UNAVAILABLE  | 503 | InternalServerError | The server is overloaded or not ready yet (fake judge fault).               | server_error | ",
            "RATE_LIMITED | 429 | RateLimitError      | Rate limit reached (fake judge fault).                                      | requests     | rate_limit_exceeded"})
    void aBurstBeyondTheApiRetriesIsAnErrorRow(FaultKind fault, int status, String type, String message, String errType,
                                               String code) {
        Outcome o = run(Faults.none().withRetryAfterSeconds(0).withRule(FaultRule.always(fault)), "--api-retries", "1");
        assertErrorRow(o, type, sdkStatusMessage(status, message, errType, code));
        assertEquals(List.of(fault, fault), o.faults(), "one attempt and one SDK retry, no schema retry");
    }

    @Test
    void latencyPastTheTimeoutIsRetriedThenAnErrorRow() {
        Outcome o = run(Faults.none().withLatency(Duration.ofMillis(1500)), "--timeout", "0.3", "--api-retries", "1");
        assertErrorRow(o, "APITimeoutError", "Request timed out.");
        assertEquals(2, o.journal().size());
    }

    @Test
    void oneStalledReplyIsRetriedAndScored() {
        Outcome o = run(Faults.none().withStall(Duration.ofSeconds(3)).withRule(FaultRule.onRequests(FaultKind.STALLED, 2)),
                "--timeout", "0.5", "--api-retries", "1");
        assertScored(o);
        assertEquals(Arrays.asList(null, FaultKind.STALLED, null, null), o.faults());
    }

    @Test
    void aReplyCutInTransitIsRetriedLikeAConnectionError() {
        assertScored(run(Faults.none().withRule(FaultRule.onRequests(FaultKind.CUT_OFF, 1)), "--api-retries", "1"));
        server.clearJournal();
        Outcome o = run(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF)), "--api-retries", "1");
        assertErrorRow(o, "APIConnectionError", "Connection error.");
        assertEquals(2, o.journal().size());
    }

    @Test
    void aDeadServerIsAnErrorRowQuickly() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Outcome o = run("http://127.0.0.1:" + port + "/v1", "--api-retries", "1", "--timeout", "2");
        assertErrorRow(o, "APIConnectionError", "Connection error.");
        // stdout is the original's (the bare status); the reason reaches the terminal on stderr
        assertTrue(o.out().contains("[1/1] " + QID + ": error\n"), o.out());
        assertFalse(o.out().contains("Connection error."), o.out());
        assertTrue(o.err().contains("regrade vereval: " + QID + " failed: APIConnectionError: Connection error.\n"),
                o.err());
        assertTrue(o.err().contains("regrade vereval: 1 of 1 samples failed (each row's error is in "), o.err());
        assertTrue(o.err().contains("  1 × APIConnectionError: Connection error.\n"), o.err());
    }

    // ---- bad replies ----

    @Test
    void aBodyThatIsNotJsonIsAnErrorRowWithoutRetry() {
        Outcome o = run(Faults.none().withRule(FaultRule.onRequests(FaultKind.MALFORMED_BODY, 1)), "--api-retries", "2");
        assertEquals(1, o.status());
        ObjectNode row = o.row();
        assertEquals("JSONDecodeError", row.get("error_type").asText());
        assertTrue(row.get("error").asText().startsWith("the judge's reply body is not JSON: "), row.toString());
        assertErrorRow(o, "JSONDecodeError", row.get("error").asText());
        assertEquals(List.of(FaultKind.MALFORMED_BODY), o.faults(), "raised by create(): neither retry applies");
    }

    @ParameterizedTest
    @CsvSource({"MALFORMED_CONTENT", "LENGTH", "WRONG_TYPES", "MISSING_RESULT"})
    void oneUnusableReplyIsSchemaRetriedWithARepairTurn(FaultKind fault) {
        Outcome o = run(Faults.none().withRule(FaultRule.onRequests(fault, 1)));
        assertScored(o);
        assertEquals(Arrays.asList(fault, null, null, null), o.faults());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "MALFORMED_CONTENT | Invalid JSON: ",
            "LENGTH            | Invalid JSON: ",
            "WRONG_TYPES       | Judge must return an object with numeric score and reason",
            "MISSING_RESULT    | Expecting value: line 1 column 1 (char 0)"})
    void anUnusableReplyOnEveryAttemptIsAnErrorRowNamingTheStage(FaultKind fault, String why) {
        Outcome o = run(Faults.none().withRule(FaultRule.always(fault)), "--schema-retries", "2");
        String error = o.row().path("error").asText();
        assertTrue(error.startsWith("fact: invalid response after 3 attempts: " + why), error);
        assertErrorRow(o, "ValueError", error);
        assertEquals(List.of(fault, fault, fault), o.faults(), "three attempts of the fact stage, then nothing");
    }
}
