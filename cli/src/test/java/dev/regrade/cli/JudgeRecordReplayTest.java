package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.record.RecordingJudge;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.rubric.json.JsonFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code judge serve --record} and {@code --replay} as a user runs them: each judge in its own
 * process, a fake judge of another process standing in for the real upstream, and a whole script
 * run in HTTP mode through them ({@code run --judge http --judge-url URL}).
 */
class JudgeRecordReplayTest {
    private static final Path FIXTURE = Path.of("..", "fixtures", "ikea_shopping_list", "budget-flips-to-fail.json");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern TALLY = Pattern.compile(
            "regrade judge serve: (\\d+) requests?: (\\d+) answered from the recording, (\\d+) forwarded upstream(.*)");

    @TempDir
    Path tmp;

    /** {@code regrade judge serve ARGS} in a child JVM, its base URL read from its first line. */
    private final class Judge {
        final Process process;
        final Path err;
        final String baseUrl;

        Judge(String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "judge", "serve"));
            command.addAll(List.of(args));
            err = Files.createTempFile(tmp, "judge", ".err");
            process = new ProcessBuilder(command).redirectError(err.toFile()).start();
            baseUrl = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertTrue(baseUrl != null && baseUrl.matches("http://127\\.0\\.0\\.1:\\d+/v1"),
                    "printed " + baseUrl + "; stderr: " + Files.readString(err));
        }

        /** Stops it as Ctrl-C does and returns what it printed on stderr. */
        String stop() throws Exception {
            process.destroy();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the judge stops when signalled");
            return Files.readString(err);
        }
    }

    private static CliRun run(String judgeUrl, String variant) {
        return CliRun.of("run", "--script", "ikea_shopping_list", "--variant", variant, "--fixture", FIXTURE.toString(),
                "--judge", "http", "--judge-url", judgeUrl, "--format", "json");
    }

    /** The counts of the tally a recording judge prints when stopped: requests, hits, forwarded, and the rest. */
    private static Matcher tally(String stderr) {
        String last = stderr.strip().lines().reduce((a, b) -> b).orElse("");
        Matcher m = TALLY.matcher(last);
        assertTrue(m.matches(), "the last line is the journal's tally: " + stderr);
        return m;
    }

    /** The recorded answers: stub files in {@code mappings/}, each with its body in {@code __files/}. */
    private static long count(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("mappings"))) {
            return files.filter(p -> p.getFileName().toString().matches("[0-9a-f]{64}(-vote[0-9]+)?\\.json")).count();
        }
    }

    private static long group(Matcher m, int n) {
        return Long.parseLong(m.group(n));
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aScriptRunRecordedThenReplayedIsByteIdenticalAndTheReplayAsksNoUpstream() throws Exception {
        Path recording = tmp.resolve("recording");
        Judge upstream = new Judge("--fixture", FIXTURE.toString());
        CliRun recorded;
        long requests;
        try {
            Judge recorder = new Judge("--record", recording.toString(), "--upstream", upstream.baseUrl,
                    "--upstream-api-key-env", "REGRADE_TEST_NO_SUCH_VARIABLE");
            recorded = run(recorder.baseUrl, "released");
            String log = recorder.stop();
            assertEquals(0, recorded.status(), recorded.err());
            assertEquals("regrade run: every judge and extraction request went to " + recorder.baseUrl + ": its "
                    + "answers, not the fixture budget-flips-to-fail's verdict rules and extractions, decided this tree "
                    + "(an in-process run of the same input can score differently)\n", recorded.err(),
                    "the run says the endpoint, not its input, answered");
            assertTrue(log.startsWith("regrade judge serve: recording into " + recording + " (0 recorded answers) from "
                    + upstream.baseUrl + "/chat/completions, no API key (from $REGRADE_TEST_NO_SUCH_VARIABLE: not set)"
                    + "; Ctrl-C to stop\n"), log);
            Matcher first = tally(log);
            requests = group(first, 1);
            assertTrue(requests > 10, "a whole run: " + log);
            assertEquals(List.of(0L, requests), List.of(group(first, 2), group(first, 3)));
            assertEquals(" (" + requests + " recorded, 0 failed, not recorded)", first.group(4));
            // One exchange per request (each vote of a majority vote is a request of its own).
            assertEquals(requests, count(recording));
            assertEquals(CliRun.of("run", "--script", "ikea_shopping_list", "--fixture", FIXTURE.toString(),
                    "--format", "json").out(), recorded.out(), "the run a fake judge of the run's own gives");

            // Through --record again, the same run pays for nothing, the other variant only for its new prompts.
            Judge second = new Judge("--record", recording.toString(), "--upstream", upstream.baseUrl);
            CliRun again = run(second.baseUrl, "released");
            CliRun fixed = run(second.baseUrl, "fixed");
            Matcher paid = tally(second.stop());
            assertEquals(recorded.out(), again.out());
            assertEquals(0, fixed.status(), fixed.err());
            long fixedRequests = group(paid, 1) - requests;
            long shared = group(paid, 2) - requests;
            assertTrue(shared > 0 && shared < fixedRequests, "the variants share some prompts: " + paid.group());
            assertEquals(fixedRequests - shared, group(paid, 3), "forwarded: only the fixed variant's new prompts");
            assertEquals(requests + group(paid, 3), count(recording));
        } finally {
            upstream.stop();
        }

        // A plain WireMock, given the directory and nothing of Regrade's, replays the same run.
        WireMockServer plain = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").port(0)
                .usingFilesUnderDirectory(recording.toString()));
        plain.start();
        try {
            CliRun onWireMock = run("http://127.0.0.1:" + plain.port() + "/v1", "released");
            assertEquals(0, onWireMock.status(), onWireMock.err());
            assertEquals(recorded.out(), onWireMock.out(), "byte-identical result JSON from plain WireMock");
        } finally {
            plain.stop();
        }

        // The upstream is gone: the replay answers everything from the recording, the same each time.
        for (int round = 0; round < 2; round++) {
            Judge replay = new Judge("--replay", recording.toString());
            CliRun replayed = run(replay.baseUrl, "released");
            String log = replay.stop();
            assertEquals(0, replayed.status(), replayed.err());
            assertEquals(recorded.out(), replayed.out(), "byte-identical result JSON");
            assertTrue(log.startsWith("regrade judge serve: replaying " + recording + " (" + count(recording)
                    + " recorded answers); no upstream; Ctrl-C to stop\n"), log);
            assertEquals("regrade judge serve: " + requests + " requests: " + requests + " answered from the "
                    + "recording, 0 forwarded upstream", log.strip().lines().reduce((a, b) -> b).orElseThrow(),
                    "zero upstream requests, no miss");
        }

        // A request that was never recorded abandons the run, naming the request's digest.
        Judge replay = new Judge("--replay", recording.toString());
        CliRun other = CliRun.of("run", "--script", "ikea_shopping_list", "--policy", "hash", "--judge", "http",
                "--judge-url", replay.baseUrl, "--format", "json");
        Matcher missed = tally(replay.stop());
        assertEquals(3, other.status(), other.err());
        assertTrue(other.err().matches("(?s).*answered HTTP 404: No recorded answer for this request \\(request body "
                + "sha256 [0-9a-f]{64}(, vote 1)?\\) in .*"), other.err());
        assertEquals(0, group(missed, 3), "a replay never forwards");
        assertTrue(missed.group(4).endsWith(" not in the recording (refused)"), missed.group(4));
    }

    /**
     * A recording judge killed (SIGKILL) while it writes, at a different moment each time, leaves only
     * whole exchanges under exchange names: each is replayed as recorded, and what a kill left beside
     * them is never read and is removed by the next recording session.
     */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aRecorderKilledWhileWritingLeavesOnlyWholeExchanges() throws Exception {
        Path recording = tmp.resolve("killed");
        java.util.concurrent.atomic.AtomicInteger claims = new java.util.concurrent.atomic.AtomicInteger();
        try (FakeJudgeServer upstream = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            for (int kill = 0; kill < 3; kill++) {
                Judge recorder = new Judge("--record", recording.toString(), "--upstream", upstream.baseUrl());
                java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(4);
                for (int t = 0; t < 4; t++) {
                    clients.submit(() -> {
                        while (!Thread.currentThread().isInterrupted()) {
                            post(recorder.baseUrl, body("claim " + claims.incrementAndGet()));
                        }
                        return null;
                    });
                }
                // Kill once this recorder has written a few exchanges (a fixed delay would kill a
                // child JVM still starting on a loaded machine), then a little later each round so the
                // kill lands at different points of a write.
                int target = exchangeFiles(recording) + 2;
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (exchangeFiles(recording) < target && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                long until = System.nanoTime() + kill * 37 * 1_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                recorder.process.destroyForcibly();
                assertTrue(recorder.process.waitFor(30, TimeUnit.SECONDS));
                clients.shutdownNow();
                assertTrue(clients.awaitTermination(30, TimeUnit.SECONDS));
            }
        }
        List<Path> exchanges;
        try (Stream<Path> files = Files.list(recording.resolve("mappings"))) {
            exchanges = files.filter(p -> p.getFileName().toString().matches("[0-9a-f]{64}\\.json")).toList();
        }
        assertTrue(exchanges.size() > 3, "the recorder recorded before each kill: " + exchanges.size());
        try (FakeJudgeServer replay = new FakeJudgeServer(FakeJudgeConfig.defaults(),
                RecordingJudge.replay(recording)).start()) {
            for (Path exchange : exchanges) {
                JsonNode stub = JsonFiles.parse(Files.readString(exchange));
                HttpResponse<String> r = post(replay.baseUrl(),
                        stub.get("request").get("bodyPatterns").get(0).get("equalToJson").asText());
                assertEquals(200, r.statusCode(), exchange + ": " + r.body());
                assertEquals(Files.readString(recording.resolve("__files").resolve(exchange.getFileName())), r.body(),
                        exchange.toString());
            }
        }
        RecordingJudge.record(recording, HttpJudgeConfig.of("http://127.0.0.1:9/v1"));
        for (String sub : List.of("mappings", "__files")) {
            try (Stream<Path> files = Files.list(recording.resolve(sub))) {
                assertEquals(exchanges.stream().map(Path::getFileName).map(Path::toString).sorted().toList(),
                        files.map(p -> p.getFileName().toString()).sorted().toList(),
                        "only whole exchanges are left in " + sub + "/ (a body whose stub a kill cut is rewritten)");
            }
        }
    }

    private static int exchangeFiles(Path recording) throws IOException {
        if (!Files.isDirectory(recording.resolve("mappings"))) {
            return 0;
        }
        try (Stream<Path> files = Files.list(recording.resolve("mappings"))) {
            return (int) files.filter(p -> p.getFileName().toString().matches("[0-9a-f]{64}\\.json")).count();
        }
    }

    private static String body(String claim) {
        return "{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":"
                + "\"Here is the claim or the statement to be verified:\\n```\\n" + claim + "\\n```\"}]}";
    }

    private static HttpResponse<String> post(String baseUrl, String body) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                    .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null; // the judge was killed under this request
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Test
    void helpShowsRecordAndReplayWithAnExample() {
        CliRun help = CliRun.of("judge", "serve", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().replaceAll("\\s+", " ").contains("Default: OPENAI_API_KEY"), help.out());
        for (String part : List.of("--record=DIR", "--replay=DIR", "--upstream=URL", "--upstream-api-key-env=VAR",
                "./regrade judge serve --port 8766 --record recording \\\n"
                        + "    --upstream http://127.0.0.1:8765/v1",
                "--judge http \\\n    --judge-url http://127.0.0.1:8766/v1",
                "./regrade judge serve --port 8766 --replay recording")) {
            assertTrue(help.out().contains(part), "missing '" + part + "' in:\n" + help.out());
        }
        assertTrue(CliRun.of("run", "--help").out().contains("--judge-url=URL"));
    }

    @Test
    void conflictingOrMissingOptionsAndADirectoryThatIsNotARecordingAreExit2() throws IOException {
        Path audit = Files.createDirectories(tmp.resolve("audit"));
        Files.writeString(audit.resolve("report.md"), "# an audit");
        String up = "http://127.0.0.1:9/v1";
        String rec = tmp.resolve("rec").toString();
        List<List<String>> cases = List.of(
                List.of("--record", rec),
                List.of("--record", rec, "--replay", rec),
                List.of("--replay", rec, "--upstream", up),
                List.of("--record", rec, "--upstream", up, "--policy", "hash"),
                List.of("--record", rec, "--upstream", "ftp://127.0.0.1/v1"),
                List.of("--replay", rec),
                List.of("--replay", audit.toString()),
                List.of("--record", audit.toString(), "--upstream", up));
        List<String> messages = List.of(
                "--record needs --upstream URL, the real judge to record",
                "--record and --replay: choose one",
                "--upstream is for --record (a replay makes no upstream request)",
                "--policy and --fixture set the fake judge's rules; with --record the answers come from the upstream",
                "--upstream: baseUrl must be an http or https URL, got 'ftp://127.0.0.1/v1'",
                rec + ": no such directory (record one with --record DIR --upstream URL)",
                audit + ": not a recording (no .regrade-recording)",
                audit + ": not a recording (no .regrade-recording)");
        for (int i = 0; i < cases.size(); i++) {
            List<String> args = new ArrayList<>(List.of("judge", "serve"));
            args.addAll(cases.get(i));
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(2, r.status(), args + ": " + r.err());
            assertTrue(r.err().startsWith("regrade judge serve: " + messages.get(i)), args + ": " + r.err());
        }
        assertFalse(Files.exists(Path.of(rec)), "no refused command created its directory");
        assertEquals(List.of(audit.resolve("report.md")), Files.list(audit).toList(), "the audit is left alone");

        CliRun inProcess = CliRun.of("run", "--script", "gas_stations", "--policy", "full", "--judge-url", up);
        assertEquals(2, inProcess.status());
        assertEquals("regrade run: --judge-url needs --judge http\n", inProcess.err());
        CliRun badUrl = CliRun.of("run", "--script", "gas_stations", "--policy", "full", "--judge", "http",
                "--judge-url", "ftp://127.0.0.1/v1");
        assertEquals("regrade run: --judge-url: baseUrl must be an http or https URL, got 'ftp://127.0.0.1/v1'\n",
                badUrl.err());
    }
}
