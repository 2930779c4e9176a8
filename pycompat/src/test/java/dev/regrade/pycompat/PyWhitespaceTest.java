package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** str.isspace() and the methods built on it against str_methods.jsonl and re_classes.json (gen_strings.py). */
class PyWhitespaceTest {

    @Test
    void stripFamilyAndSplitMatchPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("str.strip()/lstrip()/rstrip()/split()");
        for (JsonNode row : Vectors.lines("str_methods.jsonl")) {
            String s = row.get(0).asText();
            check(m, s, "strip", row.get(4).asText(), PyWhitespace.strip(s));
            check(m, s, "lstrip", row.get(5).asText(), PyWhitespace.lstrip(s));
            check(m, s, "rstrip", row.get(6).asText(), PyWhitespace.rstrip(s));
            List<String> words = PyWhitespace.split(s);
            m.check(PyStrTest.strings(row.get(7)).equals(words), () -> Vectors.show(s) + ".split(): python "
                    + row.get(7) + ", java " + words);
        }
        m.assertNone(4 * 3000);
    }

    @Test
    void isSpaceIsPythonsOnEveryCodePoint() {
        BitSet python = PyReTest.codePoints("s");
        Vectors.Mismatches m = new Vectors.Mismatches("str.isspace()");
        for (int cp = 0; cp < Character.MAX_CODE_POINT + 1; cp++) {
            int c = cp;
            m.check(python.get(cp) == PyWhitespace.isSpace(cp), () -> String.format("U+%04X: python %s", c, python.get(c)));
        }
        m.assertNone(0x110000);
    }

    private static void check(Vectors.Mismatches m, String s, String method, String expected, String actual) {
        m.check(expected.equals(actual), () -> Vectors.show(s) + "." + method + "(): python " + Vectors.show(expected)
                + ", java " + Vectors.show(actual));
    }
}
