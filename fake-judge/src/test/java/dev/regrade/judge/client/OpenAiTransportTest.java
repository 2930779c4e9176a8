package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The transport under each named policy against the fake judge's faults: how many attempts, which
 * waits it asks the {@link Sleeper} for, whether {@code Retry-After} counts; and the API key in no
 * message, no {@code toString} and no log line.
 */
class OpenAiTransportTest {
    private static final String KEY = "sk-transport-Q7SECRET";
    private static final String CHAT = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static FakeJudgeServer server;
    private final RecordingSleeper sleeper = new RecordingSleeper();

    /** The three named policies, as their clients use them. */
    enum Named {
        MIND2WEB2(RetryPolicy.MIND2WEB2), VEREVAL(RetryPolicy.VEREVAL),
        WEARABLE_STARTER_KIT(RetryPolicy.WEARABLE_STARTER_KIT);

        final RetryPolicy policy;

        Named(RetryPolicy policy) {
            this.policy = policy;
        }
    }

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(call -> ChatReply.text("ok")));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    private OpenAiTransport transport(RetryPolicy policy) {
        return transport(server.baseUrl(), policy);
    }

    private OpenAiTransport transport(String baseUrl, RetryPolicy policy) {
        return new OpenAiTransport(HttpJudgeConfig.of(baseUrl).withRetry(policy).withSleeper(sleeper)
                .withApiKey(ApiKey.of(KEY)).withTimeout(Duration.ofSeconds(5)));
    }

    private OpenAiTransport.Response post(OpenAiTransport t) throws TransportException {
        return t.post(CHAT, Map.of());
    }

    /** One request under these faults (the journal cleared first). */
    private OpenAiTransport.Response post(Faults faults, RetryPolicy policy) throws TransportException {
        server.useFaults(faults);
        server.clearJournal();
        return post(transport(policy));
    }

    private static void assertAnswer(OpenAiTransport.Response r, int status, int attempts, boolean gaveUp) {
        assertEquals(List.of(status, attempts, gaveUp), List.of(r.status(), r.attempts(), r.gaveUp()),
                "status, attempts, gave up");
    }

    private List<FaultKind> faults() {
        return server.journal().stream().map(JournalEntry::fault).toList();
    }

    // ---- Mind2Web 2 ----

    @Test
    void mind2web2RetriesAServerErrorBurstTwiceFromHalfASecond() throws Exception {
        assertAnswer(post(Faults.none().withRule(FaultRule.always(FaultKind.UNAVAILABLE)), RetryPolicy.MIND2WEB2),
                503, 3, true);
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1)), sleeper.waits);
    }

    @Test
    void mind2web2WaitsRetryAfterCappedAt8Seconds() throws Exception {
        for (int seconds : new int[] {3, 120}) {
            assertAnswer(post(Faults.none().withRetryAfterSeconds(seconds)
                    .withRule(FaultRule.onRequests(FaultKind.RATE_LIMITED, 1)), RetryPolicy.MIND2WEB2), 200, 2, false);
        }
        assertEquals(List.of(Duration.ofSeconds(3), Duration.ofSeconds(8)), sleeper.waits);
    }

    @Test
    void mind2web2RetriesAReplyCutInTransitThenGivesUp() {
        TransportException e = assertThrows(TransportException.class,
                () -> post(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF)), RetryPolicy.MIND2WEB2));
        assertEquals(TransportException.Failure.CONNECTION, e.failure());
        assertEquals("CONNECTION after 3 attempts", e.getMessage());
        assertEquals(3, server.journal().size());
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1)), sleeper.waits);
    }

    // ---- VerEval (the OpenAI Python SDK) ----

    @Test
    void veRevalRetriesWithJitteredBackoffAndHonoursRetryAfter() throws Exception {
        assertAnswer(post(Faults.none().withRetryAfterSeconds(2)
                .withRule(FaultRule.onRequests(FaultKind.SERVER_ERROR, 1))
                .withRule(FaultRule.onRequests(FaultKind.RATE_LIMITED, 2))
                .withRule(FaultRule.onRequests(FaultKind.UNAVAILABLE, 3)), RetryPolicy.VEREVAL.withMaxRetries(3)),
                200, 4, false);
        assertEquals(Arrays.asList(FaultKind.SERVER_ERROR, FaultKind.RATE_LIMITED, FaultKind.UNAVAILABLE, null), faults());
        assertEquals(3, sleeper.waits.size());
        assertBetween(sleeper.waits.get(0), 0.375, 0.5);
        assertEquals(Duration.ofSeconds(2), sleeper.waits.get(1), "Retry-After, not the backoff");
        assertBetween(sleeper.waits.get(2), 1.5, 2.0);
    }

    @Test
    void veRevalIgnoresAZeroRetryAfterAndStopsAtItsBudget() throws Exception {
        assertAnswer(post(Faults.none().withRetryAfterSeconds(0).withRule(FaultRule.always(FaultKind.RATE_LIMITED)),
                RetryPolicy.VEREVAL.withMaxRetries(1)), 429, 2, true);
        assertEquals(1, sleeper.waits.size());
        assertBetween(sleeper.waits.get(0), 0.375, 0.5);
    }

    @Test
    void veRevalRetriesATimeout() throws InterruptedException {
        server.useFaults(Faults.none().withLatency(Duration.ofMillis(1500)));
        server.clearJournal();
        OpenAiTransport t = new OpenAiTransport(HttpJudgeConfig.of(server.baseUrl()).withSleeper(sleeper)
                .withRetry(RetryPolicy.VEREVAL.withMaxRetries(1)).withTimeout(Duration.ofMillis(300)));
        TransportException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(TransportException.class, () -> post(t)));
        assertEquals(TransportException.Failure.TIMEOUT, e.failure());
        assertEquals("TIMEOUT after 2 attempts", e.getMessage());
        assertEquals(1, sleeper.waits.size());
        // Both attempts reach the server, perhaps after the client gave up on a loaded machine: wait for
        // them, so that the next test's fault numbering does not count them.
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (server.journal().size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(2, server.journal().size(), "each attempt was sent once");
    }

    // ---- the wearable starter kit ----

    @Test
    void theWearableStarterKitNeverRetriesAStatus() throws Exception {
        assertAnswer(post(Faults.none().withRule(FaultRule.always(FaultKind.RATE_LIMITED)),
                RetryPolicy.WEARABLE_STARTER_KIT), 429, 1, false);
        assertEquals(List.of(), sleeper.waits);
    }

    @Test
    void theWearableStarterKitResendsOnceAtOnceAfterATransportError() throws Exception {
        assertAnswer(post(Faults.none().withRule(FaultRule.onRequests(FaultKind.CUT_OFF, 1)),
                RetryPolicy.WEARABLE_STARTER_KIT), 200, 2, false);
        assertEquals(List.of(Duration.ZERO), sleeper.waits);
        TransportException e = assertThrows(TransportException.class,
                () -> post(Faults.none().withRule(FaultRule.always(FaultKind.CUT_OFF)), RetryPolicy.WEARABLE_STARTER_KIT));
        assertEquals("CONNECTION after 2 attempts", e.getMessage());
        assertEquals(2, server.journal().size());
    }

    // ---- every policy ----

    @ParameterizedTest
    @EnumSource(Named.class)
    void aBadRequestIsFinalUnderEveryPolicy(Named named) throws Exception {
        server.useFaults(Faults.none());
        assertAnswer(transport(named.policy).post("{\"messages\": []}", Map.of()), 400, 1, false);
        assertEquals(List.of(), sleeper.waits);
    }

    @ParameterizedTest
    @EnumSource(Named.class)
    void theKeyIsSentAsABearerTokenAndInNoMessageToStringOrLogLine(Named named) throws Exception {
        List<String> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getLoggerName() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        Level level = root.getLevel();
        root.addHandler(capture);
        root.setLevel(Level.ALL);
        PrintStream err = System.err;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
        List<String> texts = new ArrayList<>();
        try (CapturingEndpoint echo = new CapturingEndpoint(c -> new CapturingEndpoint.Answer(401,
                "{\"error\":{\"message\":\"Incorrect API key provided: " + c.header("Authorization") + "\"}}"))) {
            OpenAiTransport t = transport(echo.baseUrl(), named.policy);
            OpenAiTransport.Response r = post(t);
            assertEquals("Bearer " + KEY, echo.requests.get(0).header("Authorization"));
            String body = new String(r.body(), StandardCharsets.UTF_8);
            assertTrue(body.contains(KEY), "the endpoint echoes the key");
            assertEquals(body.replace(KEY, "[redacted]"), t.redact(body));
            assertEquals(body.replace(KEY, "[REDACTED]"), t.redact(body, "[REDACTED]"));
            texts.add(t.toString());
            texts.add(t.config().toString());
            echo.close();
            TransportException dead = assertThrows(TransportException.class, () -> post(t));
            texts.add(stackTrace(dead));
            OpenAiTransport badKey = new OpenAiTransport(t.config().withApiKey(ApiKey.of("sk-\u0001" + KEY)));
            IllegalArgumentException invalid = assertThrows(IllegalArgumentException.class, () -> post(badKey));
            assertEquals("the API key given is not a valid HTTP header value", invalid.getMessage());
            texts.add(stackTrace(invalid));
            texts.add(badKey.toString());
        } finally {
            System.setErr(err);
            root.removeHandler(capture);
            root.setLevel(level);
        }
        texts.addAll(logged);
        texts.add(console.toString(StandardCharsets.UTF_8));
        for (String text : texts) {
            assertFalse(text.contains(KEY), text);
        }
        assertTrue(texts.get(0).contains("api key given"), texts.get(0));
    }

    @Test
    void aKeyFromTheEnvironmentIsStrippedAndABlankOneIsNone() {
        Map<String, String> env = Map.of("PADDED", " sk-padded\r\n", "BLANK", "  ");
        OpenAiTransport padded = new OpenAiTransport(HttpJudgeConfig.of(server.baseUrl())
                .withApiKey(ApiKey.fromEnv("PADDED", env::get)));
        assertTrue(padded.hasApiKey());
        assertEquals("x [redacted] y", padded.redact("x sk-padded y"));
        assertTrue(padded.toString().endsWith("api key from $PADDED"), padded.toString());
        for (ApiKey none : new ApiKey[] {ApiKey.fromEnv("BLANK", env::get), ApiKey.fromEnv("UNSET", env::get),
                ApiKey.fromEnv(null, env::get), ApiKey.none()}) {
            OpenAiTransport t = new OpenAiTransport(HttpJudgeConfig.of(server.baseUrl()).withApiKey(none));
            assertFalse(t.hasApiKey(), none.toString());
            assertTrue(t.toString().endsWith("api key none"), t.toString());
        }
    }

    private static void assertBetween(Duration d, double lowSeconds, double highSeconds) {
        double s = d.toNanos() / 1e9;
        assertTrue(s > lowSeconds - 1e-9 && s <= highSeconds, s + " s not in (" + lowSeconds + ", " + highSeconds + "]");
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
