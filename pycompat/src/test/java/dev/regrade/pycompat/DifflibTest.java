package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class DifflibTest {

    @Test
    void examplesCheckedWithPython() {
        // python3: difflib.SequenceMatcher(None, a, b).ratio()
        assertEquals(0.72, Difflib.ratio("Jo Malone", "Jo Malone London"));
        assertEquals(0.4444444444444444, Difflib.ratio("Christian Dior", "Dior"));
        assertEquals(1.0, Difflib.ratio("", ""));
        assertEquals(0.0, Difflib.ratio("abc", ""));
        assertEquals(1.0, Difflib.ratio("same", "same"));
    }

    @Test
    void countsCodePointsNotUtf16Units() {
        // '😀a' vs 'a😀': one match of 1 out of 4 code points -> 0.5 (UTF-16 would give 4/6)
        assertEquals(0.5, Difflib.ratio("\uD83D\uDE00a", "a\uD83D\uDE00"));
    }

    @Test
    void autojunkDropsPopularElementsOfLongB() {
        // b has 300 elements, so 'a' and 'b' (150 occurrences each > 300 // 100 + 1)
        // are popular and never start a match: Python gives 0.0.
        assertEquals(0.0, Difflib.ratio("ba".repeat(5), "ab".repeat(150)));
        // with 199 elements there is no autojunk and matches are found
        String b = "ab".repeat(99) + "a";
        assertEquals(2.0 * 10 / (10 + 199), Difflib.ratio("ba".repeat(5), b));
    }

    @Test
    void matchesPythonOnRandomVectors() {
        Vectors.Mismatches m = new Vectors.Mismatches("difflib ratio");
        for (JsonNode row : Vectors.lines("difflib_ratio.jsonl")) {
            String a = row.get(0).asText();
            String b = row.get(1).asText();
            double expected = Vectors.fromBits(row.get(2).asText());
            double actual = Difflib.ratio(a, b);
            m.check(Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(actual),
                () -> "ratio(" + Vectors.show(a) + ", " + Vectors.show(b) + "): python "
                        + Vectors.show(expected) + ", java " + Vectors.show(actual));
        }
        m.assertNone(5000);
    }
}
