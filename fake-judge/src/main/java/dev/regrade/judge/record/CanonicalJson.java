package dev.regrade.judge.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The canonical JSON text of a request body, the text a recording's key digests: the same request
 * written with its members in another order or other spacing has the same text. Exactly:
 * <ul>
 * <li>no whitespace outside strings;</li>
 * <li>the members of every object sorted by name, comparing UTF-16 code units (as RFC 8785 does);
 * a name given twice keeps its last value, as Python's {@code json} and Jackson read it;</li>
 * <li>arrays in their order;</li>
 * <li>numbers exactly as written in the body ({@code 1.0} and {@code 1} stay different);</li>
 * <li>strings re-escaped minimally: {@code "} and {@code \} with a backslash, U+0008, U+0009,
 * U+000A, U+000C, U+000D as {@code \b \t \n \f \r}, the other control characters below U+0020 and
 * any unpaired surrogate as {@code \}{@code u} and four lower-case hex digits; every other character as
 * itself.</li>
 * </ul>
 */
final class CanonicalJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private CanonicalJson() {
    }

    /**
     * The canonical text of one JSON value.
     *
     * @throws IOException when the body is not exactly one JSON value
     */
    static String of(byte[] body) throws IOException {
        try (JsonParser p = FACTORY.createParser(body)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonParseException(p, "the body is empty");
            }
            StringBuilder b = new StringBuilder(body.length);
            value(p, first, b);
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "more than one JSON value");
            }
            return b.toString();
        }
    }

    private static void value(JsonParser p, JsonToken token, StringBuilder b) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                Map<String, String> members = new TreeMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    StringBuilder v = new StringBuilder();
                    value(p, p.nextToken(), v);
                    members.put(name, v.toString());
                }
                b.append('{');
                boolean first = true;
                for (Map.Entry<String, String> m : members.entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    string(m.getKey(), b);
                    b.append(':').append(m.getValue());
                }
                b.append('}');
            }
            case START_ARRAY -> {
                b.append('[');
                JsonToken t = p.nextToken();
                for (boolean first = true; t != JsonToken.END_ARRAY; first = false, t = p.nextToken()) {
                    if (!first) {
                        b.append(',');
                    }
                    value(p, t, b);
                }
                b.append(']');
            }
            case VALUE_STRING -> string(p.getText(), b);
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> b.append(p.getText());
            case VALUE_TRUE -> b.append("true");
            case VALUE_FALSE -> b.append("false");
            case VALUE_NULL -> b.append("null");
            default -> throw new JsonParseException(p, "unexpected " + token);
        }
    }

    private static void string(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\f' -> b.append("\\f");
                case '\r' -> b.append("\\r");
                default -> {
                    boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1));
                    if (paired) {
                        b.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
