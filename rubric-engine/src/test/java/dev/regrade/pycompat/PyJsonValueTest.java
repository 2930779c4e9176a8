package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;

/**
 * type(), str(), repr(), len(), bool(), float() and == of values json.loads returned, against json_values.jsonl
 * and json_equal.jsonl (tools/pycompat-vectors/gen_values.py).
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
