package dev.regrade.vereval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.Faults;
import dev.regrade.pycompat.PyJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crash: a child JVM runs {@link VerEvalMain} against a slow judge on 127.0.0.1 and is killed
 * (SIGKILL) mid-run; {@code --resume} then scores exactly the rows that were not yet written. No
 * finished row is lost, none is scored twice.
 */
class KillResumeTest {
    static final int SUBMITTED = 40;

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void killedChildLosesNothingAndResumeScoresEachRowOnce() throws Exception {
        Path test = SyntheticBenchmark.generate(tmp.resolve("data"), 11);
        List<ObjectNode> rows = Rows.load(test);
        Map<String, String> questionOf = new HashMap<>();
        StringBuilder preds = new StringBuilder();
        for (ObjectNode r : rows.subList(0, SUBMITTED)) {
            questionOf.put(r.get("question_id").asText(), r.get("question").asText());
            preds.append(PyJson.dumps(VerEvalJson.F.objectNode().put("question_id", r.get("question_id").asText())
                    .put("prediction", r.get("answer").asText()), VerEvalJson.TEXT)).append('\n');
        }
        Path predictions = tmp.resolve("pred.jsonl");
        Files.writeString(predictions, preds);
        Path out = tmp.resolve("run");
        Path scores = out.resolve("scores.jsonl");
        StageResponder judge = new StageResponder();
        try (FakeJudgeServer server = judge.serve()) {
            server.useFaults(Faults.none().withLatency(Duration.ofMillis(60)));
            List<String> args = List.of("--benchmark", test.toString(), "--predictions", predictions.toString(),
                    "--backend", "vllm", "--model", "test-judge", "--base-url", server.baseUrl(), "--allow-partial",
                    "--workers", "2", "--api-retries", "0", "--output", out.toString());
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), VerEvalMain.class.getName()));
            command.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectOutput(tmp.resolve("child.out").toFile())
                    .redirectError(tmp.resolve("child.err").toFile());
            pb.environment().put("VLLM_API_KEY", "TEST_TOKEN");
            Process child = pb.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (lines(scores) < 6) {
                assertTrue(child.isAlive(), "the child ended before it was killed: " + Files.readString(tmp.resolve("child.err")));
                assertTrue(System.nanoTime() < deadline, "no progress: " + Files.readString(tmp.resolve("child.err")));
                Thread.sleep(10);
            }
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertTrue(child.exitValue() != 0, "killed, not finished");
            assertTrue(Files.readString(tmp.resolve("child.out")).startsWith("Scoring 40 answers; reusing 0; 1351 missing"));

            String written = Files.readString(scores);
            assertTrue(written.endsWith("\n"), "only whole rows are on disk");
            List<ObjectNode> before = Rows.load(scores);
            int finished = before.size();
            assertTrue(finished >= 6 && finished < SUBMITTED, "killed mid-run after " + finished + " rows");
            Set<String> done = new HashSet<>();
            for (ObjectNode r : before) {
                assertEquals("ok", r.get("status").asText());
                assertTrue(done.add(r.get("question_id").asText()), "a row written twice");
            }
            assertFalse(Files.exists(out.resolve("summary.json")));

            judge.clear();
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            List<String> resume = new ArrayList<>(args);
            resume.add("--resume");
            int status = VerEvalMain.run(resume.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                    new PrintStream(new ByteArrayOutputStream()), Map.of("VLLM_API_KEY", "TEST_TOKEN"));
            assertEquals(0, status);
            assertTrue(stdout.toString(StandardCharsets.UTF_8).startsWith("Scoring " + (SUBMITTED - finished)
                    + " answers; reusing " + finished + "; 1351 missing"));

            // The resumed run asked the judge about the unfinished rows only, three calls each.
            List<JsonNode> requests = judge.requests();
            assertEquals(3 * (SUBMITTED - finished), requests.size());
            Set<String> asked = new HashSet<>();
            for (JsonNode req : requests) {
                asked.add(VerEvalJson.loads(req.path("messages").path(1).path("content").path(0).path("text").asText())
                        .get("question").asText());
            }
            for (String qid : done) {
                assertFalse(asked.contains(questionOf.get(qid)), qid + " was scored twice");
            }
            assertEquals(SUBMITTED - finished, asked.size());

            // Every submitted row is on disk exactly once, the rows from before the kill unchanged.
            List<ObjectNode> after = Rows.load(scores);
            assertEquals(SUBMITTED, after.size());
            assertEquals(before, after.subList(0, finished));
            Set<String> all = new HashSet<>();
            for (ObjectNode r : after) {
                assertEquals("ok", r.get("status").asText());
                assertTrue(all.add(r.get("question_id").asText()));
            }
            assertEquals(questionOf.keySet(), all);
            JsonNode summary = VerEvalJson.loads(Files.readString(out.resolve("summary.json")));
            assertEquals(SUBMITTED, summary.get("successful").intValue());
            assertEquals(0, summary.get("failed").intValue());
            assertEquals(1391 - SUBMITTED, summary.get("missing").intValue());
            assertFalse(summary.get("complete").booleanValue());
            assertEquals(78.0, summary.get("micro_average").doubleValue());
            assertEquals(List.of(), judge.problems());
        }
    }

    private static int lines(Path p) throws java.io.IOException {
        if (!Files.exists(p)) {
            return 0;
        }
        String s = Files.readString(p);
        return (int) s.chars().filter(c -> c == '\n').count();
    }
}
