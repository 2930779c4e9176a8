package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * Python truthiness ({@code bool(x)}, {@code if x:}) of the values a port holds: Java values standing
 * for Python ones ({@code null} is {@code None}) and loaded JSON ({@code json.loads} values). The one
 * home of this rule; ports never keep a private copy.
 */
public final class PyTruth {
    private PyTruth() {
    }

    /**
     * {@code bool(x)}: {@code None}, {@code False}, zero of any number type, and empty strings,
     * lists, tuples, dicts and sets are false; everything else is true.
     *
     * @param x a Java value standing for a Python one: null, Boolean, a Number, CharSequence,
     *          Collection, Map, array, {@link PySet}, or a {@link JsonNode}
     * @return Python's truth value of {@code x}
     */
    public static boolean truthy(Object x) {
        if (x == null) {
            return false;
        }
        if (x instanceof Boolean b) {
            return b;
        }
        if (x instanceof CharSequence s) {
            return s.length() > 0;
        }
        if (x instanceof Collection<?> c) {
            return !c.isEmpty();
        }
        if (x instanceof Map<?, ?> m) {
            return !m.isEmpty();
        }
        if (x instanceof JsonNode n) {
            return truthy(n);
        }
        if (x instanceof BigInteger i) {
            return i.signum() != 0;
        }
        if (x instanceof BigDecimal d) {
            return d.signum() != 0;
        }
        if (x instanceof Double || x instanceof Float) {
            return ((Number) x).doubleValue() != 0.0; // NaN is true, as in Python
        }
        if (x instanceof Number n) {
            return n.longValue() != 0;
        }
        if (x instanceof Object[] a) {
            return a.length > 0;
        }
        return true; // any other object: Python's default __bool__
    }

    /** {@code bool(s)} of a str or None. */
    public static boolean truthy(String s) {
        return s != null && !s.isEmpty();
    }

    /** {@code bool(xs)} of a list or None. */
    public static boolean truthy(Collection<?> xs) {
        return xs != null && !xs.isEmpty();
    }

    /**
     * {@code bool(v)} of a value {@code json.loads} returned; a missing node or Java null counts as
     * {@code None}.
     */
    public static boolean truthy(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return false;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isIntegralNumber()) {
            return n.bigIntegerValue().signum() != 0;
        }
        if (n.isNumber()) {
            return n.doubleValue() != 0.0;
        }
        if (n.isTextual()) {
            return !n.textValue().isEmpty();
        }
        return n.size() > 0;
    }
}
