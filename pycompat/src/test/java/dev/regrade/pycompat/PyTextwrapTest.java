package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class PyTextwrapTest {

    private static final String TRUNCATED = "\u2026 [CONTENT TRUNCATED]";

    @Test
    void examplesCheckedWithPython() {
        assertEquals("Hello world!", PyTextwrap.shorten("Hello  world!", 12, " [...]"));
        assertEquals("Hello [...]", PyTextwrap.shorten("Hello  world!", 11, " [...]"));
        assertEquals("Look, goof-ball...", PyTextwrap.shorten("Look, goof-ball -- use the -b option!", 20, "..."));
        assertEquals("aaaa-bbbb-cccc-dddd", PyTextwrap.shorten("aaaa-bbbb-cccc-dddd", 19, " [...]"));
        assertEquals("", PyTextwrap.shorten(" \u3000\n", 5, "..."));
        PyValueError e = assertThrows(PyValueError.class, () -> PyTextwrap.shorten("", 2, "..."));
        assertEquals("placeholder too large for max width", e.pythonMessage());
        e = assertThrows(PyValueError.class, () -> PyTextwrap.shorten("abc", 0, ""));
        assertEquals("invalid width 0 (must be > 0)", e.pythonMessage());
    }

    @Test
    void matchesPythonOnRandomTexts() {
        Vectors.Mismatches m = new Vectors.Mismatches("textwrap.shorten()");
        for (JsonNode row : Vectors.lines("textwrap_shorten.jsonl")) {
            String text = row.get(0).asText();
            int width = row.get(1).asInt();
            String placeholder = row.get(2).asText();
            String expected = row.size() == 5 ? "ValueError: " + row.get(4).asText() : row.get(3).asText();
            String actual;
            try {
                actual = PyTextwrap.shorten(text, width, placeholder);
            } catch (PyValueError e) {
                actual = "ValueError: " + e.pythonMessage();
            }
            String a = actual;
            m.check(expected.equals(actual), () -> "shorten(" + Vectors.show(text) + ", " + width + ", "
                    + PyRepr.repr(placeholder) + "): python " + Vectors.show(expected) + ", java " + Vectors.show(a));
        }
        m.assertNone(8000);
    }

    /** Multi-megabyte texts, shortened to the engine's 400,000 code points. */
    @Test
    void matchesPythonOnBigTexts() {
        Vectors.Mismatches m = new Vectors.Mismatches("textwrap.shorten() on big texts");
        for (JsonNode row : Vectors.lines("textwrap_shorten_big.jsonl")) {
            String unit = row.get(0).asText();
            int repeat = row.get(1).asInt();
            int width = row.get(2).asInt();
            String placeholder = row.get(3).asText();
            String actual = PyTextwrap.shorten(unit.repeat(repeat), width, placeholder);
            int length = actual.codePointCount(0, actual.length());
            String sha = Vectors.sha256(Vectors.utf8SurrogatePass(actual));
            m.check(length == row.get(4).asInt() && sha.equals(row.get(5).asText()),
                () -> "shorten(" + Vectors.show(unit) + " * " + repeat + ", " + width + ", "
                        + PyRepr.repr(placeholder) + "): python length " + row.get(4).asInt() + ", java "
                        + length);
        }
        m.assertNone(42);
    }

    /** Linear time: texts that would be slow for a quadratic chunker. */
    @Test
    void isFastOnHugeTexts() {
        String[] units = {"-", "a-", "ab-", "a--", "!-", "x", "a ", "ab-cd "};
        long start = System.nanoTime();
        for (String unit : units) {
            String text = unit.repeat(4_000_000 / unit.length());
            String r = PyTextwrap.shorten(text, 400_000, TRUNCATED);
            assertTrue(r.codePointCount(0, r.length()) <= 400_000);
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertTrue(seconds < 60, "took " + seconds + " s");
    }
}
