package dev.regrade.vereval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.ChatResponder;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.port.VerdictRules;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** VerEval end to end against the fake judge as {@code judge serve} sets it up ({@link VerEvalResponder}). */
class AgainstJudgeServeTest {
    @TempDir
    Path tmp;

    private record Run(int status, String out, String err) {
    }

    private static Run vereval(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = VerEvalMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyRowOfTheGeneratedBenchmarkIsScoredWithNoKey() throws Exception {
        Path test = SyntheticBenchmark.generate(tmp.resolve("data"), 7);
        Path preds = tmp.resolve("data/predictions.jsonl");
        assertEquals(1391, SyntheticBenchmark.writePredictions(test, preds));
        try (FakeJudgeServer judge = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(new VerEvalResponder()))) {
            Run run = vereval(Map.of(), "--benchmark", test.toString(), "--predictions", preds.toString(),
                    "--backend", "openai", "--model", "fake-judge", "--base-url", judge.baseUrl(),
                    "--output", tmp.resolve("out").toString());
            assertEquals(0, run.status(), run.err());
            JsonNode summary = VerEvalJson.loads(Files.readString(tmp.resolve("out/summary.json")));
            assertEquals(1391, summary.get("successful").intValue(), summary.toString());
            assertEquals(0, summary.get("failed").intValue());
            assertTrue(summary.get("complete").booleanValue());
            assertEquals(100.0, summary.get("task_macro_average").doubleValue(), "the accept rule supports every answer");
            List<JournalEntry> journal = judge.journal();
            assertEquals(3 * 1391, journal.size());
            assertTrue(journal.stream().allMatch(e -> e.status() == 200));
        }
    }

    @Test
    void theRulesJudgeTheCandidateAnswerAndASetKeyIsSentButNeverWritten() throws Exception {
        Path test = SyntheticBenchmark.generate(tmp.resolve("data"), 7);
        List<ObjectNode> rows = Rows.load(test).subList(0, 6);
        StringBuilder jsonl = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            ObjectNode p = VerEvalJson.F.objectNode().put("id", rows.get(i).get("question_id").textValue())
                    .put("generated", i % 2 == 0 ? rows.get(i).get("answer").textValue() : "no idea");
            jsonl.append(PyJson.dumps(p, VerEvalJson.TEXT)).append('\n');
        }
        Path preds = tmp.resolve("legacy.jsonl");
        Files.writeString(preds, jsonl);
        String key = "sk-never-written-0123456789";
        List<String> auth = Collections.synchronizedList(new ArrayList<>());
        ChatResponder stages = new VerEvalResponder();
        try (FakeJudgeServer judge = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withRules(VerdictRules.accept().withReject(List.of("no idea")))
                .withResponder(call -> {
                    auth.add(call.header("Authorization"));
                    return stages.respond(call);
                }))) {
            Path out = tmp.resolve("out");
            Run run = vereval(Map.of("OPENAI_API_KEY", key), "--benchmark", test.toString(), "--predictions",
                    preds.toString(), "--allow-partial", "--backend", "openai", "--model", "fake-judge",
                    "--base-url", judge.baseUrl(), "--output", out.toString(), "--workers", "1");
            assertEquals(0, run.status(), run.err());
            assertEquals(List.of("Bearer " + key), auth.stream().distinct().toList());
            List<ObjectNode> scores = Rows.load(out.resolve("scores.jsonl"));
            assertEquals(6, scores.size());
            for (ObjectNode row : scores) {
                boolean known = !row.get("prediction").textValue().equals("no idea");
                assertEquals(known ? 1.0 : 0.0, row.get("vereval").doubleValue(), row.toString());
                assertEquals(known ? "Supported under the offline rule accept, reject [no idea]."
                        : "Not supported under the offline rule accept, reject [no idea].",
                        row.at("/judgments/consistency/reason").textValue());
            }
            assertFalse(run.out().contains(key) || run.err().contains(key));
            try (Stream<Path> files = Files.walk(out)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(f).contains(key), f + " holds the key");
                }
            }
        }
    }

    @Test
    void aRemoteEndpointStillNeedsItsKey() {
        Path test = SyntheticBenchmark.generate(tmp.resolve("data"), 7);
        Path preds = tmp.resolve("p.jsonl");
        SyntheticBenchmark.writePredictions(test, preds);
        Run real = vereval(Map.of(), "--benchmark", test.toString(), "--predictions", preds.toString(), "--backend",
                "openai", "--model", "m", "--base-url", "https://judge.example.test/v1", "--output",
                tmp.resolve("o").toString());
        assertEquals(2, real.status());
        assertEquals("Error: Set OPENAI_API_KEY before calling the service\n", real.err().lines()
                .filter(l -> l.startsWith("Error")).findFirst().orElse("") + "\n");
    }
}
