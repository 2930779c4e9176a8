package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyJson;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Rows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file path of every scorer (fields read selectively, golden held compacted, predictions streamed)
 * writes exactly what the plain in-memory path computes from fully parsed rows, on a generated set at
 * 2× the real size, with predictions in golden order and shuffled (keyed pairing), in both variants.
 */
class StreamingPathTest {
    @TempDir
    Path tmp;

    @Test
    void filePathsWriteWhatTheInMemoryPathsCompute() throws IOException {
        WearableGenerator.Files3 f = WearableGenerator.generate(tmp.resolve("data"), 3, 2,
                WearableGenerator.Predictions.ALIGNED);
        assertEquals(1400, Rows.of(f.longqaGolden()).count());
        for (boolean shuffled : new boolean[] {false, true}) {
            Path lq = shuffled ? shuffle(f.longqaPreds()) : f.longqaPreds();
            Path cq = shuffled ? shuffle(f.convqaPreds()) : f.convqaPreds();
            Path pa = shuffled ? shuffle(f.proactivePreds()) : f.proactivePreds();
            for (Variant v : Variant.RELEASED_AND_FIXED) {
                String id = v.name() + (shuffled ? " shuffled" : "");
                List<String> fileWarnings = new ArrayList<>();
                List<String> memWarnings = new ArrayList<>();
                Path out = tmp.resolve(id.replace(' ', '-'));

                ScoreRun r = new LongQaScorer(v, fileWarnings::add).run(f.longqaGolden(), lq, out.resolve("lq.json"));
                ObjectNode mem = new LongQaScorer(v, memWarnings::add).evaluate(all(f.longqaGolden()), all(lq));
                assertSame(mem, r, "longqa " + id);

                r = new ConvQaScorer(v, fileWarnings::add, null).run(f.convqaGolden(), cq, out.resolve("cq.json"));
                mem = new ConvQaScorer(v, memWarnings::add, null).evaluate(all(f.convqaGolden()), all(cq), true, false);
                assertSame(mem, r, "convqa " + id);

                r = new ProactiveScorer(v, fileWarnings::add).run(f.proactiveGolden(), pa, out.resolve("pa.json"));
                mem = new ProactiveScorer(v, memWarnings::add).score(all(f.proactiveGolden()), all(pa));
                assertSame(mem, r, "proactive " + id);
                assertTrue(r.summary().get("overall").get("macro_f1").asDouble() > 0.5, "the generated model is scored");
            }
        }
    }

    /** The results file is the in-memory dict as json.dump(indent=2) writes it; the summary is the rest. */
    private static void assertSame(ObjectNode mem, ScoreRun run, String what) throws IOException {
        assertEquals(PyJson.dumps(mem, PerRow.INDENT_2), Files.readString(run.resultsPath(), StandardCharsets.UTF_8), what);
        ObjectNode head = mem.deepCopy();
        head.remove("per_row");
        assertEquals(PyJson.dumps(head, PerRow.INDENT_2), Files.readString(run.summaryPath(), StandardCharsets.UTF_8), what);
    }

    private static List<JsonNode> all(Path jsonl) {
        List<JsonNode> out = new ArrayList<>();
        try (Rows.RowIterator it = Rows.of(jsonl).open()) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    private Path shuffle(Path preds) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(preds, StandardCharsets.UTF_8));
        Collections.shuffle(lines, new Random(11));
        Path p = tmp.resolve("shuffled-" + preds.getParent().getFileName() + ".jsonl");
        Files.write(p, lines, StandardCharsets.UTF_8);
        return p;
    }
}
