package dev.regrade.pycompat;

import java.math.BigInteger;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Python's {@code repr()} and {@code str()} for the Java values that stand for
 * Python values in ported code, so that printed output matches the original
 * byte for byte.
 *
 * <p>Mapping: {@code null} is {@code None}; {@link Boolean} is {@code bool};
 * {@link Byte}, {@link Short}, {@link Integer}, {@link Long} and {@link BigInteger}
 * are {@code int}; {@link Double} and {@link Float} are {@code float};
 * {@link String} and {@link Character} are {@code str}; {@link List} is
 * {@code list}; {@link Map} is {@code dict} (in the map's iteration order). Other
 * types are rejected with {@link IllegalArgumentException}.
 */
public final class PyRepr {

    /** CPython 3.11's default limit on the digits of int-to-str conversion. */
    private static final int INT_MAX_STR_DIGITS = 4300;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private PyRepr() {
    }

    /**
     * Python's {@code repr(float)}: the shortest digits that read back as the same
     * double, e.g. {@code 0.1}, {@code 1e+16}, {@code 1e-05}, {@code 0.0001},
     * {@code 100.0}, {@code -0.0}, {@code inf}, {@code nan}.
     *
     * @param x the value
     * @return the repr
     */
    public static String repr(double x) {
        return PyDtoa.repr(x);
    }

    /**
     * Python's {@code repr()} of a value (see the class comment for the mapping).
     * A list or dict that contains itself prints as {@code [...]} / {@code {...}}.
     *
     * @param value the value
     * @return the repr
     * @throws PyValueError for an int of more than 4300 digits, as CPython 3.11 does
     * @throws IllegalArgumentException for a Java type with no Python counterpart here
     */
    public static String repr(Object value) {
        StringBuilder out = new StringBuilder();
        appendRepr(out, value, Collections.newSetFromMap(new IdentityHashMap<>()));
        return out.toString();
    }

    /**
     * Python's {@code str()} of a value, i.e. what {@code print} or an f-string shows:
     * a string as itself, anything else as its {@link #repr(Object)}.
     *
     * @param value the value
     * @return the str
     */
    public static String str(Object value) {
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof Character) {
            return value.toString();
        }
        return repr(value);
    }

    private static void appendRepr(StringBuilder out, Object v, Set<Object> active) {
        if (v == null) {
            out.append("None");
        } else if (v instanceof Boolean) {
            out.append((Boolean) v ? "True" : "False");
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            out.append(((Number) v).longValue());
        } else if (v instanceof BigInteger) {
            String digits = v.toString();
            int n = digits.length() - (((BigInteger) v).signum() < 0 ? 1 : 0);
            if (n > INT_MAX_STR_DIGITS) {
                throw new PyValueError("Exceeds the limit (" + INT_MAX_STR_DIGITS
                        + " digits) for integer string conversion; "
                        + "use sys.set_int_max_str_digits() to increase the limit");
            }
            out.append(digits);
        } else if (v instanceof Double || v instanceof Float) {
            out.append(PyDtoa.repr(((Number) v).doubleValue()));
        } else if (v instanceof String) {
            appendStrRepr(out, (String) v);
        } else if (v instanceof Character) {
            appendStrRepr(out, v.toString());
        } else if (v instanceof List) {
            if (!active.add(v)) {
                out.append("[...]");
                return;
            }
            out.append('[');
            Iterator<?> it = ((List<?>) v).iterator();
            while (it.hasNext()) {
                appendRepr(out, it.next(), active);
                if (it.hasNext()) {
                    out.append(", ");
                }
            }
            out.append(']');
            active.remove(v);
        } else if (v instanceof Map) {
            if (!active.add(v)) {
                out.append("{...}");
                return;
            }
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = ((Map<?, ?>) v).entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                appendRepr(out, e.getKey(), active);
                out.append(": ");
                appendRepr(out, e.getValue(), active);
                if (it.hasNext()) {
                    out.append(", ");
                }
            }
            out.append('}');
            active.remove(v);
        } else {
            throw new IllegalArgumentException("no Python repr for " + v.getClass().getName());
        }
    }

    /**
     * Python's {@code repr(str)}: single quotes unless the text contains a single
     * quote and no double quote; backslash escapes for the quote, backslash, tab,
     * newline, carriage return; {@code \xhh}, <code>&#92;uhhhh</code> or {@code \Uhhhhhhhh} for
     * other non-printable code points (per CPython 3.11's str.isprintable).
     */
    private static void appendStrRepr(StringBuilder out, String s) {
        char quote = (s.indexOf('\'') >= 0 && s.indexOf('"') < 0) ? '"' : '\'';
        out.append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').append((char) cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp < ' ' || cp == 0x7F) {
                hexEscape(out, 'x', cp, 2);
            } else if (cp < 0x7F) {
                out.append((char) cp);
            } else if (PyUnicodeData.isPrintable(cp)) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xFF) {
                hexEscape(out, 'x', cp, 2);
            } else if (cp <= 0xFFFF) {
                hexEscape(out, 'u', cp, 4);
            } else {
                hexEscape(out, 'U', cp, 8);
            }
        });
        out.append(quote);
    }

    private static void hexEscape(StringBuilder out, char kind, int cp, int width) {
        out.append('\\').append(kind);
        for (int shift = 4 * (width - 1); shift >= 0; shift -= 4) {
            out.append(HEX[(cp >>> shift) & 0xF]);
        }
    }
}
