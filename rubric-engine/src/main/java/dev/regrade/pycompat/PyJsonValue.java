package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The builtins of Python applied to a value {@code json.loads} returned, held as a Jackson node:
 * {@code type(v).__name__}, {@code str(v)}, {@code repr(v)}, {@code float(v)}, {@code len(v)}, {@code ==}. A Java
 * null or a missing node stands for {@code None} (what {@code d.get(key)} gives for an absent key).
 * Truthiness is {@link PyTruth#truthy(JsonNode)}.
 */
public final class PyJsonValue {
    private PyJsonValue() {
    }

    private static boolean isNone(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode();
    }

    /** {@code type(v).__name__}: NoneType, bool, int, float, str, list or dict. */
    public static String typeName(JsonNode n) {
        if (isNone(n)) {
            return "NoneType";
        }
        if (n.isBoolean()) {
            return "bool";
        }
        if (n.isIntegralNumber()) {
            return "int";
        }
        if (n.isNumber()) {
            return "float";
        }
        if (n.isTextual()) {
            return "str";
        }
        return n.isArray() ? "list" : "dict";
    }

    /**
     * The Python value in the Java types {@link PyRepr} understands: null, Boolean, Long or
     * BigInteger, Double, String, List, and Map in key order.
     */
    public static Object toPython(JsonNode n) {
        if (isNone(n)) {
            return null;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isIntegralNumber()) {
            return n.canConvertToLong() ? (Object) n.longValue() : n.bigIntegerValue();
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>(n.size());
            n.forEach(e -> out.add(toPython(e)));
            return out;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        n.properties().forEach(e -> out.put(e.getKey(), toPython(e.getValue())));
        return out;
    }

    /** {@code str(v)}: a str as itself, anything else as its repr. */
    public static String str(JsonNode n) {
        return n != null && n.isTextual() ? n.textValue() : PyRepr.repr(toPython(n));
    }

    /** {@code repr(v)}. */
    public static String repr(JsonNode n) {
        return PyRepr.repr(toPython(n));
    }

    /**
     * {@code float(v)}: a bool or int as the nearest double, a float as itself, a str as
     * {@link PyFloat#parse} reads it.
     *
     * @throws PyException {@code OverflowError} for an int beyond the double range, {@code TypeError} for
     *                     None, a list or a dict, {@code ValueError} for a str that is not a number
     */
    public static double toFloat(JsonNode n) {
        if (n != null && n.isBoolean()) {
            return n.booleanValue() ? 1.0 : 0.0;
        }
        if (n != null && n.isIntegralNumber()) {
            double d = n.bigIntegerValue().doubleValue(); // rounded half to even, as Python's int.__float__
            if (Double.isInfinite(d)) {
                throw new PyException("OverflowError", "int too large to convert to float");
            }
            return d;
        }
        if (n != null && n.isNumber()) {
            return n.doubleValue();
        }
        if (n != null && n.isTextual()) {
            return PyFloat.parse(n.textValue());
        }
        throw new PyTypeError("float() argument must be a string or a real number, not '" + typeName(n) + "'");
    }

    /**
     * {@code len(v)} of a list, str (in code points) or dict.
     *
     * @throws PyTypeError "object of type 'int' has no len()" for any other value
     */
    public static int len(JsonNode n) {
        if (n != null && n.isTextual()) {
            return n.textValue().codePointCount(0, n.textValue().length());
        }
        if (n != null && n.isContainerNode()) {
            return n.size();
        }
        throw new PyTypeError("object of type '" + typeName(n) + "' has no len()");
    }

    /**
     * The str a str method is called on ({@code v.strip()}, {@code v.lower()}...).
     *
     * @param method the method the original calls, for the message
     * @throws PyAttributeError "'int' object has no attribute 'lower'" when {@code v} is not a str
     */
    public static String requireStr(JsonNode n, String method) {
        if (n != null && n.isTextual()) {
            return n.textValue();
        }
        throw new PyAttributeError("'" + typeName(n) + "' object has no attribute '" + method + "'");
    }

    /**
     * {@code a == b}: numbers and bools by value ({@code 1 == 1.0 == True}), str by content, lists element
     * by element, dicts by their key sets and values; values of different kinds are unequal. NaN equals
     * nothing, except a NaN inside a list or dict another NaN: json.loads reads every NaN as one shared
     * float, and Python compares container items by identity first.
     */
    public static boolean equals(JsonNode a, JsonNode b) {
        return equal(a, b, false);
    }

    private static boolean equal(JsonNode a, JsonNode b, boolean item) {
        if (isNone(a) || isNone(b)) {
            return isNone(a) && isNone(b);
        }
        if ((a.isNumber() || a.isBoolean()) && (b.isNumber() || b.isBoolean())) {
            boolean nanA = Double.isNaN(a.asDouble());
            boolean nanB = Double.isNaN(b.asDouble());
            if (nanA || nanB) {
                return item && nanA && nanB;
            }
            return numeric(a).compareTo(numeric(b)) == 0;
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i), true)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> e : a.properties()) {
                if (!b.has(e.getKey()) || !equal(e.getValue(), b.get(e.getKey()), true)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** The exact value of a number or bool; infinities beyond every finite double. */
    private static BigDecimal numeric(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (n.isIntegralNumber()) {
            return new BigDecimal(n.bigIntegerValue());
        }
        double d = n.doubleValue();
        if (Double.isInfinite(d)) {
            return BigDecimal.valueOf(d > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE).multiply(BigDecimal.TEN);
        }
        return new BigDecimal(d);
    }
}
