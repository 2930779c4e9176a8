package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * type(), str(), repr(), len(), bool(), float() and == of values json.loads returned, against json_values.jsonl
 * and json_equal.jsonl; get, [key], [j], iteration and [:stop] against json_access.jsonl; values as dict keys
 * against json_keys.jsonl (tools/pycompat-vectors/gen_values.py).
 */
class PyJsonValueTest {

    @Test
    void builtinsMatchPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("builtins of loaded values");
        for (JsonNode row : Vectors.lines("json_values.jsonl")) {
            String text = row.get(0).textValue();
            JsonNode v = PyJson.loads(text);
            check(m, text, "type", row.get(1).textValue(), PyJsonValue.typeName(v));
            check(m, text, "str", row.get(2).textValue(), PyJsonValue.str(v));
            check(m, text, "repr", row.get(3).textValue(), PyJsonValue.repr(v));
            String len;
            try {
                len = Integer.toString(PyJsonValue.len(v));
            } catch (PyTypeError e) {
                len = JsonNodeFactory.instance.arrayNode().add("TypeError").add(e.getMessage()).toString();
            }
            check(m, text, "len", row.get(4).toString(), len);
            check(m, text, "bool", row.get(5).toString(), Boolean.toString(PyTruth.truthy(v)));
            String f;
            try {
                f = "\"" + Vectors.bits(PyJsonValue.toFloat(v)) + "\"";
            } catch (PyException e) {
                f = JsonNodeFactory.instance.arrayNode().add(e.pythonType()).add(e.getMessage()).toString();
            }
            check(m, text, "float", row.get(6).toString(), f);
        }
        m.assertNone(6 * 2000);
    }

    @Test
    void equalityMatchesPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("==");
        for (JsonNode row : Vectors.lines("json_equal.jsonl")) {
            String a = row.get(0).textValue();
            String b = row.get(1).textValue();
            boolean actual = PyJsonValue.equals(PyJson.loads(a), PyJson.loads(b));
            m.check(row.get(2).booleanValue() == actual, () -> a + " == " + b + ": python " + row.get(2)
                    + ", java " + actual);
        }
        m.assertNone(2000);
    }

    @Test
    void accessOfEveryShapeMatchesPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("v.get, v[key], v[j], list(v), v[:stop]");
        for (JsonNode row : Vectors.lines("json_access.jsonl")) {
            String text = row.get("text").textValue();
            JsonNode v = PyJson.loads(text);
            for (Map.Entry<String, JsonNode> e : row.get("get").properties()) {
                check(m, text + ".get(" + e.getKey() + ")", e.getValue(), () -> PyJsonValue.get(v, e.getKey()));
            }
            for (Map.Entry<String, JsonNode> e : row.get("item").properties()) {
                check(m, text + "[" + e.getKey() + "]", e.getValue(), () -> PyJsonValue.item(v, e.getKey()));
            }
            for (Map.Entry<String, JsonNode> e : row.get("index").properties()) {
                int j = Integer.parseInt(e.getKey());
                check(m, text + "[" + j + "]", e.getValue(), () -> PyJsonValue.item(v, j));
            }
            check(m, "list(" + text + ")", row.get("iter"), () -> PyJsonValue.iterate(v));
            for (Map.Entry<String, JsonNode> e : row.get("head").properties()) {
                int stop = Integer.parseInt(e.getKey());
                check(m, text + "[:" + stop + "]", e.getValue(), () -> PyJsonValue.head(v, stop));
            }
        }
        m.assertNone(500 * 11);
    }

    @Test
    void dictKeysMatchPython() {
        Vectors.Mismatches m = new Vectors.Mismatches("b in {a: 0}");
        for (JsonNode row : Vectors.lines("json_keys.jsonl")) {
            // a is hashed first, as {a: 0} is built before b is looked up
            check(m, row.get(1).textValue() + " in {" + row.get(0).textValue() + ": 0}", row.get(2),
                    () -> Objects.equals(key(row.get(0)), key(row.get(1))) ? "True" : "False");
        }
        m.assertNone(1000);
    }

    private static Object key(JsonNode text) {
        return PyJsonValue.hashKey(PyJson.loads(text.textValue()));
    }

    @Test
    void aNegativeIndexIsNotPortedAndSaysSo() {
        // Python counts v[-1] from the end; no port needs it, so it is refused rather than answered wrongly.
        assertThrows(IllegalArgumentException.class, () -> PyJsonValue.item(PyJson.loads("[1]"), -1));
    }

    /** Compares a call's outcome with python3's: {"ok": repr of the result, or the str} or {"error", "message"}. */
    private static void check(Vectors.Mismatches m, String what, JsonNode expected, Supplier<Object> call) {
        ObjectNode actual = JsonNodeFactory.instance.objectNode();
        try {
            Object r = call.get();
            actual.put("ok", r instanceof String s ? s : PyJsonValue.repr((JsonNode) r));
        } catch (PyException e) {
            actual.put("error", e.pythonType()).put("message", e.pythonMessage());
        }
        m.check(expected.equals(actual), () -> what + ": python " + expected + ", java " + actual);
    }

    @Test
    void strMethodsNeedAStr() {
        Vectors.Mismatches m = new Vectors.Mismatches("requireStr");
        m.check("x".equals(PyJsonValue.requireStr(PyJson.loads("\"x\""), "lower")), () -> "a str is itself");
        try {
            PyJsonValue.requireStr(PyJson.loads("1"), "lower");
            m.check(false, () -> "an int has no lower()");
        } catch (PyAttributeError e) {
            // python3: (1).lower() -> AttributeError: 'int' object has no attribute 'lower'
            m.check(e.toString().equals("AttributeError: 'int' object has no attribute 'lower'"), e::toString);
        }
        m.assertNone(2);
    }

    private static void check(Vectors.Mismatches m, String text, String what, String expected, String actual) {
        m.check(expected.equals(actual), () -> what + "(" + text + "): python " + expected + ", java " + actual);
    }
}
