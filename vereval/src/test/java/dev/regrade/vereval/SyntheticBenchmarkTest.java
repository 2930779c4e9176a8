package dev.regrade.vereval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The synthetic test split: real size, real format, valid for the scorer; dry-run gives the guide's 4,173 calls. */
class SyntheticBenchmarkTest {
    @TempDir
    Path tmp;

    @Test
    void sizeFormatAndDeterminism() throws Exception {
        Path test = SyntheticBenchmark.generate(tmp.resolve("a"), 7);
        List<ObjectNode> rows = Rows.load(test);
        assertEquals(1391, rows.size());
        Map<String, Integer> perTask = new HashMap<>();
        Set<String> videos = new HashSet<>();
        Set<String> ids = new HashSet<>();
        Map<String, Set<String>> tasksPerVideo = new HashMap<>();
        for (ObjectNode r : rows) {
            List<String> keys = new ArrayList<>();
            r.fieldNames().forEachRemaining(keys::add);
            assertEquals(List.of("task_id", "task_name", "level", "question_id", "question", "answer", "video_path"), keys);
            String qid = r.get("question_id").asText();
            assertEquals(qid, Alignment.canonicalId(qid, false));
            assertTrue(qid.matches("[123]_L[123]\\.\\d_[0-9a-f]{8}"), qid);
            assertTrue(r.get("level").isInt());
            assertTrue(r.get("video_path").asText().matches("VID_\\d{8}_\\d{6}\\.mp4"));
            ids.add(qid);
            perTask.merge(r.get("task_id").asText(), 1, Integer::sum);
            videos.add(r.get("video_path").asText());
            tasksPerVideo.computeIfAbsent(r.get("video_path").asText(), k -> new HashSet<>()).add(r.get("task_id").asText());
        }
        assertEquals(1391, ids.size());
        assertEquals(13, perTask.size());
        perTask.values().forEach(n -> assertEquals(107, n));
        assertEquals(107, videos.size());
        tasksPerVideo.values().forEach(t -> assertEquals(13, t.size()));
    }

    @Test
    void sameSeedSameBytes() throws Exception {
        Path a = SyntheticBenchmark.generate(tmp.resolve("a"), 7);
        Path b = SyntheticBenchmark.generate(tmp.resolve("b"), 7);
        Path c = SyntheticBenchmark.generate(tmp.resolve("c"), 8);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertNotEquals(Files.readString(a), Files.readString(c));
        JsonNode summary = VerEvalJson.loads(Files.readString(tmp.resolve("a/release-summary.json")));
        assertEquals(1391, summary.get("questions").intValue());
        assertEquals(107, summary.get("videos").intValue());
        assertEquals(13, VerEvalJson.loads(Files.readString(tmp.resolve("a/tasks.json"))).size());
        assertTrue(Files.readString(a).startsWith("[\n  {\n    \"task_id\": \"L1.1\",\n"));
    }

    @Test
    void dryRunOnTheFullSplit() throws Exception {
        Path test = SyntheticBenchmark.generate(tmp.resolve("data"), 1);
        StringBuilder preds = new StringBuilder();
        for (ObjectNode r : Rows.load(test)) {
            preds.append(PyJson.dumps(VerEvalJson.F.objectNode().put("question_id", r.get("question_id").asText())
                    .put("prediction", r.get("answer").asText()), VerEvalJson.TEXT)).append('\n');
        }
        Path p = tmp.resolve("pred.jsonl");
        Files.writeString(p, preds);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = VerEvalMain.run(new String[] {"--benchmark", test.toString(), "--predictions", p.toString(),
                "--backend", "vllm", "--model", "vereval-judge", "--temperature", "0", "--max-tokens", "1024",
                "--seed", "42", "--output", tmp.resolve("out").toString(), "--dry-run"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()), Map.of());
        assertEquals(0, status);
        JsonNode d = VerEvalJson.loads(out.toString(StandardCharsets.UTF_8));
        assertEquals(1391, d.get("predictions").intValue());
        assertEquals(1391, d.get("benchmark").intValue());
        assertEquals(0, d.get("missing").intValue());
        assertEquals(4173, d.get("calls_without_retries").intValue());
        assertTrue(!Files.exists(tmp.resolve("out")));
    }
}
