package dev.regrade.vereval;

import static dev.regrade.vereval.Fixtures.QID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyValueError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The upstream PipelineTests against the fake judge on 127.0.0.1 ({@link StageResponder}), plus retries, failures and resume. */
class PipelineTest {
    static final Map<String, String> ENV = Map.of("VLLM_API_KEY", "TEST_TOKEN");

    @TempDir
    Path tmp;
    StageResponder judge;
    FakeJudgeServer server;

    @BeforeEach
    void start() {
        judge = new StageResponder();
        server = judge.serve();
    }

    @AfterEach
    void stop() {
        assertEquals(List.of(), judge.problems());
        server.stop();
    }

    private OpenAiChatClient client(int retries) {
        return new OpenAiChatClient(OpenAiChatClient.config(server.baseUrl(), "test-judge", "TEST_TOKEN",
                Duration.ofSeconds(30), retries).withSleeper(d -> { }));
    }

    private void failEveryRequest(boolean fail) {
        server.useFaults(fail ? Faults.none().withRule(FaultRule.always(FaultKind.UNAVAILABLE)) : Faults.none());
    }

    @Test
    void threeCallsDependencyAndWeight() {
        judge.invalidFirst = true;
        ObjectNode result = ThreeStageJudge.scoreAnswer(Fixtures.job(), client(0), Fixtures.settings("vllm", "evidence_based"));
        List<JsonNode> requests = judge.requests();
        assertEquals(4, requests.size());
        assertEquals(78.0, result.get("vereval_100").doubleValue());
        assertEquals(0.78, result.get("vereval").doubleValue());
        assertEquals(300, requests.get(0).get("max_tokens").intValue());
        assertEquals("json_object", requests.get(0).path("response_format").path("type").asText());
        // The retry resends the original two messages, the bad reply and one repair turn.
        JsonNode retry = requests.get(1).get("messages");
        assertEquals(4, retry.size());
        assertEquals("{\"score\": \"NaN\", \"reason\": \"invalid\"}", retry.get(2).get("content").asText());
        assertEquals(ThreeStageJudge.REPAIR, retry.get(3).get("content").asText());
        assertEquals(List.of("fact", "fact", "logic", "consistency"),
                requests.stream().map(StageResponder::stageOf).toList());
        ObjectNode error = VerEvalJson.F.objectNode().put("status", "error");
        ObjectNode summary = Summary.summarize(List.of(result, error), 3);
        assertEquals(78.0, summary.get("micro_average").doubleValue());
        assertEquals(1, summary.get("failed").intValue());
        assertEquals(1, summary.get("missing").intValue());
        assertFalse(summary.get("complete").booleanValue());
        // computed by hand from the upstream summarize rules:
        assertEquals(1, summary.get("successful").intValue());
        assertEquals(1.0 / 3, summary.get("coverage").doubleValue());
        assertEquals(78.0, summary.get("task_macro_average").doubleValue());
        assertEquals("{\"L2.5\": {\"count\": 1, \"score\": 78.0}}", PyJson.dumps(summary.get("by_task"), VerEvalJson.TEXT));
        assertEquals("{\"2\": {\"count\": 1, \"score\": 78.0}}", PyJson.dumps(summary.get("by_level"), VerEvalJson.TEXT));
        JsonNode fact = result.get("judgments").get("fact");
        // The fake judge numbers its completions and estimates tokens at 4 characters each (the retry's
        // last user message is the repair turn).
        assertEquals("{\"score\": 0.1, \"reason\": \"fact reason\", \"raw\": \"{\\\"score\\\":0.1,\\\"reason\\\":\\\"fact reason\\\"}\", "
                + "\"response_id\": \"chatcmpl-regrade-000002\", \"usage\": {\"completion_tokens\": 9, \"prompt_tokens\": 27, "
                + "\"total_tokens\": 36, "
                + "\"completion_tokens_details\": null, \"prompt_tokens_details\": null}}", PyJson.dumps(fact, VerEvalJson.TEXT));
    }

    @Test
    void consistencyInputFormat() throws IOException {
        ThreeStageJudge.scoreAnswer(Fixtures.job(), client(0), Fixtures.settings("vllm", "evidence_based"));
        String text = judge.requests().get(2).path("messages").path(1).path("content").path(0).path("text").asText();
        assertEquals("{\"question\": \"Is this a suitable venue?\", \"ground_truth\": \"Yes, the sign supports that.\", "
                + "\"answer\": \"yes\", \"evidence_mode\": \"evidence_based\", \"reference_text\": \"\", "
                + "\"frame_timestamps_seconds\": [], \"fact_judgment\": {\"score\": 0.1, \"reason\": \"fact reason\"}, "
                + "\"logic_judgment\": {\"score\": 0.6, \"reason\": \"logic reason\"}}", text);
        assertEquals(VerEvalPrompts.COMMON + VerEvalPrompts.CONSISTENCY,
                judge.requests().get(2).path("messages").path(0).path("content").asText());
    }

    @Test
    void openaiWireFormatWithFrames() {
        ObjectNode job = Fixtures.job();
        job.putArray("frame_urls").add("data:image/png;base64,TEST");
        job.putArray("frame_timestamps").add(0.5);
        ThreeStageJudge.scoreAnswer(job, client(0), Fixtures.settings("openai", "frames"));
        List<JsonNode> requests = judge.requests();
        assertEquals(300, requests.get(0).get("max_completion_tokens").intValue());
        assertFalse(requests.get(0).has("max_tokens"));
        assertEquals("image_url", requests.get(0).get("messages").get(1).get("content").get(1).get("type").asText());
        assertEquals(3, requests.size());
    }

    @Test
    void evidenceRequiredAndTimestamps() throws IOException {
        assertThrows(PyValueError.class, () -> Evidence.add(List.of(Fixtures.truth()), null, "frames"));
        Path path = tmp.resolve("evidence.json");
        Files.writeString(path, "{\"" + QID + "\": {\"frame_timestamps\": [1], \"frames\": []}}");
        assertThrows(PyValueError.class, () -> Evidence.add(List.of(Fixtures.truth()), path, "evidence_based"));
    }

    @Test
    void framesFromManifest() throws IOException {
        Files.createDirectories(tmp.resolve("v"));
        Files.write(tmp.resolve("v/f0.png"), new byte[] {1, 2, 3});
        Files.write(tmp.resolve("v/f1.JPG"), new byte[] {4});
        Path path = tmp.resolve("evidence.json");
        Files.writeString(path, "{\"" + QID + "\": {\"frames\": [\"v/f0.png\", \"v/f1.JPG\"], \"frame_timestamps\": [0.5, 1.5], "
                + "\"reference_text\": \"sign text\"}}");
        List<ObjectNode> jobs = List.of(Fixtures.job());
        Evidence.add(jobs, path, "frames");
        assertEquals("data:image/png;base64,AQID", jobs.get(0).get("frame_urls").get(0).asText());
        assertEquals("data:image/jpeg;base64,BA==", jobs.get(0).get("frame_urls").get(1).asText());
        assertEquals("039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81", jobs.get(0).get("frame_hashes").get(0).asText());
        assertEquals("sign text", jobs.get(0).get("reference_text").asText());
        assertThrows(PyValueError.class, () -> Evidence.add(List.of(Fixtures.job()), path, "evidence_based"));
        Files.writeString(path, "{\"" + QID + "\": {\"frames\": [\"v/f0.png\", \"v/f1.JPG\"], \"frame_timestamps\": [2, 1]}}");
        assertThrows(PyValueError.class, () -> Evidence.add(List.of(Fixtures.job()), path, "frames"));
        Files.writeString(path, "{\"" + QID + "\": {\"frames\": [\"v/f0.gif\"]}}");
        assertThrows(PyValueError.class, () -> Evidence.add(List.of(Fixtures.job()), path, "frames"));
    }

    @Test
    void schemaRetriesResendOnlyTheLatestBadReply() {
        judge.scripter = (n, stage, body) -> switch (n) {
            case 1 -> ChatReply.text("not json");
            case 2 -> ChatReply.text("{\"score\": 0.1, \"reason\": \"cut\"}").withFinishReason("length");
            default -> null;
        };
        Settings s = Settings.of("vllm", "test-judge", "http://mock/v1", "evidence_based", 0.0, java.math.BigInteger.valueOf(42),
                null, false, 2, 0, 120);
        ObjectNode result = ThreeStageJudge.scoreAnswer(Fixtures.job(), client(0), s);
        assertEquals(78.0, result.get("vereval_100").doubleValue());
        List<JsonNode> requests = judge.requests();
        assertEquals(5, requests.size());
        JsonNode third = requests.get(2).get("messages");
        assertEquals(4, third.size());
        assertEquals("{\"score\": 0.1, \"reason\": \"cut\"}", third.get(2).get("content").asText());
        assertEquals(0.0, requests.get(0).get("temperature").doubleValue());
        assertEquals(42, requests.get(0).get("seed").intValue());
        assertFalse(requests.get(0).has("response_format"));
        assertFalse(requests.get(0).has("max_tokens"));
        assertEquals(2, requests.get(3).get("messages").size());
    }

    @Test
    void exhaustedSchemaRetriesAndNullContent() {
        judge.scripter = (n, stage, body) -> ChatReply.text(null);
        PyValueError e = assertThrows(PyValueError.class, () -> ThreeStageJudge.scoreAnswer(Fixtures.job(), client(0),
                Fixtures.settings("vllm", "evidence_based")));
        assertEquals("fact: invalid response after 2 attempts: No text response from judge", e.getMessage());
        assertEquals("", judge.requests().get(1).get("messages").get(2).get("content").asText());
    }

    @Test
    void transportRetries() {
        server.useFaults(Faults.none().withRule(FaultRule.onRequests(FaultKind.UNAVAILABLE, 1)));
        ObjectNode result = ThreeStageJudge.scoreAnswer(Fixtures.job(), client(1), Fixtures.settings("vllm", "evidence_based"));
        assertEquals(78.0, result.get("vereval_100").doubleValue());
        assertEquals(4, judge.requests().size());
        judge.clear();
        failEveryRequest(true);
        JudgeApiException e = assertThrows(JudgeApiException.class, () -> ThreeStageJudge.scoreAnswer(Fixtures.job(),
                client(2), Fixtures.settings("vllm", "evidence_based")));
        assertEquals("InternalServerError", e.pythonType());
        assertEquals("Error code: 503 - {'error': {'message': 'The server is overloaded or not ready yet (fake judge "
                + "fault).', 'type': 'server_error', 'param': None, 'code': None}}", e.getMessage());
        assertEquals(3, judge.requests().size());
    }

    @Test
    void anEchoedKeyIsRedactedAnAuthenticationErrorIsNotRetriedAndTheClientNamesNoKey() {
        List<Duration> waits = new ArrayList<>();
        try (FakeJudgeServer echo = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(call ->
                ChatReply.error(401, "Incorrect API key provided: " + call.header("Authorization"))))) {
            OpenAiChatClient c = new OpenAiChatClient(OpenAiChatClient.config(echo.baseUrl(), "test-judge", "TEST_TOKEN",
                    Duration.ofSeconds(30), 2).withSleeper(waits::add));
            ObjectNode request = VerEvalJson.F.objectNode().put("model", "test-judge");
            request.putArray("messages").addObject().put("role", "user").put("content", "x");
            JudgeApiException e = assertThrows(JudgeApiException.class, () -> c.create(request));
            assertEquals("AuthenticationError", e.pythonType());
            assertEquals(401, e.status());
            assertEquals("Error code: 401 - {'error': {'message': 'Incorrect API key provided: Bearer [REDACTED]', "
                    + "'type': 'invalid_request_error', 'param': None, 'code': None}}", e.getMessage());
            assertEquals(1, echo.journal().size());
            assertEquals(List.of(), waits);
            assertFalse(c.toString().contains("TEST_TOKEN"), c.toString());
            assertTrue(c.toString().contains("api key given"), c.toString());
        }
    }

    // ---- the CLI ----

    record Run(int status, String out, String err) {
    }

    private Run main(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = VerEvalMain.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), ENV);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private List<String> flags(Path benchmark, Path predictions, String... more) {
        List<String> f = new ArrayList<>(List.of("--benchmark", benchmark.toString(), "--predictions",
                predictions.toString(), "--backend", "vllm", "--model", "test-judge", "--base-url", server.baseUrl(),
                "--output", tmp.resolve("run").toString(), "--api-retries", "0"));
        f.addAll(List.of(more));
        return f;
    }

    @Test
    void cliDryRunResumeFingerprintsAndErrors() throws IOException {
        Path benchmark = tmp.resolve("bench.json");
        Path predictions = tmp.resolve("pred.jsonl");
        Files.writeString(benchmark, "[" + Fixtures.truth() + "]");
        Files.writeString(predictions, "{\"question_id\": \"" + QID + "\", \"prediction\": \"yes\"}\n");
        Run dry = main(flags(benchmark, predictions, "--dry-run"));
        assertEquals(0, dry.status());
        assertEquals("{\n  \"predictions\": 1,\n  \"benchmark\": 1,\n  \"missing\": 0,\n  \"evidence_mode\": \"evidence_based\",\n"
                + "  \"calls_without_retries\": 3\n}\n", dry.out());
        assertTrue(dry.err().startsWith("Evidence-based mode:"));
        assertFalse(Files.exists(tmp.resolve("run")));
        assertEquals(0, judge.requests().size());

        assertEquals(0, main(flags(benchmark, predictions)).status());
        Run resumed = main(flags(benchmark, predictions, "--resume"));
        assertEquals(0, resumed.status());
        assertTrue(resumed.out().startsWith("Scoring 0 answers; reusing 1; 0 missing\n"), resumed.out());
        assertEquals(3, judge.requests().size());
        Run again = main(flags(benchmark, predictions));
        assertEquals(2, again.status());
        assertTrue(again.err().contains("Choose a new directory or --resume"), again.err());

        Run temp = main(flags(benchmark, predictions, "--resume", "--temperature", "0"));
        assertEquals(2, temp.status());
        assertEquals("Error: Run configuration, predictions, evidence or prompts changed; choose a new output directory\n",
                temp.err().substring(temp.err().indexOf("Error:")));
        Files.writeString(predictions, "{\"question_id\": \"" + QID + "\", \"prediction\": \"changed\"}");
        assertEquals(2, main(flags(benchmark, predictions, "--resume")).status());
        assertEquals(3, judge.requests().size());

        // what was written: run.json, one ok row, summary; the key nowhere
        Path run = tmp.resolve("run");
        JsonNode runJson = VerEvalJson.loads(Files.readString(run.resolve("run.json")));
        assertEquals(List.of("settings", "run_fingerprint", "missing_ids", "expected", "submitted"), fieldNames(runJson));
        assertEquals(120, runJson.get("settings").get("timeout").intValue());
        assertTrue(runJson.get("settings").get("timeout").isIntegralNumber());
        List<ObjectNode> rows = Rows.load(run.resolve("scores.jsonl"));
        assertEquals(1, rows.size());
        assertEquals(List.of("question_id", "input_question_id", "task_id", "level", "video_path", "question",
                "ground_truth", "prediction", "status", "judgments", "vereval", "vereval_100", "fingerprint",
                "completed_at"), fieldNames(rows.get(0)));
        assertTrue(rows.get(0).get("completed_at").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"));
        JsonNode summary = VerEvalJson.loads(Files.readString(run.resolve("summary.json")));
        assertEquals(78.0, summary.get("micro_average").doubleValue());
        assertTrue(summary.get("complete").booleanValue());
        assertEquals("0\u2013100", summary.get("scale").asText());
        assertNoKey(run);

        failEveryRequest(true);
        Files.writeString(predictions, "{\"question_id\": \"" + QID + "\", \"prediction\": \"yes\"}\n");
        Run failed = main(flags(benchmark, predictions, "--output", tmp.resolve("error").toString()));
        assertEquals(1, failed.status());
        JsonNode report = VerEvalJson.loads(Files.readString(tmp.resolve("error/summary.json")));
        assertEquals(1, report.get("failed").intValue());
        assertTrue(report.get("micro_average").isNull());
        assertEquals(0, report.get("successful").intValue());
        assertEquals(0, report.get("missing").intValue());
        ObjectNode errorRow = Rows.load(tmp.resolve("error/scores.jsonl")).get(0);
        assertEquals("error", errorRow.get("status").asText());
        assertEquals("InternalServerError", errorRow.get("error_type").asText());
        assertFalse(errorRow.has("vereval"));
        assertNoKey(tmp.resolve("error"));

        // Fix the judge and rerun the same command with --resume: the failed row is scored, its history kept.
        failEveryRequest(false);
        Run fixed = main(flags(benchmark, predictions, "--output", tmp.resolve("error").toString(), "--resume"));
        assertEquals(0, fixed.status(), fixed.err());
        List<ObjectNode> history = Rows.load(tmp.resolve("error/scores.jsonl"));
        assertEquals(List.of("error", "ok"), history.stream().map(r -> r.get("status").asText()).toList());
        JsonNode fixedSummary = VerEvalJson.loads(Files.readString(tmp.resolve("error/summary.json")));
        assertEquals(0, fixedSummary.get("failed").intValue());
        assertEquals(78.0, fixedSummary.get("micro_average").doubleValue());
    }

    @Test
    void keyAndArgumentErrors() throws IOException {
        Path benchmark = tmp.resolve("bench.json");
        Path predictions = tmp.resolve("pred.json");
        Files.writeString(benchmark, "[" + Fixtures.truth() + "]");
        Files.writeString(predictions, "[{\"id\": \"" + QID + "\", \"generated\": \"\"}]");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> f = new ArrayList<>(flags(benchmark, predictions));
        f.set(f.indexOf("vllm"), "openai");
        // A judge on loopback needs no key (AgainstJudgeServeTest); any other one does.
        f.set(f.indexOf(server.baseUrl()), "https://judge.example.test/v1");
        int status = VerEvalMain.run(f.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Error: Set OPENAI_API_KEY before calling the service"));
        assertFalse(Files.exists(tmp.resolve("run")));
        for (String[] bad : new String[][] {{"--workers", "0"}, {"--timeout", "0"}, {"--api-retries", "-1"},
                {"--schema-retries", "-1"}, {"--max-tokens", "0"}, {"--temperature", "2.5"}, {"--temperature", "nan"},
                {"--base-url", "ftp://host/v1"}, {"--base-url", "http://u:p@host/v1"}, {"--base-url", "http://host/v1?x=1"},
                {"--base-url", "http://host/v1#f"}, {"--base-url", "http:///v1"}, {"--backend", "azure"},
                {"--evidence-mode", "video"}, {"--workers", "x"}, {"--bogus", "1"}}) {
            List<String> g = new ArrayList<>(flags(benchmark, predictions));
            g.addAll(List.of(bad));
            Run r = main(g);
            assertEquals(2, r.status(), String.join(" ", bad));
            assertTrue(r.err().contains("regrade vereval: error: "), r.err());
        }
        Run empty = main(flags(benchmark, predictions));
        assertEquals(0, empty.status(), empty.err());
        String answerSent = judge.requests().get(0).path("messages").path(1).path("content").path(0).path("text").asText();
        assertTrue(answerSent.contains("\"answer\": \"\""), answerSent);
        assertEquals(2, main(List.of("--benchmark", "b")).status());
        assertEquals(0, main(List.of("--help")).status());
        // Abbreviations and --flag=value are accepted, as argparse accepts them.
        List<String> abbreviated = new ArrayList<>(List.of("--bench=" + benchmark, "--pred", predictions.toString(),
                "--backend=vllm", "--mod", "m", "--base-url", server.baseUrl(), "--dry"));
        assertEquals(0, main(abbreviated).status());
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void assertNoKey(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                assertFalse(Files.readString(p).contains("TEST_TOKEN"), p.toString());
            }
        }
    }
}
