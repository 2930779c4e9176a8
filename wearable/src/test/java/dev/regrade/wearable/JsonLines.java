package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyWhitespace;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random JSONL lines biased to the odd shapes a byte-level fast path can get wrong (escapes, numbers,
 * literals, depth, duplicate and escaped keys, white space, non-ASCII and invalid UTF-8), and the String
 * path the fast paths must agree with, rendered so that order and node types count.
 */
final class JsonLines {
    static final Set<String> WANTED = Set.of("video_path", "answers");

    private static final String[] KEYS = {"video_path", "answers", "dialog", "task", "x", "video_path", "answers",
        "video\\u005fpath", "answer\\u0073", "", "video_pat", "video_paths", "a\\\"b"};
    private static final String[] NUMBERS = {"0", "-0", "-0.0", "1", "2", "-17", "0.5", "1.5e-3", "1E+5", "1e400",
        "-1e400", "1e-400", "01", "1.", ".5", "-", "1e", "1e+", "+1", "00", "1.2.3", "0x1f", "123456789012345678901234567890",
        "9".repeat(64), "9".repeat(65), "1" + "0".repeat(70), "0." + "1".repeat(80), "4.9e-324", "1.7976931348623157e308",
        "-9223372036854775808", "9223372036854775808", "1e5.3", "2E-0"};
    private static final String[] LITERALS = {"true", "false", "null", "NaN", "Infinity", "-Infinity", "+Infinity",
        "nul", "tru", "fals", "True", "None", "nan", "nullx", "truefalse"};
    private static final String[] ESCAPES = {"\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041",
        "\\u00e9", "\\u00E9", "\\u20ac", "\\u20AC", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\ud800", "\\udfff", "\\u0000",
        "\\u001f", "\\u005c", "\\u0022", "\\uffff", "\\u0100", "\\u00ff",
        // bad ones
        "\\x", "\\'", "\\u12g4", "\\u12", "\\U0041", "\\a", "\\0", "\\ "};
    private static final String[] RAW = {"a", "b", "xyz", "hello world", "$silent$", " ", "\u007f", "0123456789abcdef",
        "\u00e9", "\u20ac", "\ud83d\ude00", "\u03a3", "\u0130", "\u00a0"};
    private static final String[] WS = {"", "", "", " ", " ", "  ", "\t", " \t ", "\u000b", "\u000c", "\r", "\n", "\u001c",
        "\u00a0"};

    private final SplittableRandom r;
    /** Whether raw \r and \n may appear (not in lines written to a file, where they end the line). */
    private final boolean lineBreaks;

    JsonLines(long seed, boolean lineBreaks) {
        this.r = new SplittableRandom(seed);
        this.lineBreaks = lineBreaks;
    }

    /** One line's bytes (no terminator unless {@link #lineBreaks}). */
    byte[] line() {
        StringBuilder sb = new StringBuilder();
        int shape = r.nextInt(100);
        if (shape < 3) {
            sb.append(ws()).append(value(0)).append(ws()); // not an object, or an object at random
        } else if (shape < 5) {
            sb.append(ws()).append("{").append(ws()).append("}").append(ws());
        } else if (shape < 7) {
            sb.append(ws());
        } else if (shape < 10) {
            deep(sb);
        } else {
            object(sb, 0, true);
        }
        if (r.nextInt(30) == 0) {
            sb.append(pick(new String[] {"x", "}", ",", "{}", " 1", "\u0000", "//", "]"}));
        }
        String text = sb.toString();
        if (!lineBreaks) {
            text = text.replace('\r', ' ').replace('\n', '\t');
        }
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int mutate = r.nextInt(40);
        if (mutate == 0) {
            return cat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, b); // BOM
        }
        if (mutate == 1 && b.length > 2) {
            b[r.nextInt(1, b.length - 1)] = pick(new byte[] {(byte) 0xFF, (byte) 0xC3, (byte) 0x80, (byte) 0xED});
        }
        if (mutate == 2 && b.length > 2) {
            return java.util.Arrays.copyOf(b, r.nextInt(1, b.length)); // truncated
        }
        return b;
    }

    private void deep(StringBuilder sb) {
        int depth = r.nextInt(240, 320);
        sb.append("{\"video_path\": \"d\", ").append(r.nextBoolean() ? "\"answers\"" : "\"dialog\"").append(": ");
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (r.nextBoolean()) {
                sb.append('[');
                close.append(']');
            } else {
                sb.append("{\"k\":");
                close.append('}');
            }
        }
        sb.append(r.nextBoolean() ? "\"s\"" : "1");
        sb.append(close.reverse()).append(", \"answers\": [\"a\"]}");
    }

    private void object(StringBuilder sb, int depth, boolean top) {
        sb.append(ws()).append('{').append(ws());
        int n = r.nextInt(top ? 7 : 4);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(r.nextInt(60) == 0 ? "" : ",").append(ws());
            }
            sb.append('"').append(top || r.nextBoolean() ? pick(KEYS) : string()).append('"').append(ws());
            sb.append(r.nextInt(80) == 0 ? "" : ":").append(ws()).append(value(depth + 1)).append(ws());
        }
        if (n > 0 && r.nextInt(40) == 0) {
            sb.append(',');
        }
        sb.append(r.nextInt(100) == 0 ? "" : "}").append(ws());
    }

    private String value(int depth) {
        int k = r.nextInt(depth > 4 ? 60 : 100);
        if (k < 30) {
            return '"' + string() + '"';
        }
        if (k < 42) {
            return pick(NUMBERS);
        }
        if (k < 52) {
            return pick(LITERALS);
        }
        if (k < 60) {
            return r.nextInt(50) == 0 ? "'s'" : r.nextInt(50) == 0 ? "" : "\"" + string(); // broken values
        }
        if (k < 85) {
            StringBuilder sb = new StringBuilder("[").append(ws());
            int n = r.nextInt(5);
            boolean strings = r.nextBoolean();
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    sb.append(r.nextInt(60) == 0 ? "" : ",").append(ws());
                }
                sb.append(strings ? '"' + string() + '"' : value(depth + 1)).append(ws());
            }
            if (n > 0 && r.nextInt(40) == 0) {
                sb.append(',');
            }
            return sb.append(r.nextInt(100) == 0 ? "" : "]").toString();
        }
        StringBuilder sb = new StringBuilder();
        object(sb, depth, false);
        return sb.toString();
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        int parts = r.nextInt(6);
        for (int i = 0; i < parts; i++) {
            int k = r.nextInt(100);
            if (k < 45) {
                sb.append(pick(RAW));
            } else if (k < 50) {
                sb.append("abcdefghijklmnopqrstuvwxyz".repeat(r.nextInt(1, 4))); // past the 8-byte words
            } else if (k < 85) {
                sb.append(pick(ESCAPES));
            } else if (k < 90) {
                sb.append((char) r.nextInt(0, 0x20)); // a raw control char
            } else {
                sb.append("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u20ac\u20ac\u20ac".substring(r.nextInt(5)));
            }
        }
        return sb.toString();
    }

    private String ws() {
        String w = pick(WS);
        return w.equals("\u00a0") && r.nextInt(3) != 0 ? " " : w;
    }

    private <T> T pick(T[] a) {
        return a[r.nextInt(a.length)];
    }

    private byte pick(byte[] a) {
        return a[r.nextInt(a.length)];
    }

    static byte[] cat(byte[] a, byte[] b) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(a);
        o.writeBytes(b);
        return o.toByteArray();
    }

    /**
     * What the String path makes of one line (terminator excluded): strict UTF-8, null when blank after
     * strip(), {@link Rows#parseLine} and the {@code fields} of an object (all when null); or the error.
     */
    static String reference(byte[] b, int off, int len, Set<String> fields) {
        try {
            String text = decode(b, off, len);
            if (PyWhitespace.strip(text).isEmpty()) {
                return "blank";
            }
            JsonNode n = Rows.parseLine(text);
            if (n instanceof ObjectNode o && fields != null) {
                ObjectNode row = o.objectNode();
                o.fields().forEachRemaining(e -> {
                    if (fields.contains(e.getKey())) {
                        row.set(e.getKey(), e.getValue());
                    }
                });
                n = row;
            }
            return render(n);
        } catch (RuntimeException e) {
            return error(e);
        }
    }

    static String decode(byte[] b, int off, int len) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String error(RuntimeException e) {
        return "error " + e.getClass().getName() + ": " + e.getMessage();
    }

    /** A row as text where field order, node types and every char count ("blank" for null). */
    static String render(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        render(n, sb);
        return sb.toString();
    }

    private static void render(JsonNode n, StringBuilder sb) {
        if (n == null) {
            sb.append("blank");
        } else if (n.isObject()) {
            sb.append('{');
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                text(e.getKey(), sb);
                sb.append(':');
                render(e.getValue(), sb);
                sb.append(it.hasNext() ? "," : "");
            }
            sb.append('}');
        } else if (n.isArray()) {
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                render(n.get(i), sb);
                sb.append(i + 1 < n.size() ? "," : "");
            }
            sb.append(']');
        } else if (n.isTextual()) {
            text(n.textValue(), sb);
        } else {
            sb.append(n.getClass().getSimpleName()).append('(').append(n.toString()).append(')');
        }
    }

    private static void text(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        sb.append('"');
    }
}
