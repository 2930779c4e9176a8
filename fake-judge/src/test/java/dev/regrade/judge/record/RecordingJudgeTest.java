package dev.regrade.judge.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpServer;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.client.JudgeHttpException;
import dev.regrade.judge.client.OpenAiTransport;
import dev.regrade.judge.client.Sleeper;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.rubric.port.VerdictRules;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Record and replay against a second fake judge standing in for the real upstream (loopback only),
 * with faults on the upstream side.
 */
@Timeout(60)
class RecordingJudgeTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Sleeper NO_WAIT = d -> { };

    @TempDir
    Path tmp;
    private Path dir;
    private FakeJudgeServer upstream;
    private final List<FakeJudgeServer> judges = new ArrayList<>();

    @BeforeEach
    void startUpstream() {
        dir = tmp.resolve("recording");
        upstream = FakeJudgeServer.start(FakeJudgeConfig.defaults().withRules(VerdictRules.hash())
                .withExtractor(r -> JsonNodeFactory.instance.objectNode().put("name", "Ada")));
    }

    @AfterEach
    void stopAll() {
        judges.forEach(FakeJudgeServer::stop);
        upstream.stop();
    }

    private HttpJudgeConfig toUpstream() {
        return HttpJudgeConfig.of(upstream.baseUrl()).withSleeper(NO_WAIT).withTimeout(Duration.ofSeconds(10));
    }

    private RecordingJudge recorder(HttpJudgeConfig config) throws RecordingException {
        return serve(RecordingJudge.record(dir, config));
    }

    private RecordingJudge recorder() throws RecordingException {
        return recorder(toUpstream());
    }

    private RecordingJudge replayer() throws RecordingException {
        return serve(RecordingJudge.replay(dir));
    }

    private String url;

    private RecordingJudge serve(RecordingJudge judge) {
        FakeJudgeServer server = new FakeJudgeServer(FakeJudgeConfig.defaults(), judge).start();
        judges.add(server);
        url = server.baseUrl();
        return judge;
    }

    private static String verification(String claim) {
        JsonNode body = JsonNodeFactory.instance.objectNode().put("model", "o4-mini")
                .set("messages", JsonNodeFactory.instance.arrayNode().add(JsonNodeFactory.instance.objectNode()
                        .put("role", "user").put("content", TestPrompts.simple(claim))));
        return body.toString();
    }

    private HttpResponse<byte[]> post(String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + "/chat/completions"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    /** The stub files' names, checked to be the body files' names too. */
    private List<String> recordedFiles() throws IOException {
        List<String> stubs = names(dir.resolve(StubRecording.MAPPINGS));
        assertEquals(stubs, names(dir.resolve(StubRecording.FILES)), "a body for every stub, no other");
        return stubs;
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().toList();
        }
    }

    private static String digest(String body) throws Exception {
        return StubRecording.Key.of(body.getBytes(StandardCharsets.UTF_8), null).bodySha256();
    }

    @Test
    void aRecordingIsReplayedByteForByteWithNoUpstream() throws Exception {
        List<String> bodies = List.of(verification("The station is a Shell."), verification("It is open 24 hours."),
                verification("It sells diesel."));
        RecordingJudge recording = recorder();
        List<byte[]> recorded = new ArrayList<>();
        for (String body : bodies) {
            for (int vote = 1; vote <= 2; vote++) {
                HttpResponse<byte[]> r = post(body, Wire.VOTE, Integer.toString(vote));
                assertEquals(200, r.statusCode(), text(r));
                recorded.add(r.body());
            }
        }
        assertEquals(new RecordingJournal(6, 0, 6, 6, 6, 0, 0), recording.journal());
        assertEquals(6, upstream.journal().size());
        assertEquals(6, recordedFiles().size());
        assertTrue(recordedFiles().contains(digest(bodies.get(0)) + "-vote2.json"), recordedFiles().toString());
        upstream.stop();

        for (int run = 0; run < 2; run++) {
            RecordingJudge replay = replayer();
            int i = 0;
            for (String body : bodies) {
                for (int vote = 1; vote <= 2; vote++) {
                    HttpResponse<byte[]> r = post(body, Wire.VOTE, Integer.toString(vote));
                    assertEquals(200, r.statusCode());
                    assertArrayEquals(recorded.get(i++), r.body(), "replay " + run + " of answer " + i);
                }
            }
            assertEquals(new RecordingJournal(6, 6, 0, 0, 0, 0, 0), replay.journal());
            assertEquals("6 requests: 6 answered from the recording, 0 forwarded upstream",
                    replay.journal().describe());
        }
    }

    @Test
    void recordingAgainPaysOnlyForTheRequestsNotYetRecorded() throws Exception {
        recorder();
        byte[] first = post(verification("a")).body();
        post(verification("b"));
        assertEquals(2, upstream.journal().size());

        RecordingJudge again = recorder();
        assertArrayEquals(first, post(verification("a")).body(), "answered from the recording");
        post(verification("b"));
        assertEquals(200, post(verification("c")).statusCode());
        assertEquals(3, upstream.journal().size(), "only c was forwarded");
        assertEquals(new RecordingJournal(3, 2, 1, 1, 1, 0, 0), again.journal());
        assertEquals("3 requests: 2 answered from the recording, 1 forwarded upstream (1 recorded, 0 failed, "
                + "not recorded)", again.journal().describe());
    }

    @Test
    void theKeyIsTheCanonicalBodyAndTheVoteNoOtherHeader() throws Exception {
        RecordingJudge recording = recorder();
        String body = "{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "Here is the claim or "
                + "the statement to be verified:\\n```\\nx\\n```\"}]}";
        byte[] answer = post(body, "Authorization", "Bearer one").body();
        String reordered = "{ \"messages\" : [ { \"content\" : \"Here is the claim or the statement to be verified:"
                + "\\n```\\nx\\n```\", \"role\" : \"user\" } ],\n  \"model\" : \"o4-mini\" }";
        assertArrayEquals(answer, post(reordered, "Authorization", "Bearer two", "User-Agent", "other").body());
        assertEquals(1, upstream.journal().size());
        post(body, Wire.VOTE, "1");
        post(body.replace("o4-mini", "gpt-4o"));
        assertEquals(3, upstream.journal().size(), "a vote and another model are other requests");
        assertEquals(List.of(digest(body) + "-vote1.json", digest(body) + ".json",
                digest(body.replace("o4-mini", "gpt-4o")) + ".json").stream().sorted().toList(), recordedFiles());
        assertEquals(new RecordingJournal(4, 1, 3, 3, 3, 0, 0), recording.journal());
    }

    @Test
    void aRequestThatWasNotRecordedIsAnOpenAiErrorNamingItsDigestNeverAVerdict() throws Exception {
        recorder();
        post(verification("recorded"));
        upstream.stop();
        RecordingJudge replay = replayer();
        String body = verification("never recorded");
        HttpResponse<byte[]> r = post(body, Wire.VOTE, "2");
        assertEquals(404, r.statusCode());
        JsonNode error = Wire.MAPPER.readTree(r.body()).get("error");
        assertEquals("not_recorded", error.get("code").asText());
        assertEquals("invalid_request_error", error.get("type").asText());
        assertTrue(error.get("message").asText().startsWith("No recorded answer for this request (request body "
                + "sha256 " + digest(body) + ", vote 2) in " + dir), error.get("message").asText());

        HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(url).withSleeper(NO_WAIT));
        JudgeHttpException e = assertThrows(JudgeHttpException.class,
                () -> client.judge(TestPrompts.simpleRequest("n", "never recorded either", 1)));
        assertEquals(404, e.status());
        assertEquals(1, e.attempts(), "not retried");
        assertTrue(e.getMessage().contains("No recorded answer for this request (request body sha256 "),
                e.getMessage());
        assertEquals(new RecordingJournal(2, 0, 2, 0, 0, 0, 0), replay.journal());
        assertEquals("2 requests: 0 answered from the recording, 0 forwarded upstream, 2 not in the recording "
                + "(refused)", replay.journal().describe());
    }

    @Test
    void aRateLimitIsRetriedUpstreamAndTheAnswerRecorded() throws Exception {
        List<Duration> waits = new CopyOnWriteArrayList<>();
        upstream.useFaults(Faults.none().withRetryAfterSeconds(2).withRule(FaultRule.always(FaultKind.RATE_LIMITED)
                .withTimes(1)));
        RecordingJudge recording = recorder(toUpstream().withSleeper(waits::add));
        HttpResponse<byte[]> r = post(verification("a"));
        assertEquals(200, r.statusCode(), text(r));
        assertEquals(List.of(429, 200), upstream.journal().stream().map(JournalEntry::status).toList());
        assertEquals(List.of(Duration.ofSeconds(2)), waits, "the Retry-After of MIND2WEB2's policy");
        assertEquals(1, recordedFiles().size());
        assertEquals(new RecordingJournal(1, 0, 1, 1, 1, 0, 0), recording.journal());
    }

    @ParameterizedTest
    @CsvSource({"SERVER_ERROR, 500, 3", "UNAVAILABLE, 503, 3", "RATE_LIMITED, 429, 3", "MALFORMED_BODY, 200, 1"})
    void anUpstreamFailureIsPassedOnAsItCameAndNeverRecorded(FaultKind fault, int status, int attempts)
            throws Exception {
        upstream.useFaults(Faults.none().withRetryAfterSeconds(0).withRule(FaultRule.always(fault)));
        RecordingJudge recording = recorder();
        HttpResponse<byte[]> r = post(verification("a"));
        assertEquals(status, r.statusCode());
        assertEquals(attempts, upstream.journal().size(), "retried as MIND2WEB2's policy says");
        if (status != 200) {
            assertTrue(text(r).contains("(fake judge fault)"), "the upstream's own error object: " + text(r));
        } else {
            assertFalse(text(r).endsWith("}"), "the cut body as it came: " + text(r));
        }
        assertEquals(List.of(), recordedFiles());
        assertEquals(new RecordingJournal(1, 0, 1, 1, 0, 1, 0), recording.journal());

        upstream.useFaults(Faults.none());
        assertEquals(200, post(verification("a")).statusCode(), "asked again, not answered with the failure");
        assertEquals(1, recordedFiles().size());
    }

    @Test
    void anUpstreamThatTimesOutIsA504AndNothingIsRecorded() throws Exception {
        upstream.useFaults(Faults.none().withStall(Duration.ofSeconds(3))
                .withRule(FaultRule.always(FaultKind.STALLED)));
        RecordingJudge recording = recorder(toUpstream().withTimeout(Duration.ofMillis(300)).withMaxRetries(1));
        HttpResponse<byte[]> r = post(verification("a"));
        assertEquals(504, r.statusCode());
        JsonNode error = Wire.MAPPER.readTree(r.body()).get("error");
        assertEquals("upstream_timeout", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("gave no answer: timeout after 2 attempts"),
                error.get("message").asText());
        assertEquals(List.of(), recordedFiles());
        assertEquals(1, recording.journal().failed());
    }

    @Test
    void anUpstreamThatIsDownIsA502() throws Exception {
        recorder();
        upstream.stop();
        HttpResponse<byte[]> r = post(verification("a"));
        assertEquals(502, r.statusCode());
        assertEquals("upstream_unreachable", Wire.MAPPER.readTree(r.body()).get("error").get("code").asText());
        assertEquals(List.of(), recordedFiles());
    }

    @Test
    void theApiKeyGoesUpstreamOnlyAndIsWrittenNowhere() throws Exception {
        String key = "sk-regrade-test-0123456789";
        List<String> authorizations = new CopyOnWriteArrayList<>();
        List<String> forwardedHeaders = new CopyOnWriteArrayList<>();
        HttpServer echo = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        echo.createContext("/v1/chat/completions", exchange -> {
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            forwardedHeaders.add(exchange.getRequestHeaders().getFirst(Wire.NODE) + "|"
                    + exchange.getRequestHeaders().getFirst("User-Agent"));
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            // An endpoint that quotes the key back, in an answer and in an error.
            boolean fail = body.contains("fail");
            byte[] reply = (fail ? "{\"error\":{\"message\":\"Incorrect API key provided: " + key + "\"}}"
                    : "{\"id\":\"x\",\"object\":\"chat.completion\",\"note\":\"key " + key + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(fail ? 401 : 200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        });
        echo.start();
        try {
            HttpJudgeConfig config = HttpJudgeConfig.of("http://127.0.0.1:" + echo.getAddress().getPort() + "/v1")
                    .withSleeper(NO_WAIT).withApiKey(ApiKey.fromEnv("REGRADE_TEST_KEY", v -> key));
            RecordingJudge recording = recorder(config);
            HttpResponse<byte[]> ok = post(verification("ok"), "Authorization", "Bearer client-key",
                    Wire.NODE, "n1", "User-Agent", "client");
            HttpResponse<byte[]> fail = post(verification("fail"));
            assertEquals(List.of("Bearer " + key, "Bearer " + key), authorizations,
                    "the upstream's key, not the client's");
            assertEquals(List.of("n1|" + OpenAiTransport.USER_AGENT, "null|" + OpenAiTransport.USER_AGENT),
                    forwardedHeaders,
                    "Regrade's headers go along, the client's others do not");
            assertEquals(200, ok.statusCode());
            assertEquals(401, fail.statusCode());
            assertTrue(text(ok).contains("key [redacted]"), text(ok));
            assertTrue(text(fail).contains("Incorrect API key provided: [redacted]"), text(fail));
            assertEquals(1, recordedFiles().size());
            for (Path p : Files.walk(dir).filter(Files::isRegularFile).toList()) {
                assertFalse(Files.readString(p).contains(key), p + " holds the key");
                assertFalse(Files.readString(p).contains("client-key"), p + " holds the client's key");
            }
            assertTrue(recording.describe().contains("API key from $REGRADE_TEST_KEY"), recording.describe());
            assertFalse(recording.describe().contains(key) || recording.toString().contains(key));
        } finally {
            echo.stop(0);
        }
    }

    @Test
    void concurrentRequestsForwardEachKeyOnceAndAllGetTheSameAnswer() throws Exception {
        recorder();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<HttpResponse<byte[]>>> replies = new ArrayList<>();
            for (int i = 0; i < 96; i++) {
                String body = verification("claim " + i % 8);
                replies.add(pool.submit(() -> post(body)));
            }
            Map<Integer, byte[]> first = new java.util.HashMap<>();
            for (int i = 0; i < replies.size(); i++) {
                HttpResponse<byte[]> r = replies.get(i).get();
                assertEquals(200, r.statusCode());
                byte[] seen = first.putIfAbsent(i % 8, r.body());
                if (seen != null) {
                    assertArrayEquals(seen, r.body(), "claim " + i % 8);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(8, upstream.journal().size(), "each distinct request forwarded once");
        assertEquals(8, recordedFiles().size());
    }

    @Test
    void theRecordingJudgeListensOnLoopbackOnly() throws Exception {
        recorder();
        assertTrue(url.startsWith("http://127.0.0.1:"), url);
        assertThrows(IllegalArgumentException.class, () -> FakeJudgeConfig.defaults().withBindAddress("0.0.0.0"));
    }

    @Test
    void aBodyThatIsNotAJsonObjectOrABadVoteIsA400BeforeAnyLookup() throws Exception {
        RecordingJudge recording = recorder();
        assertEquals(400, post("not json").statusCode());
        assertEquals(400, post("[1]").statusCode());
        HttpResponse<byte[]> vote = post(verification("a"), Wire.VOTE, "two");
        assertEquals(400, vote.statusCode());
        assertTrue(text(vote).contains(Wire.VOTE + " must be a vote number"), text(vote));
        assertEquals(0, upstream.journal().size());
        assertEquals(3, recording.journal().invalid());
    }

    // ------------------------------------------------------------------ the directory

    @Test
    void recordingCreatesAMarkedDirectoryAndReplayNeedsOne() throws Exception {
        RecordingException missing = assertThrows(RecordingException.class, () -> RecordingJudge.replay(dir));
        assertTrue(missing.getMessage().contains("no such directory"), missing.getMessage());
        RecordingJudge.record(dir, toUpstream());
        assertTrue(Files.isRegularFile(dir.resolve(StubRecording.MARKER)));
        assertEquals("replaying " + dir + " (0 recorded answers); no upstream", RecordingJudge.replay(dir).describe());

        Path unmarked = Files.createDirectories(tmp.resolve("empty"));
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingJudge.replay(unmarked));
        assertTrue(e.getMessage().contains("not a recording (no .regrade-recording)"), e.getMessage());
    }

    @Test
    void aDirectoryHoldingAnythingElseIsRefused() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("audit"));
        Files.writeString(other.resolve("report.md"), "# an audit");
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingJudge.record(other, toUpstream()));
        assertTrue(e.getMessage().contains("not a recording (no .regrade-recording)"), e.getMessage());
        assertEquals("# an audit", Files.readString(other.resolve("report.md")), "left alone");

        RecordingJudge.record(dir, toUpstream());
        Files.writeString(dir.resolve("notes.txt"), "mine");
        for (RecordingException refused : List.of(
                assertThrows(RecordingException.class, () -> RecordingJudge.record(dir, toUpstream())),
                assertThrows(RecordingException.class, () -> RecordingJudge.replay(dir)))) {
            assertEquals(dir + ": holds notes.txt, which is not part of a recording; refusing to use the directory",
                    refused.getMessage());
        }
        Files.delete(dir.resolve("notes.txt"));
        Files.writeString(dir.resolve(StubRecording.MARKER), "{\"format\":\"regrade-judge-recording\",\"version\":9}");
        e = assertThrows(RecordingException.class, () -> RecordingJudge.replay(dir));
        assertTrue(e.getMessage().contains("format version 9"), e.getMessage());
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThrows(RecordingException.class, () -> RecordingJudge.record(file, toUpstream()));
    }

    @Test
    void aHalfWrittenFileLeftByAKillIsNeverTrusted() throws Exception {
        recorder();
        String body = verification("a");
        byte[] answer = post(body).body();
        String other = verification("b");
        assertEquals(200, post(other).statusCode());
        String name = digest(body) + ".json";
        Path mappings = dir.resolve(StubRecording.MAPPINGS);
        byte[] whole = Files.readAllBytes(mappings.resolve(name));
        // What a kill during a write leaves: the temporary file, cut or whole but not yet renamed,
        // never a recorded name; a kill between the body and its stub leaves a body without a stub.
        Path leftover = Files.write(mappings.resolve(".partial-123.tmp"), java.util.Arrays.copyOf(whole, whole.length / 2));
        Files.move(mappings.resolve(digest(other) + ".json"), mappings.resolve(".partial-456.tmp"));

        RecordingJudge replay = replayer();
        assertArrayEquals(answer, post(body).body());
        assertEquals(404, post(other).statusCode(), "a temporary file is not a recording");
        assertTrue(Files.exists(leftover), "replay changes nothing");
        recorder();
        assertFalse(Files.exists(leftover) || Files.exists(mappings.resolve(".partial-456.tmp")),
                "the next recording session removes leftovers");
        assertEquals(List.of(name), recordedFiles(), "the body left without its stub is gone too");
        assertEquals(200, post(other).statusCode(), "recorded again");
        assertEquals(2, recordedFiles().size());

        // A stub cut by other means (edited by hand) or whose body is gone is refused, never half-used.
        Files.write(mappings.resolve(name), java.util.Arrays.copyOf(whole, whole.length / 2));
        RecordingException cut = assertThrows(RecordingException.class, () -> RecordingJudge.replay(dir));
        assertTrue(cut.getMessage().contains("mappings/" + name + " is not a WireMock stub mapping"), cut.getMessage());
        Files.write(mappings.resolve(name), whole);
        Files.delete(dir.resolve(StubRecording.FILES).resolve(name));
        RecordingException gone = assertThrows(RecordingException.class, () -> RecordingJudge.replay(dir));
        assertTrue(gone.getMessage().contains("its body file __files/" + name + " is missing"), gone.getMessage());
    }

    @Test
    void aPlainWireMockReplaysTheRecordingByteForByte() throws Exception {
        recorder();
        List<String> bodies = List.of(verification("The station is a Shell."), verification("It sells diesel."));
        Map<String, byte[]> recorded = new java.util.LinkedHashMap<>();
        for (String body : bodies) {
            recorded.put(body + "|", post(body).body());
            for (int vote = 1; vote <= 2; vote++) {
                recorded.put(body + "|" + vote, post(body, Wire.VOTE, Integer.toString(vote)).body());
            }
        }
        upstream.stop();
        // WireMock as its users start it: the directory and nothing of Regrade's.
        com.github.tomakehurst.wiremock.WireMockServer plain = new com.github.tomakehurst.wiremock.WireMockServer(
                com.github.tomakehurst.wiremock.core.WireMockConfiguration.options().bindAddress("127.0.0.1").port(0)
                        .usingFilesUnderDirectory(dir.toString()));
        plain.start();
        try {
            assertEquals(6, plain.getStubMappings().size());
            url = "http://127.0.0.1:" + plain.port() + "/v1";
            for (Map.Entry<String, byte[]> e : recorded.entrySet()) {
                String body = e.getKey().substring(0, e.getKey().lastIndexOf('|'));
                String vote = e.getKey().substring(e.getKey().lastIndexOf('|') + 1);
                HttpResponse<byte[]> r = vote.isEmpty() ? post(body) : post(body, Wire.VOTE, vote);
                assertEquals(200, r.statusCode(), text(r));
                assertArrayEquals(e.getValue(), r.body(), e.getKey());
            }
            String reordered = Wire.MAPPER.writeValueAsString(Wire.MAPPER.readTree(bodies.get(0)).get("messages"));
            HttpResponse<byte[]> sameJson = post("{\"messages\": " + reordered + ", \"model\": \"o4-mini\"}");
            assertArrayEquals(recorded.get(bodies.get(0) + "|"), sameJson.body(), "members in another order");
            assertEquals(404, post(verification("never recorded")).statusCode());
            assertEquals(404, post(bodies.get(0), Wire.VOTE, "3").statusCode(), "another vote");
        } finally {
            plain.stop();
        }
    }
}
