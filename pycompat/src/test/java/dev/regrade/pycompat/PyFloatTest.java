package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PyFloatTest {

    @Test
    void examplesCheckedWithPython() {
        assertEquals(179.0, PyFloat.parse("179.00"));
        assertEquals(1.5, PyFloat.parse(" \t1.5\n"));
        assertEquals(1000.5, PyFloat.parse("1_000.5"));
        assertEquals(1e10, PyFloat.parse("1e1_0"));
        assertEquals(Double.NEGATIVE_INFINITY, PyFloat.parse("-Infinity"));
        assertEquals(Double.POSITIVE_INFINITY, PyFloat.parse("1e999"));
        assertEquals(123.0, PyFloat.parse("\u0967\u0968\u0969")); // Devanagari digits
        assertEquals(1.5, PyFloat.parse("\u00a01.5\u3000"));
        assertEquals("-0.0", PyRepr.repr(PyFloat.parse("-0")));
        assertEquals(0xfff8000000000000L, Double.doubleToRawLongBits(PyFloat.parse("-nan")));
    }

    @Test
    void failuresCarryPythonsMessage() {
        PyValueError e = assertThrows(PyValueError.class, () -> PyFloat.parse("$179.00"));
        assertEquals("could not convert string to float: '$179.00'", e.getMessage());
        assertEquals("ValueError: could not convert string to float: '$179.00'", e.toString());
        assertEquals("could not convert string to float: ''",
                assertThrows(PyValueError.class, () -> PyFloat.parse("")).getMessage());
        assertEquals("could not convert string to float: \"it's\"",
                assertThrows(PyValueError.class, () -> PyFloat.parse("it's")).getMessage());
        assertEquals("could not convert string to float: '1__0'",
                assertThrows(PyValueError.class, () -> PyFloat.parse("1__0")).getMessage());
        assertEquals("could not convert string to float: '\\x1c1'",
                assertThrows(PyValueError.class, () -> PyFloat.parse("\u001c1")).getMessage());
    }

    @Test
    void matchesPythonOnRandomVectors() {
        Vectors.Mismatches m = new Vectors.Mismatches("float(s)");
        for (JsonNode row : Vectors.lines("float_parse.jsonl")) {
            String s = row.get(0).asText();
            String expected = row.size() == 2
                    ? "value " + Vectors.show(Vectors.fromBits(row.get(1).asText()))
                    : row.get(1).asText() + ": " + row.get(2).asText();
            String actual;
            try {
                actual = "value " + Vectors.show(PyFloat.parse(s));
            } catch (PyException e) {
                actual = e.toString();
            }
            String a = actual;
            m.check(expected.equals(actual),
                () -> "float(" + Vectors.show(s) + "): python " + expected + ", java " + a);
        }
        m.assertNone(10000);
    }

    @Test
    void acceptsExactlyTheCodePointsPythonAcceptsAsDigitOrSpace() {
        // float(c + "1") succeeds only for white space and decimal digits c
        Map<Integer, String> accepted = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : Vectors.json("float_parse_sweep.json").properties()) {
            accepted.put(Integer.parseInt(e.getKey(), 16), e.getValue().asText());
        }
        Vectors.Mismatches m = new Vectors.Mismatches("float(chr(cp) + '1') over all code points");
        for (int cp = 0; cp < 0x110000; cp++) {
            String s = new StringBuilder().appendCodePoint(cp).append('1').toString();
            String actual;
            try {
                actual = Vectors.bits(PyFloat.parse(s));
            } catch (PyValueError e) {
                actual = null;
            }
            String expected = accepted.get(cp);
            String a = actual;
            int c = cp;
            m.check(expected == null ? actual == null : expected.equals(actual),
                () -> String.format("U+%04X: python %s, java %s", c, expected, a));
        }
        m.assertNone(0x110000);
    }
}
