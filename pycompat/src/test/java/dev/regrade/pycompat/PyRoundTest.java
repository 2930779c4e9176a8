package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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

    /**
     * The path without BigDecimal (positive x, x·10ⁿ below 2⁵²) agrees bit for bit with the exact
     * rounding on near-ties, 4-place values and random ratios.
     */
    @Test
    void scaledPathIsTheExactRounding() {
        SplittableRandom r = new SplittableRandom(4);
        List<Double> xs = new ArrayList<>(List.of(0.00005, 0.00015, 0.00025, 0.12345, 0.99995, 2.675, 1e6, 1e-320,
                Double.MIN_VALUE, 0.30000000000000004, 2e6, 4503599627.3704995));
        for (int k = 0; k <= 20_000; k++) {
            double tie = (k + 0.5) / 10000; // near-ties: the nearest double and its neighbours
            xs.add(tie);
            xs.add(Math.nextUp(tie));
            xs.add(Math.nextDown(tie));
            xs.add(k / 10000.0);
        }
        for (int i = 0; i < 100_000; i++) {
            xs.add(r.nextDouble());
            xs.add(r.nextInt(1, 40) / (double) r.nextInt(1, 40)); // BLEU-like ratios
            xs.add(r.nextDouble() * Math.pow(10, r.nextInt(-3, 12)));
        }
        for (int n = 0; n <= 8; n++) {
            for (double x : xs) {
                double exact = new BigDecimal(x).setScale(n, RoundingMode.HALF_EVEN).doubleValue();
                int digits = n;
                assertEquals(Double.doubleToRawLongBits(exact), Double.doubleToRawLongBits(PyRound.round(x, n)),
                        () -> "round(" + x + ", " + digits + ")");
            }
        }
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
