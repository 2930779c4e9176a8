package dev.regrade.vereval;

import static dev.regrade.vereval.Fixtures.QID;
import static dev.regrade.vereval.Fixtures.truth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyValueError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The upstream AlignmentTests, plus the validation rules of the upstream {@code canonical_id} and {@code align}. */
class AlignmentTest {

    private static ObjectNode pred(String... kv) {
        ObjectNode o = VerEvalJson.F.objectNode();
        for (int i = 0; i < kv.length; i += 2) {
            o.put(kv[i], kv[i + 1]);
        }
        return o;
    }

    @Test
    void legacySwapPreservesSuffix() {
        assertEquals(QID, Alignment.canonicalId("3_L3.3_suffix_with_underscores", true));
        assertEquals("3_L3.3_suffix_with_underscores", Alignment.canonicalId("2_L2.5_suffix_with_underscores", true));
        assertEquals(QID, Alignment.canonicalId(QID, false));
    }

    @Test
    void invalidIds() {
        for (String bad : new String[] {"1_L2.1_x", "4_L4.1_x", "1_L1.1_", "1_L1.1", "1_L1._x", "1_L1.1_a\nb"}) {
            assertThrows(PyValueError.class, () -> Alignment.canonicalId(bad, false), bad);
        }
        assertEquals("Level/task mismatch: 1_L2.1_x",
                assertThrows(PyValueError.class, () -> Alignment.canonicalId("1_L2.1_x", false)).getMessage());
        assertEquals("1_L1.1_a_b_c", Alignment.canonicalId("1_L1.1_a_b_c", true));
    }

    @Test
    void strictAlignmentAndOldFields() {
        ObjectNode row = truth();
        Alignment.Aligned a = Alignment.align(List.of(row),
                List.of(pred("id", "3_L3.3_suffix_with_underscores", "generated", "yes", "question",
                        row.get("question").textValue())), true, false);
        assertTrue(a.missing().isEmpty());
        assertEquals(row.get("answer").textValue(), a.jobs().get(0).get("answer").textValue());
        assertEquals("L2.5", a.jobs().get(0).get("task_id").textValue());
        assertEquals("3_L3.3_suffix_with_underscores", a.jobs().get(0).get("input_question_id").textValue());
        for (String[] bad : new String[][] {{"question", "different"}, {"video_path", "wrong.mp4"},
                {"id", "1_L1.1_unknown"}}) {
            ObjectNode p = pred("id", QID, "generated", "yes");
            p.put(bad[0], bad[1]);
            assertThrows(PyValueError.class, () -> Alignment.align(List.of(row), List.of(p), false, false));
        }
        assertThrows(PyValueError.class, () -> Alignment.align(List.of(row),
                List.of(pred("id", QID, "answer", "Not a prediction")), false, false));
        ObjectNode p = pred("id", QID, "generated", "");
        assertThrows(PyValueError.class, () -> Alignment.align(List.of(row), List.of(p, p), false, false));
        List<ObjectNode> two = List.of(row, truth("1_L1.1_second"));
        assertThrows(PyValueError.class, () -> Alignment.align(two, List.of(p), false, false));
        assertEquals(1, Alignment.align(two, List.of(p), false, true).missing().size());
    }

    @Test
    void messagesAndEmptyPrediction() {
        ObjectNode row = truth();
        List<ObjectNode> two = List.of(row, truth("1_L1.1_second"));
        assertEquals("Missing 1 / 2 predictions; use --allow-partial explicitly", assertThrows(PyValueError.class,
                () -> Alignment.align(two, List.of(pred("question_id", QID, "prediction", "")), false, false)).getMessage());
        // An empty prediction is a real (empty) answer, kept for the judge.
        Alignment.Aligned a = Alignment.align(List.of(row), List.of(pred("question_id", QID, "prediction", "")), false, false);
        assertEquals("", a.jobs().get(0).get("prediction").textValue());
        assertEquals("Conflicting id and question_id", assertThrows(PyValueError.class, () -> Alignment.align(List.of(row),
                List.of(pred("question_id", QID, "id", "1_L1.1_x", "prediction", "a")), false, false)).getMessage());
        assertThrows(PyValueError.class, () -> Alignment.align(List.of(row),
                List.of(pred("question_id", QID, "prediction", "a", "generated", "b")), false, false));
        assertEquals("No predictions to evaluate", assertThrows(PyValueError.class,
                () -> Alignment.align(List.of(row), List.of(), false, true)).getMessage());
        // video names compare by base name
        assertEquals(1, Alignment.align(List.of(row), List.of(pred("question_id", QID, "prediction", "a",
                "video", "/data/videos/example.mp4")), false, false).jobs().size());
        // A double legacy swap fails strict matching.
        assertThrows(PyValueError.class, () -> Alignment.align(List.of(row),
                List.of(pred("question_id", QID, "prediction", "a")), true, false));
        ObjectNode badMeta = truth();
        badMeta.put("level", 3);
        assertEquals("Inconsistent benchmark metadata: " + QID, assertThrows(PyValueError.class,
                () -> Alignment.align(List.of(badMeta), List.of(), false, true)).getMessage());
        assertThrows(PyValueError.class, () -> Alignment.align(List.of(row, truth()), List.of(), false, true));
        ObjectNode noId = truth();
        noId.remove("question_id");
        PyException e = assertThrows(PyException.class, () -> Alignment.align(List.of(noId), List.of(), false, true));
        assertEquals("KeyError", e.pythonType());
    }

    @Test
    void invalidScores() {
        for (String value : new String[] {"\"NaN\"", "\"Infinity\"", "-0.1", "1.01", "true", "null"}) {
            PyException e = assertThrows(PyException.class,
                    () -> Judgments.parse("{\"score\": " + value + ", \"reason\": \"x\"}"), value);
            assertTrue(List.of("ValueError", "TypeError").contains(e.pythonType()), value);
        }
        for (String raw : new String[] {"[]", "{}", "{\"score\": 0.5, \"reason\": \"\"}", "not json"}) {
            PyException e = assertThrows(PyException.class, () -> Judgments.parse(raw), raw);
            assertTrue(List.of("ValueError", "KeyError").contains(e.pythonType()), raw);
        }
        assertEquals(0.5, Judgments.parse("```json\n{\"score\":\"0.50\",\"reason\":\"ok\"}\n```").score());
    }

    @Test
    void scoreRules() {
        assertEquals(0.0, Judgments.parse("{\"score\": 0, \"reason\": \"r\"}").score());
        assertEquals(1.0, Judgments.parse("{\"score\": 1, \"reason\": \"r\"}").score());
        assertEquals(1.0, Judgments.parse("{\"score\": \" 1_0e-1 \", \"reason\": \"r\"}").score());
        assertEquals(" keep me ", Judgments.parse("{\"score\": 0.3, \"reason\": \" keep me \"}").reason());
        assertThrows(PyValueError.class, () -> Judgments.parse("{\"score\": NaN, \"reason\": \"r\"}"));
        assertThrows(PyValueError.class, () -> Judgments.parse("{\"score\": Infinity, \"reason\": \"r\"}"));
        assertThrows(PyValueError.class, () -> Judgments.parse("{\"score\": 0.5, \"reason\": \"  \"}"));
        assertThrows(PyValueError.class, () -> Judgments.parse("{\"score\": 0.5, \"reason\": 3}"));
        assertThrows(PyValueError.class, () -> Judgments.parse("{\"score\": 0.5, \"reason\": \"r\"} extra"));
        assertThrows(PyValueError.class, () -> Judgments.parse(null));
        assertEquals("TypeError", assertThrows(PyException.class,
                () -> Judgments.parse("{\"score\": [0.5], \"reason\": \"r\"}")).pythonType());
        assertEquals("OverflowError", assertThrows(PyException.class,
                () -> Judgments.parse("{\"score\": 1" + "0".repeat(400) + ", \"reason\": \"r\"}")).pythonType());
        assertEquals(0.25, Judgments.parse("```\n{\"score\": 0.25, \"reason\": \"r\"}\n```").score());
    }
}
