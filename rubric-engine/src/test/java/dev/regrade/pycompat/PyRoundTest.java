package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class PyRoundTest {

    @Test
    void examplesCheckedWithPython() {
        assertEquals(2.67, PyRound.round(2.675, 2)); // 2.675 is below the tie in binary
        assertEquals(0.12, PyRound.round(0.125, 2)); // exact tie -> even
        assertEquals(2.0, PyRound.round(2.5, 0));
        assertEquals("-0.0", PyRepr.repr(PyRound.round(-0.4, 0)));
        assertEquals(1230.0, PyRound.round(1234.5, -1));
        assertEquals(1200.0, PyRound.round(1250.0, -2));
        assertEquals(0.0, PyRound.round(5e-324, 323));
        assertEquals(5e-324, PyRound.round(5e-324, 324));
        assertEquals(Double.POSITIVE_INFINITY, PyRound.round(Double.POSITIVE_INFINITY, 2));
    }

    @Test
    void overflowRaisesPythonsOverflowError() {
        PyException e = assertThrows(PyException.class, () -> PyRound.round(1.7976931348623157e308, -308));
        assertEquals("OverflowError: rounded value too large to represent", e.toString());
    }

    @Test
    void matchesPythonOnRandomVectors() {
        Vectors.Mismatches m = new Vectors.Mismatches("round(x, n)");
        for (JsonNode row : Vectors.lines("round.jsonl")) {
            double x = Vectors.fromBits(row.get(0).asText());
            int n = row.get(1).asInt();
            String exp = row.get(2).asText();
            String expected = exp.startsWith("OverflowError") ? exp : Vectors.show(Vectors.fromBits(exp));
            String actual;
            try {
                actual = Vectors.show(PyRound.round(x, n));
            } catch (PyException e) {
                actual = e.toString();
            }
            String a = actual;
            m.check(expected.equals(actual), () -> "round(" + Vectors.show(x) + ", " + n + "): python "
                    + expected + ", java " + a);
        }
        m.assertNone(10000);
    }
}
