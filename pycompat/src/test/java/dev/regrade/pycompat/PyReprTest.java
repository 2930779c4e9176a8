package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PyReprTest {

    @Test
    void floatExamplesCheckedWithPython() {
        assertEquals("1e+16", PyRepr.repr(1e16));
        assertEquals("1000000000000000.0", PyRepr.repr(1e15));
        assertEquals("1e-05", PyRepr.repr(1e-5));
        assertEquals("0.0001", PyRepr.repr(1e-4));
        assertEquals("-0.0", PyRepr.repr(-0.0));
        assertEquals("inf", PyRepr.repr(Double.POSITIVE_INFINITY));
        assertEquals("-inf", PyRepr.repr(Double.NEGATIVE_INFINITY));
        assertEquals("nan", PyRepr.repr(Double.NaN));
        assertEquals("2.000000000000001e+16", PyRepr.repr(2e16 + 8));
        assertEquals("5e-324", PyRepr.repr(Double.MIN_VALUE));
        assertEquals("0.30000000000000004", PyRepr.repr(0.1 + 0.2));
        // Java 17's Double.toString gives "2.0E-3" style and is not always shortest:
        assertEquals("2e-23", PyRepr.repr(2e-23));
        assertEquals("1.0", PyRepr.repr((Object) 1.0));
        // two shortest candidates equally near: the even last digit wins, as in dtoa.c
        assertEquals("562949953421312.2", PyRepr.repr(0x1p49 + 0.25));
        assertEquals("562949953421312.8", PyRepr.repr(0x1p49 + 0.75));
        assertEquals("170867491919585.38", PyRepr.repr(Double.longBitsToDouble(0x42e36ce6051adc2cL)));
    }

    @Test
    void objectExamplesCheckedWithPython() {
        Map<Object, Object> d = new LinkedHashMap<>();
        d.put("k", List.of(1e16, 1e-5));
        List<Object> list = Arrays.asList(1, 2.0, "a'b", null, true, d);
        // python3: repr([1, 2.0, "a'b", None, True, {'k': [1e16, 1e-5]}])
        assertEquals("[1, 2.0, \"a'b\", None, True, {'k': [1e+16, 1e-05]}]", PyRepr.repr(list));
        assertEquals("[1, 2.0, \"a'b\", None, True, {'k': [1e+16, 1e-05]}]", PyRepr.str(list));
        assertEquals("it's", PyRepr.str("it's"));
        assertEquals("\"it's\"", PyRepr.repr("it's"));
        assertEquals("'\\x00\\t\\n\\r\\\\ \\x7f\\xa0\\ud800\\U000e0001 \u00e9 \uD83D\uDE00'",
                PyRepr.repr("\u0000\t\n\r\\ \u007f\u00a0\ud800\uDB40\uDC01 \u00e9 \uD83D\uDE00"));
        assertEquals("None", PyRepr.str(null));
        assertEquals("False", PyRepr.str(false));
        assertEquals("-12345678901234567890", PyRepr.repr(new BigInteger("-12345678901234567890")));
    }

    @Test
    void selfReferenceIsShownLikePython() {
        List<Object> a = new ArrayList<>();
        a.add(1);
        a.add(a);
        assertEquals("[1, [...]]", PyRepr.repr(a));
        Map<Object, Object> d = new LinkedHashMap<>();
        d.put("self", d);
        assertEquals("{'self': {...}}", PyRepr.repr(d));
    }

    @Test
    void hugeIntsFailLikePython311() {
        BigInteger ok = BigInteger.TEN.pow(4300).subtract(BigInteger.ONE); // 4300 digits
        assertEquals(4300, PyRepr.repr(ok).length());
        assertEquals(4301, PyRepr.repr(ok.negate()).length());
        PyValueError e = assertThrows(PyValueError.class, () -> PyRepr.repr(BigInteger.TEN.pow(4300)));
        assertEquals("Exceeds the limit (4300 digits) for integer string conversion; "
                + "use sys.set_int_max_str_digits() to increase the limit", e.getMessage());
    }

    @Test
    void unsupportedTypesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> PyRepr.repr(new Object()));
    }

    @Test
    void floatReprMatchesPythonOnRandomVectors() {
        Vectors.Mismatches m = new Vectors.Mismatches("repr(float)");
        for (JsonNode row : Vectors.lines("float_repr.jsonl")) {
            String bits = row.get(0).asText();
            double x = Vectors.fromBits(bits);
            String expected = row.get(1).asText();
            String actual = PyRepr.repr(x);
            m.check(expected.equals(actual), () -> "repr(" + bits + "): python " + expected + ", java " + actual);
        }
        m.assertNone(12000);
    }

    @Test
    void objectReprAndStrMatchPythonOnRandomVectors() {
        Vectors.Mismatches m = new Vectors.Mismatches("repr()/str() of values");
        for (JsonNode row : Vectors.lines("obj_repr.jsonl")) {
            Object v = decode(row.get(0));
            String expectedRepr = row.get(1).asText();
            String expectedStr = row.get(2).asText();
            String actualRepr = PyRepr.repr(v);
            String actualStr = PyRepr.str(v);
            m.check(expectedRepr.equals(actualRepr) && expectedStr.equals(actualStr),
                () -> "value " + row.get(0) + ":\n    python repr " + expectedRepr + " str " + expectedStr
                        + "\n    java   repr " + actualRepr + " str " + actualStr);
        }
        m.assertNone(2500);
    }

    /** repr() of every code point (joined by commas), compared by SHA-256 per 4096 code points. */
    @Test
    void strReprMatchesPythonOnEveryCodePoint() {
        Vectors.Mismatches m = new Vectors.Mismatches("repr(str) sweep");
        for (JsonNode row : Vectors.lines("str_repr_sweep.jsonl")) {
            int lo = row.get("lo").asInt();
            int hi = row.get("hi").asInt();
            StringBuilder s = new StringBuilder();
            for (int cp = lo; cp < hi; cp++) {
                if (cp > lo) {
                    s.append(',');
                }
                s.appendCodePoint(cp);
            }
            String actual = Vectors.sha256(Vectors.utf8SurrogatePass(PyRepr.repr(s.toString())));
            m.check(row.get("sha256").asText().equals(actual),
                () -> String.format("block U+%04X..U+%04X: repr() output differs (sha256)", lo, hi - 1));
        }
        m.assertNone(272);
    }

    /** Rebuilds the Java value for a typed value written by gen_vectors.py. */
    private static Object decode(JsonNode n) {
        String type = n.get(0).asText();
        switch (type) {
            case "none":
                return null;
            case "bool":
                return n.get(1).asBoolean();
            case "int": {
                BigInteger v = new BigInteger(n.get(1).asText());
                return v.bitLength() < 64 ? (Object) v.longValue() : v;
            }
            case "float":
                return Vectors.fromBits(n.get(1).asText());
            case "str":
                return n.get(1).asText();
            case "list": {
                List<Object> out = new ArrayList<>();
                for (JsonNode x : n.get(1)) {
                    out.add(decode(x));
                }
                return out;
            }
            case "dict": {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (JsonNode kv : n.get(1)) {
                    out.put(decode(kv.get(0)), decode(kv.get(1)));
                }
                return out;
            }
            default:
                throw new IllegalArgumentException(type);
        }
    }
}
