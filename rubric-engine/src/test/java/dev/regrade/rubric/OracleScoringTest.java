package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.JsonField;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.TreeJson;
import dev.regrade.rubric.rescore.Rescore;
import dev.regrade.rubric.rescore.Rescorer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** compute_score vectors and result files written by the Python original. */
class OracleScoringTest {
    /** {@code json.dumps(obj, indent=1, ensure_ascii=False)}. */
    private static final PyJson.Format INDENT_1 = PyJson.DUMPS.indent(1).ensureAscii(false);
    /** {@code json.dumps(obj, indent=4, ensure_ascii=False)}. */
    private static final PyJson.Format INDENT_4 = PyJson.DUMPS.indent(4).ensureAscii(false);

    @Test
    void computeScoreMatchesTheOriginalOnTwoThousandRandomTrees() throws IOException {
        List<String> lines = Files.readAllLines(OracleScenarioTest.resource("oracle/compute_score.jsonl"),
                StandardCharsets.UTF_8);
        assertTrue(lines.size() >= 2000, "vectors present: " + lines.size());
        for (int i = 0; i < lines.size(); i++) {
            JsonNode v = JsonFiles.parse(lines.get(i));
            Node root = TreeJson.fromJson(JsonField.at(null, "$.tree", v.get("tree")));
            double score = root.computeScore(true);
            assertEquals(v.get("final").doubleValue(), score, "line " + (i + 1) + " final score");
            assertEquals(PyJson.dumps(v.get("scored"), INDENT_1), PyJson.dumps(TreeJson.toJson(root), INDENT_1),
                    "line " + (i + 1) + " scored tree");
        }
    }

    private static List<Path> pythonResults() throws IOException {
        try (Stream<Path> s = Files.list(OracleScenarioTest.resource("oracle/results"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyResultWrittenByThePythonOriginalRescoresConsistent() throws IOException {
        List<Path> files = pythonResults();
        assertTrue(files.size() >= 6, "python results present: " + files.size());
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Rescore r = Rescorer.rescore(JsonField.root(null, JsonFiles.parse(text)));
            assertTrue(r.hadTree(), f.toString());
            assertEquals(List.of(), r.disagreements(), f.getFileName() + " disagreements");
            // The recomputed document is the same document: Python wrote it without a final newline.
            assertEquals(text, PyJson.dumps(r.recomputed(), INDENT_4), f.getFileName() + " recomputed bytes");
        }
    }

    @Test
    void aHandEditedFinalScoreOrLeafIsFlagged() throws IOException {
        for (Path f : pythonResults()) {
            ObjectNode doc = (ObjectNode) JsonFiles.parse(Files.readString(f, StandardCharsets.UTF_8));
            double stored = doc.get("final_score").doubleValue();
            doc.put("final_score", stored == 1.0 ? 0.5 : 1.0);
            Rescore r = Rescorer.rescore(JsonField.root(null, doc));
            assertEquals(1, r.disagreements().size(), f.getFileName().toString());
            assertEquals("$.final_score", r.disagreements().get(0).path());
        }
    }
}
