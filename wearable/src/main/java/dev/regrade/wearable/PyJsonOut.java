package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyRepr;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON exactly as Python's {@code json.dump(obj, f, indent=N)} writes it with the default
 * {@code ensure_ascii=True}: every character outside printable ASCII escaped as {@code \}{@code uXXXX}
 * (lower-case hex, surrogate pairs for astral characters), floats as {@code repr}, NaN/Infinity as
 * Python writes them, keys in insertion order. {@code indent < 0} is {@code json.dumps(obj)}: one line
 * with {@code ", "} and {@code ": "}.
 */
final class PyJsonOut {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final String SPACES = "                                ";

    private PyJsonOut() {
    }

    static String dumps(JsonNode n, int indent) {
        StringBuilder sb = new StringBuilder();
        write(n, indent, 0, sb);
        return sb.toString();
    }

    static void write(JsonNode n, int indent, int level, Appendable out) {
        try {
            doWrite(n, indent, level, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void doWrite(JsonNode n, int indent, int level, Appendable out) throws IOException {
        if (n == null || n.isNull() || n.isMissingNode()) {
            out.append("null");
        } else if (n.isBoolean()) {
            out.append(n.booleanValue() ? "true" : "false");
        } else if (n.isIntegralNumber()) {
            out.append(n.bigIntegerValue().toString());
        } else if (n.isNumber()) {
            out.append(number(n.doubleValue()));
        } else if (n.isTextual()) {
            string(n.textValue(), out);
        } else if (n.isArray()) {
            if (n.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            boolean first = true;
            for (JsonNode e : n) {
                sep(first, indent, level + 1, out);
                first = false;
                doWrite(e, indent, level + 1, out);
            }
            close(indent, level, out);
            out.append(']');
        } else if (n.isObject()) {
            if (n.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                sep(first, indent, level + 1, out);
                first = false;
                string(e.getKey(), out);
                out.append(": ");
                doWrite(e.getValue(), indent, level + 1, out);
            }
            close(indent, level, out);
            out.append('}');
        } else {
            throw new IllegalArgumentException("cannot write JSON node of type " + n.getNodeType());
        }
    }

    static String number(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        String fast = fourPlaces(d);
        return fast != null ? fast : PyRepr.repr(d);
    }

    /**
     * repr() of a non-negative double that is exactly the double nearest to some r/10⁴ (every score the
     * scorers round to 4 places), without the general shortest-repr search: doubles near values up to 10⁶
     * are far closer together than 10⁻⁴, so the 4-place decimal with trailing zeros dropped is the
     * shortest string that reads back as d. Null for any other value.
     */
    static String fourPlaces(double d) {
        if (!(d >= 0 && d <= 1e6) || Double.doubleToRawLongBits(d) < 0) {
            return null;
        }
        double r = Math.rint(d * 10000);
        if (r / 10000 != d) {
            return null;
        }
        long units = (long) r;
        long whole = units / 10000;
        int frac = (int) (units % 10000);
        if (frac == 0) {
            return whole + ".0";
        }
        int digits = 4;
        while (frac % 10 == 0) {
            frac /= 10;
            digits--;
        }
        String f = Integer.toString(frac);
        return whole + "." + "000".substring(0, digits - f.length()) + f;
    }

    private static void sep(boolean first, int indent, int level, Appendable out) throws IOException {
        if (indent < 0) {
            if (!first) {
                out.append(", ");
            }
            return;
        }
        if (!first) {
            out.append(',');
        }
        out.append('\n');
        indent(indent * level, out);
    }

    private static void indent(int n, Appendable out) throws IOException {
        for (int left = n; left > 0; left -= SPACES.length()) {
            out.append(SPACES, 0, Math.min(left, SPACES.length()));
        }
    }

    private static void close(int indent, int level, Appendable out) throws IOException {
        if (indent < 0) {
            return;
        }
        out.append('\n');
        indent(indent * level, out);
    }

    /** A JSON string as Python's encoder writes it with ensure_ascii=True. */
    static void string(String s, Appendable out) throws IOException {
        out.append('"');
        int run = 0; // start of the pending run of characters written as they are
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\') {
                continue;
            }
            if (run < i) {
                out.append(s, run, i);
            }
            run = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> out.append("\\u").append(HEX[(c >> 12) & 15]).append(HEX[(c >> 8) & 15])
                        .append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
            }
        }
        if (run < s.length()) {
            out.append(s, run, s.length());
        }
        out.append('"');
    }
}
