package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyWhitespace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Python semantics for values loaded by {@code json.loads}: str(), truthiness, string methods, sort order. */
final class Py {
    /** Python's str ordering: by code point (Java's String.compareTo orders UTF-16 units). */
    static final Comparator<String> CODEPOINT_ORDER = (a, b) -> {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };

    /** Python's {@code \s} for str patterns (= str.isspace), as a Java character class. */
    static final String WS = "[\\t\\n\\x0B\\f\\r\\x1C-\\x20\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}"
            + "\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";
    /** Python's {@code \w} for str patterns (alphanumeric or underscore), as a Java character class. */
    static final String W = "[\\p{L}\\p{N}_]";

    private Py() {
    }

    /** {@code str(value)} of a value json.loads produced (null/missing = None). */
    static String str(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return "None";
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        return PyRepr.repr(toJava(n));
    }

    /** Python truthiness of a loaded value (null/missing = None = false). */
    static boolean truthy(JsonNode n) {
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

    static Object toJava(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
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
            List<Object> out = new ArrayList<>();
            for (JsonNode e : n) {
                out.add(toJava(e));
            }
            return out;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), toJava(e.getValue()));
        }
        return out;
    }

    /** The value must be a Python str (the original calls a str method on it). */
    static String requireStr(JsonNode n, String method) {
        if (n != null && n.isTextual()) {
            return n.textValue();
        }
        throw new ScoringError("AttributeError", "'" + typeName(n) + "' object has no attribute '" + method + "'");
    }

    static String typeName(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
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

    /** {@code len(value)} of a list (or str), else TypeError. */
    static int len(JsonNode n) {
        if (n != null && n.isArray()) {
            return n.size();
        }
        if (n != null && n.isTextual()) {
            return n.textValue().codePointCount(0, n.textValue().length());
        }
        throw new ScoringError("TypeError", "object of type '" + typeName(n) + "' has no len()");
    }

    static String strip(String s) {
        return PyWhitespace.strip(s);
    }

    static String lstrip(String s) {
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (!PyWhitespace.isSpace(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return s.substring(i);
    }

    /** {@code s.strip(chars)}. */
    static String stripChars(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(start, end);
    }

    static List<String> split(String s) {
        return PyWhitespace.split(s);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    static String upper(String s) {
        return s.toUpperCase(Locale.ROOT);
    }

    /** Python's {@code "%.1f"} for a finite double (Java's %f rounds HALF_UP on the decimal expansion; fine for a log line). */
    static String f1(double x) {
        return String.format(Locale.ROOT, "%.1f", x);
    }
}
