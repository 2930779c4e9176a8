package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The builtins of Python applied to a value {@code json.loads} returned, held as a Jackson node:
 * {@code type(v).__name__}, {@code str(v)}, {@code repr(v)}, {@code float(v)}, {@code len(v)}, {@code ==}, and
 * the operations a port applies to a value of any shape: {@code v.get(key)}, {@code v[key]}, {@code v[j]},
 * {@code v[:stop]}, {@code for x in v}, {@code v} as a dict key. A Java null or a missing node stands for
 * {@code None} (what {@code d.get(key)} gives for an absent key). Truthiness is {@link PyTruth#truthy(JsonNode)}.
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
     * {@code v.get(key)} (dict.get): the value, or Java null for an absent key.
     *
     * @throws PyAttributeError "'list' object has no attribute 'get'" when {@code v} is not a dict
     */
    public static JsonNode get(JsonNode v, String key) {
        if (v instanceof ObjectNode o) {
            return o.get(key);
        }
        throw new PyAttributeError("'" + typeName(v) + "' object has no attribute 'get'");
    }

    /**
     * {@code v[key]} with a str key: a dict's value.
     *
     * @throws PyKeyError for a key the dict lacks
     * @throws PyTypeError for a list ("list indices must be integers or slices, not str"), a str, or a
     *                     value that is not subscriptable
     */
    public static JsonNode item(JsonNode v, String key) {
        if (v instanceof ObjectNode o) {
            JsonNode n = o.get(key);
            if (n == null) {
                throw PyKeyError.forKey(key);
            }
            return n;
        }
        throw notSubscriptable(v, "str");
    }

    /**
     * {@code v[j]} with an int index {@code j >= 0}: a list's item, a str's character (a code point).
     *
     * @throws PyIndexError past the end of a list or str
     * @throws PyKeyError for a dict (a JSON object's keys are all str)
     * @throws PyTypeError for a value that is not subscriptable
     */
    public static JsonNode item(JsonNode v, int j) {
        if (j < 0) {
            throw new IllegalArgumentException("a negative index counts from the end; not supported: " + j);
        }
        if (v instanceof ArrayNode a) {
            if (j < a.size()) {
                return a.get(j);
            }
            throw new PyIndexError("list index out of range");
        }
        if (v != null && v.isTextual()) {
            String s = v.textValue();
            if (j < s.codePointCount(0, s.length())) {
                int at = s.offsetByCodePoints(0, j);
                return TextNode.valueOf(s.substring(at, s.offsetByCodePoints(at, 1)));
            }
            throw new PyIndexError("string index out of range");
        }
        if (v instanceof ObjectNode) {
            throw PyKeyError.forKey((long) j);
        }
        throw notSubscriptable(v, "int");
    }

    /** The TypeError of {@code v[k]} for a {@code v} that takes no key of the type named {@code keyType}. */
    private static PyTypeError notSubscriptable(JsonNode v, String keyType) {
        if (v != null && v.isArray()) {
            return new PyTypeError("list indices must be integers or slices, not " + keyType);
        }
        if (v != null && v.isTextual()) {
            return new PyTypeError("string indices must be integers, not '" + keyType + "'");
        }
        return new PyTypeError("'" + typeName(v) + "' object is not subscriptable");
    }

    /**
     * What {@code for x in v} yields, in order: a list's items (the list itself, not copied), a str's
     * characters (code points), a dict's keys.
     *
     * @throws PyTypeError "'int' object is not iterable" for None, a bool or a number
     */
    public static ArrayNode iterate(JsonNode v) {
        if (v instanceof ArrayNode a) {
            return a;
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (v != null && v.isTextual()) {
            v.textValue().codePoints().forEach(cp -> out.add(new String(Character.toChars(cp))));
        } else if (v instanceof ObjectNode) {
            v.fieldNames().forEachRemaining(out::add);
        } else {
            throw new PyTypeError("'" + typeName(v) + "' object is not iterable");
        }
        return out;
    }

    /**
     * {@code v[:stop]} with {@code stop >= 0}: the first code points of a str, the first items of a list.
     *
     * @throws PyTypeError for a dict ("unhashable type: 'slice'": Python 3.11 looks the slice up as a key)
     *                     and for a value that is not subscriptable
     */
    public static JsonNode head(JsonNode v, int stop) {
        if (v != null && v.isTextual()) {
            String s = v.textValue();
            return s.codePointCount(0, s.length()) <= stop ? v
                    : TextNode.valueOf(s.substring(0, s.offsetByCodePoints(0, stop)));
        }
        if (v instanceof ArrayNode a) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < Math.min(stop, a.size()); i++) {
                out.add(a.get(i));
            }
            return out;
        }
        if (v instanceof ObjectNode) {
            throw new PyTypeError("unhashable type: 'slice'");
        }
        throw new PyTypeError("'" + typeName(v) + "' object is not subscriptable");
    }

    /** Stand for None and for json.loads' NaN as dict keys. */
    private static final Object NONE_KEY = new Object();
    private static final Object NAN_KEY = new Object();

    /**
     * The value as a dict or set key: two values give equal keys exactly when Python finds one in a dict
     * keyed by the other. None is one key; numbers are equal across bool, int and float
     * ({@code True == 1 == 1.0}); every NaN is the same key, as json.loads returns one shared NaN object
     * and a dict lookup tries identity first; a str by content.
     *
     * @throws PyTypeError "unhashable type: 'list'" for a list or dict
     */
    public static Object hashKey(JsonNode v) {
        if (v != null && v.isContainerNode()) {
            throw new PyTypeError("unhashable type: '" + typeName(v) + "'");
        }
        Object p = toPython(v);
        if (p == null) {
            return NONE_KEY;
        }
        if (p instanceof Boolean b) {
            return b ? BigInteger.ONE : BigInteger.ZERO;
        }
        if (p instanceof Long l) {
            return BigInteger.valueOf(l);
        }
        if (p instanceof Double d) {
            if (d.isNaN()) {
                return NAN_KEY;
            }
            return d.isInfinite() || d != Math.rint(d) ? d : new BigDecimal(d).toBigIntegerExact();
        }
        return p; // a str, or an int beyond a long (a BigInteger)
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
