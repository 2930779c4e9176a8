package dev.regrade.rubric.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.regrade.pycompat.PyRepr;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON exactly as Python's {@code json.dumps(obj, indent=N, ensure_ascii=False)} writes it: keys
 * in insertion order, floats as {@code repr}, {@code NaN}/{@code Infinity} as Python writes them,
 * separators {@code ", "}/{@code ": "} (the item separator loses its space at line ends). Reading
 * accepts what Python writes, NaN and Infinity included.
 */
public final class PyJson {
    /** A reader for JSON written by Python or by Regrade. */
    public static final ObjectMapper READER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private PyJson() {
    }

    /** Parses one JSON document; throws {@link UncheckedIOException} with the parser's location. */
    public static JsonNode parse(String text) {
        try {
            return READER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code json.dumps(node, indent=indent, ensure_ascii=False)}, without a trailing newline. */
    public static String dumps(JsonNode node, int indent) {
        StringBuilder out = new StringBuilder();
        write(node, indent, 0, out);
        return out.toString();
    }

    /** The file form Regrade writes: {@code dumps(node, 4)} plus LF. */
    public static String toFileText(JsonNode node) {
        return dumps(node, 4) + "\n";
    }

    private static void write(JsonNode n, int indent, int level, StringBuilder out) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            out.append("null");
        } else if (n.isBoolean()) {
            out.append(n.booleanValue() ? "true" : "false");
        } else if (n.isIntegralNumber()) {
            out.append(n.bigIntegerValue());
        } else if (n.isNumber()) {
            double d = n.doubleValue();
            if (Double.isNaN(d)) {
                out.append("NaN");
            } else if (Double.isInfinite(d)) {
                out.append(d > 0 ? "Infinity" : "-Infinity");
            } else {
                out.append(PyRepr.repr(d));
            }
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
                out.append(first ? "" : ",");
                first = false;
                newline(indent, level + 1, out);
                write(e, indent, level + 1, out);
            }
            newline(indent, level, out);
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
                out.append(first ? "" : ",");
                first = false;
                newline(indent, level + 1, out);
                string(e.getKey(), out);
                out.append(": ");
                write(e.getValue(), indent, level + 1, out);
            }
            newline(indent, level, out);
            out.append('}');
        } else {
            throw new IllegalArgumentException("cannot write JSON node of type " + n.getNodeType());
        }
    }

    private static void newline(int indent, int level, StringBuilder out) {
        out.append('\n');
        out.append(" ".repeat(indent * level));
    }

    /** A JSON string as Python's encoder writes it with {@code ensure_ascii=False}. */
    static void string(String s, StringBuilder out) {
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
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
