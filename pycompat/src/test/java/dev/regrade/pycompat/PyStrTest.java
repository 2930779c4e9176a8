package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PyStrTest {

    @Test
    void examplesCheckedWithPython() {
        assertEquals("Hello Ss \u02bcN World \u01c5 \u03a3\u03b1\u03c2 \u039f\u03b4\u03bf\u03c2. They'Re 1St",
                PyStr.title("Hello \u00df \u0149 world \u01c6 \u03a3\u0391\u03a3 \u039f\u0394\u039f\u03a3. they're 1st"));
        assertEquals("\u038c\u03c3\u03bf\u03c2 \u03a3'\u03a3", PyStr.title("\u038c\u03a3\u039f\u03a3 \u03c3'\u03a3"));
        assertEquals("Jo Malone London", PyStr.title("jo MALONE london"));
        assertEquals("", PyStr.title(""));
    }

    @Test
    void matchesPythonOnRandomStringsAndAllBmpLetters() {
        pairs("str_title.jsonl", "title()", PyStr::title, 3000);
    }

    /**
     * Every code point c, in the contexts c + "a" + c + " AΣ" + c + "a 1" + c + "Σ ",
     * which exercise its title and lower mappings, whether it is cased and whether it
     * is case-ignorable; compared by SHA-256 per block of 4096 code points.
     */
    @Test
    void matchesPythonOnEveryCodePoint() {
        sweep("str_title_sweep.jsonl", "title()", PyStr::title, (s, c) -> s.append(c).append('a').append(c)
                .append(" A\u03a3").append(c).append("a 1").append(c).append("\u03a3 "));
    }

    @Test
    void lowerExamplesCheckedWithPython() {
        assertEquals("\u03b1\u03c2 \u03b1\u03c2\u0301 \u03b1\u03c3a \u03c3\u03b1 \u03c3 i\u0307stanbul \u00df \u01c6 "
                + "\u03cc\u03c3\u03bf\u03c2",
                PyStr.lower("\u0391\u03a3 \u0391\u03a3\u0301 \u0391\u03a3A \u03a3\u0391 \u03a3 \u0130STANBUL \u1e9e \u01c4 "
                        + "\u038c\u03a3\u039f\u03a3"));
        assertEquals("jo malone london", PyStr.lower("Jo MALONE London"));
        assertEquals("already lower 123", PyStr.lower("already lower 123"));
        assertEquals("", PyStr.lower(""));
    }

    @Test
    void lowerMatchesPythonOnRandomStringsSigmaContextsAndAllBmpLetters() {
        pairs("str_lower.jsonl", "lower()", PyStr::lower, 4800);
    }

    /**
     * Every code point c, in the contexts c + "Σ" + c + " A" + c + "Σ AΣ" + c + "a AΣ" + c + " "
     * (its lower mapping; c as the cased letter before a capital sigma, as a case-ignorable
     * code point skipped before or after it, as the cased letter after it); compared by
     * SHA-256 per block of 4096 code points.
     */
    @Test
    void lowerMatchesPythonOnEveryCodePoint() {
        sweep("str_lower_sweep.jsonl", "lower()", PyStr::lower, (s, c) -> s.append(c).append('\u03a3').append(c)
                .append(" A").append(c).append("\u03a3 A\u03a3").append(c).append("a A\u03a3").append(c).append(' '));
    }

    @Test
    void upperMatchesPythonOnRandomStrings() {
        assertEquals("SS \u02bcN FFI \u0399\u0308\u0301 ANSWER B.", PyStr.upper("\u00df \u0149 \ufb03 \u0390 answer b."));
        pairs("str_upper.jsonl", "upper()", PyStr::upper, 3000);
    }

    /** Every code point c as c + " a" (its full upper mapping), compared by SHA-256 per block of 4096. */
    @Test
    void upperMatchesPythonOnEveryCodePoint() {
        sweep("str_upper_sweep.jsonl", "upper()", PyStr::upper, (s, c) -> s.append(c).append(" a"));
    }

    /** Rows [s, python's result] of {@code resource}, at least {@code min} of them. */
    private static void pairs(String resource, String what, UnaryOperator<String> mapping, int min) {
        Vectors.Mismatches m = new Vectors.Mismatches("str." + what);
        for (JsonNode row : Vectors.lines(resource)) {
            String s = row.get(0).asText();
            String expected = row.get(1).asText();
            String actual = mapping.apply(s);
            m.check(expected.equals(actual), () -> Vectors.show(s) + "." + what + ": python "
                    + Vectors.show(expected) + ", java " + Vectors.show(actual));
        }
        m.assertNone(min);
    }

    /**
     * Every code point c in the context {@code pattern} writes for it, block by block of 4096 code
     * points, compared with python3 by the SHA-256 of the mapped block.
     */
    private static void sweep(String resource, String what, UnaryOperator<String> mapping,
                              BiConsumer<StringBuilder, String> pattern) {
        Vectors.Mismatches m = new Vectors.Mismatches("str." + what + " sweep");
        for (JsonNode row : Vectors.lines(resource)) {
            int lo = row.get("lo").asInt();
            int hi = row.get("hi").asInt();
            StringBuilder s = new StringBuilder();
            for (int cp = lo; cp < hi; cp++) {
                pattern.accept(s, Character.toString(cp));
            }
            String actual = Vectors.sha256(Vectors.utf8SurrogatePass(mapping.apply(s.toString())));
            m.check(row.get("sha256").asText().equals(actual),
                () -> String.format("block U+%04X..U+%04X: %s output differs (sha256)", lo, hi - 1, what));
        }
        m.assertNone(272);
    }

    @Test
    void stripCharsAndSplitlinesMatchPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("str.strip(chars), str.splitlines()");
        for (JsonNode row : Vectors.lines("str_methods.jsonl")) {
            String s = row.get(0).asText();
            String chars = row.get(1).asText();
            String stripped = PyStr.strip(s, chars);
            m.check(row.get(2).asText().equals(stripped), () -> Vectors.show(s) + ".strip(" + Vectors.show(chars)
                    + "): python " + Vectors.show(row.get(2).asText()) + ", java " + Vectors.show(stripped));
            List<String> lines = PyStr.splitlines(s);
            m.check(strings(row.get(3)).equals(lines), () -> Vectors.show(s) + ".splitlines(): python " + row.get(3)
                    + ", java " + lines);
        }
        m.assertNone(6000);
    }

    @Test
    void orderIsPythonsStrComparison() {
        Vectors.Mismatches m = new Vectors.Mismatches("str <");
        for (JsonNode row : Vectors.lines("str_order.jsonl")) {
            String a = row.get(0).asText();
            String b = row.get(1).asText();
            int actual = Integer.signum(PyStr.ORDER.compare(a, b));
            m.check(row.get(2).asInt() == actual, () -> Vectors.show(a) + " vs " + Vectors.show(b) + ": python "
                    + row.get(2) + ", java " + actual);
        }
        m.assertNone(3000);
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }
}
