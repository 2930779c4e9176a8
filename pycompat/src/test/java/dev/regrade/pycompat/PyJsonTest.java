package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * json.dumps and json.loads against json_dumps.jsonl and json_loads.jsonl
 * (tools/pycompat-vectors/gen_json.py).
 */
class PyJsonTest {
    /** The keyword combinations of the vectors, by the name the generator gives them. */
    private static final Map<String, PyJson.Format> FORMATS = new LinkedHashMap<>();

    static {
        PyJson.Format d = PyJson.DUMPS;
        FORMATS.put("", d);
        FORMATS.put("indent=2", d.indent(2));
        FORMATS.put("indent=1,ensure_ascii=False", d.indent(1).ensureAscii(false));
        FORMATS.put("indent=2,ensure_ascii=False", d.indent(2).ensureAscii(false));
        FORMATS.put("indent=4,ensure_ascii=False", d.indent(4).ensureAscii(false));
        FORMATS.put("ensure_ascii=False,allow_nan=False", d.ensureAscii(false).allowNan(false));
        FORMATS.put("ensure_ascii=False,sort_keys=True,allow_nan=False", d.ensureAscii(false).sortKeys(true).allowNan(false));
        FORMATS.put("indent=2,allow_nan=False", d.indent(2).allowNan(false));
        FORMATS.put("indent=2,ensure_ascii=False,allow_nan=False", d.indent(2).ensureAscii(false).allowNan(false));
        FORMATS.put("separators=(',', ':')", d.separators(",", ":"));
        FORMATS.put("indent=2,separators=(', ', ': ')", d.indent(2).separators(", ", ": "));
        FORMATS.put("indent=0", d.indent(0));
        FORMATS.put("indent=-3,sort_keys=True", d.indent(-3).sortKeys(true));
    }

    @Test
    void dumpsMatchesPythonUnderEveryFormatThePortsUse() {
        Vectors.Mismatches m = new Vectors.Mismatches("json.dumps");
        for (JsonNode row : Vectors.lines("json_dumps.jsonl")) {
            JsonNode value = PyJson.loads(row.get("value").textValue());
            assertEquals(FORMATS.keySet(), keys(row.get("dumps")), "formats of the vectors");
            for (Map.Entry<String, PyJson.Format> f : FORMATS.entrySet()) {
                JsonNode want = row.get("dumps").get(f.getKey());
                String expected = want.isArray() ? want.get(0).textValue() + ": " + want.get(1).textValue() : want.textValue();
                String actual;
                try {
                    actual = PyJson.dumps(value, f.getValue());
                } catch (PyValueError e) {
                    actual = e.toString();
                }
                String got = actual;
                m.check(expected.equals(got), () -> "json.dumps(" + row.get("value").textValue() + ", " + f.getKey()
                        + "): python " + Vectors.show(expected) + ", java " + Vectors.show(got));
            }
        }
        m.assertNone(3000 * FORMATS.size());
    }

    @Test
    void loadsMatchesPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("json.loads");
        for (JsonNode row : Vectors.lines("json_loads.jsonl")) {
            String text = row.get(0).textValue();
            String python = row.size() == 2 ? row.get(1).textValue() : "JSONDecodeError";
            String expected = python; // "+Infinity" and a lone surrogate in a key too (Jackson alone differs there)
            String actual;
            try {
                actual = PyJson.dumps(PyJson.loads(text), PyJson.DUMPS);
            } catch (PyJsonDecodeError e) {
                actual = "JSONDecodeError";
                // Python's own message and position, for every refused text.
                if (row.size() == 3) {
                    String message = e.getMessage();
                    m.check(row.get(2).textValue().equals(message), () -> "json.loads(" + Vectors.show(text)
                            + ") message: python " + row.get(2) + ", java " + message);
                }
            }
            String got = actual;
            m.check(expected.equals(got), () -> "json.loads(" + Vectors.show(text) + "): python " + expected
                    + ", java " + got);
        }
        m.assertNone(52);
    }

    @Test
    void dumpAtALevelIsTheNestedTextOfTheWholeDocument() throws IOException {
        // A document streamed item by item (as the scorers write per_row) is the document dumped at once.
        Random r = new Random(5);
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        row.put("score", 0.8125).put("tag", "é\n").putArray("xs").add(r.nextDouble()).addObject().put("k", 1);
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.putArray("per_row").add(row).add(row);
        PyJson.Format f = PyJson.DUMPS.indent(2);
        StringWriter streamed = new StringWriter();
        streamed.append("{\n  ");
        PyJson.dumpString("per_row", true, streamed);
        streamed.append(": [\n    ");
        PyJson.dump(row, f, 2, streamed);
        streamed.append(",\n    ");
        PyJson.dump(row, f, 2, streamed);
        streamed.append("\n  ]\n}");
        assertEquals(PyJson.dumps(doc, f), streamed.toString());
    }

    /** Scores rounded to 4 places are written without the shortest-repr search, with the same text. */
    @Test
    void fourPlaceReprIsPythonRepr() {
        SplittableRandom r = new SplittableRandom(5);
        List<Double> xs = new ArrayList<>(List.of(0.0, -0.0, 1.0, 0.5, 0.0001, 0.001, 0.1, 1e6, 999999.9999, 3.25,
                0.1 + 0.2, 1e-5, Double.MIN_VALUE, -0.5, Double.NaN, Double.POSITIVE_INFINITY, 2e6));
        for (int k = 0; k <= 20_000; k++) {
            xs.add(k / 10000.0);
            xs.add(Math.nextUp(k / 10000.0));
        }
        for (int i = 0; i < 200_000; i++) {
            xs.add(PyRound.round(r.nextDouble() * (i % 2 == 0 ? 1 : 1e6), 4));
            xs.add(r.nextDouble());
        }
        int taken = 0;
        for (double x : xs) {
            String fast = PyJson.fourPlaces(x);
            if (fast != null) {
                taken++;
                assertEquals(PyRepr.repr(x), fast, () -> "repr(" + x + ")");
            }
        }
        assertEquals(true, taken > 220_000, "the fast path was taken " + taken + " times");
    }

    @Test
    void aNonFiniteFloatWithAllowNanFalseIsAValueError() {
        JsonNode nan = JsonNodeFactory.instance.numberNode(Double.NaN);
        assertThrows(PyValueError.class, () -> PyJson.dumps(nan, PyJson.DUMPS.allowNan(false)));
        assertEquals("NaN", PyJson.dumps(nan, PyJson.DUMPS));
    }

    private static java.util.Set<String> keys(JsonNode o) {
        java.util.Set<String> k = new java.util.LinkedHashSet<>();
        o.fieldNames().forEachRemaining(k::add);
        return k;
    }
}
