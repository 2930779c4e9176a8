package dev.regrade.vereval;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyValueError;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON the way the upstream Python writes and reads it: {@code json.dumps} with the default
 * separators {@code ", "}/{@code ": "} (or {@code indent}), optional {@code sort_keys} (code point
 * order), {@code ensure_ascii} on or off, {@code allow_nan=False}, floats as {@code repr}; and
 * {@code json.loads}, which accepts NaN/Infinity and lets a repeated key win.
 */
public final class PyJsonText {
    /** A reader accepting what Python's {@code json.loads} accepts (NaN, Infinity, repeated keys). */
    public static final ObjectMapper READER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    static final JsonNodeFactory F = JsonNodeFactory.instance;

    private PyJsonText() {
    }

    /** {@code json.loads(text)}; a parse failure is a ValueError, as Python's JSONDecodeError is. */
    public static JsonNode loads(String text) {
        JsonNode node;
        try {
            node = READER.readTree(text);
        } catch (IOException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            int nl = m.indexOf('\n');
            throw new PyValueError("Invalid JSON: " + (nl >= 0 ? m.substring(0, nl) : m));
        }
        if (node == null || node.isMissingNode()) {
            throw new PyValueError("Expecting value: line 1 column 1 (char 0)");
        }
        return node;
    }

    /** {@code json.dumps(v, ensure_ascii=ensureAscii, sort_keys=sortKeys, allow_nan=False)}. */
    public static String compact(JsonNode v, boolean sortKeys, boolean ensureAscii) {
        StringBuilder out = new StringBuilder();
        write(v, -1, 0, sortKeys, ensureAscii, out);
        return out.toString();
    }

    /** {@code json.dumps(v, indent=indent, ensure_ascii=ensureAscii, allow_nan=False)}. */
    public static String pretty(JsonNode v, int indent, boolean ensureAscii) {
        StringBuilder out = new StringBuilder();
        write(v, indent, 0, false, ensureAscii, out);
        return out.toString();
    }

    /** The upstream {@code digest}: SHA-256 hex of the sorted-key, non-ASCII-kept, NaN-refusing JSON. */
    public static String digest(JsonNode v) {
        return sha256Hex(compact(v, true, false).getBytes(StandardCharsets.UTF_8));
    }

    static String sha256Hex(byte[] bytes) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder s = new StringBuilder(64);
            for (byte b : h) {
                s.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return s.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(JsonNode n, int indent, int level, boolean sort, boolean ascii, StringBuilder out) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            out.append("null");
        } else if (n.isBoolean()) {
            out.append(n.booleanValue() ? "true" : "false");
        } else if (n.isIntegralNumber()) {
            out.append(n.bigIntegerValue());
        } else if (n.isNumber()) {
            double d = n.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new PyValueError("Out of range float values are not JSON compliant");
            }
            out.append(PyRepr.repr(d));
        } else if (n.isTextual()) {
            string(n.textValue(), ascii, out);
        } else if (n.isArray()) {
            if (n.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            boolean first = true;
            for (JsonNode e : n) {
                separator(first, indent, level + 1, out);
                first = false;
                write(e, indent, level + 1, sort, ascii, out);
            }
            if (indent >= 0) {
                out.append('\n').append(" ".repeat(indent * level));
            }
            out.append(']');
        } else if (n.isObject()) {
            if (n.isEmpty()) {
                out.append("{}");
                return;
            }
            List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
            entries.addAll(n.properties());
            if (sort) {
                entries.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : entries) {
                separator(first, indent, level + 1, out);
                first = false;
                string(e.getKey(), ascii, out);
                out.append(": ");
                write(e.getValue(), indent, level + 1, sort, ascii, out);
            }
            if (indent >= 0) {
                out.append('\n').append(" ".repeat(indent * level));
            }
            out.append('}');
        } else {
            throw new IllegalArgumentException("cannot write JSON node of type " + n.getNodeType());
        }
    }

    private static void separator(boolean first, int indent, int level, StringBuilder out) {
        if (indent < 0) {
            if (!first) {
                out.append(", ");
            }
        } else {
            if (!first) {
                out.append(',');
            }
            out.append('\n').append(" ".repeat(indent * level));
        }
    }

    /** Python's str ordering: by code point (Java's compareTo orders by UTF-16 unit). */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static void string(String s, boolean ascii, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || (ascii && c > 0x7E)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** The Python value a JSON node loads as, in the Java types {@link PyRepr} understands. */
    static Object toPython(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isIntegralNumber()) {
            BigInteger b = n.bigIntegerValue();
            return b.bitLength() < 63 ? (Object) b.longValue() : b;
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>();
            n.forEach(e -> l.add(toPython(e)));
            return l;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        n.properties().forEach(e -> m.put(e.getKey(), toPython(e.getValue())));
        return m;
    }

    /** Python's {@code str(value)} of a loaded JSON value. */
    static String pyStr(JsonNode n) {
        return PyRepr.str(toPython(n));
    }

    /** Python's {@code repr(value)} of a loaded JSON value. */
    static String pyRepr(JsonNode n) {
        return PyRepr.repr(toPython(n));
    }

    /** Python's {@code ==} between two loaded JSON values (1 == 1.0 == True). */
    static boolean pyEquals(JsonNode a, JsonNode b) {
        boolean an = a == null || a.isNull() || a.isMissingNode();
        boolean bn = b == null || b.isNull() || b.isMissingNode();
        if (an || bn) {
            return an && bn;
        }
        if ((a.isNumber() || a.isBoolean()) && (b.isNumber() || b.isBoolean())) {
            return numeric(a).compareTo(numeric(b)) == 0 && !Double.isNaN(a.asDouble()) && !Double.isNaN(b.asDouble());
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!pyEquals(a.get(i), b.get(i))) {
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
                if (!b.has(e.getKey()) || !pyEquals(e.getValue(), b.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static java.math.BigDecimal numeric(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? java.math.BigDecimal.ONE : java.math.BigDecimal.ZERO;
        }
        if (n.isIntegralNumber()) {
            return new java.math.BigDecimal(n.bigIntegerValue());
        }
        double d = n.doubleValue();
        if (Double.isNaN(d)) {
            return java.math.BigDecimal.ZERO;
        }
        if (Double.isInfinite(d)) {
            return java.math.BigDecimal.valueOf(d > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE).multiply(java.math.BigDecimal.TEN);
        }
        return new java.math.BigDecimal(d);
    }
}
