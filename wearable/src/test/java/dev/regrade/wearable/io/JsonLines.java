package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyWhitespace;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
    /** The first {@link #VALID_NUMBERS} are numbers json.loads reads. */
    private static final String[] NUMBERS = {"0", "-0", "-0.0", "1", "2", "-17", "0.5", "1.5e-3", "1E+5", "1e400",
        "-1e400", "1e-400", "123456789012345678901234567890", "9".repeat(64), "9".repeat(65), "1" + "0".repeat(70),
        "0." + "1".repeat(80), "4.9e-324", "1.7976931348623157e308", "-9223372036854775808", "9223372036854775808",
        "2E-0", "01", "1.", ".5", "-", "1e", "1e+", "+1", "00", "1.2.3", "0x1f", "1e5.3"};
    private static final int VALID_NUMBERS = 22;
    private static final String[] LITERALS = {"true", "false", "null", "NaN", "Infinity", "-Infinity", "+Infinity",
        "nul", "tru", "fals", "True", "None", "nan", "nullx", "truefalse"};
    private static final String[] ESCAPES = {"\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041",
        "\\u00e9", "\\u00E9", "\\u20ac", "\\u20AC", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\u0000",
        "\\u001f", "\\u005c", "\\u0022", "\\uffff", "\\u0100", "\\u00ff",
        // lone surrogates (never in a key: PyJson refuses them there, json.loads does not; see RowScannerTest)
        "\\ud800", "\\udfff",
        // bad ones
        "\\x", "\\'", "\\u12g4", "\\u12", "\\U0041", "\\a", "\\0", "\\ "};
    private static final String[] RAW = {"a", "b", "xyz", "hello world", "$silent$", " ", "\u007f", "0123456789abcdef",
        "\u00e9", "\u20ac", "\ud83d\ude00", "\u03a3", "\u0130", "\u00a0"};
    private static final String[] WS = {"", "", "", " ", " ", "  ", "\t", " \t ", "\u000b", "\u000c", "\r", "\n", "\u001c",
        "\u00a0"};

    private final SplittableRandom r;
    /** Whether raw \r and \n may appear (not in lines written to a file, where they end the line). */
    private final boolean lineBreaks;

    /** Whether every line is one json.loads reads (still with every kind of valid oddity). */
    private final boolean clean;

    JsonLines(long seed, boolean lineBreaks) {
        this(seed, lineBreaks, false);
    }

    JsonLines(long seed, boolean lineBreaks, boolean clean) {
        this.r = new SplittableRandom(seed);
        this.lineBreaks = lineBreaks;
        this.clean = clean;
    }

    /** A rare broken shape: one time in {@code n}, never when {@link #clean}. */
    private boolean odd(int n) {
        return !clean && r.nextInt(n) == 0;
    }

    /** A pick among the first {@code valid} entries when {@link #clean}. */
    private String pick(String[] a, int valid) {
        return a[r.nextInt(clean ? valid : a.length)];
    }

    /** One line's bytes (no terminator unless {@link #lineBreaks}). */
    byte[] line() {
        StringBuilder sb = new StringBuilder();
        int shape = r.nextInt(100);
        if (shape < 3 && !clean) {
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
        if (odd(30)) {
            sb.append(pick(new String[] {"x", "}", ",", "{}", " 1", "\u0000", "//", "]"}));
        }
        String text = sb.toString();
        if (!lineBreaks) {
            text = text.replace('\r', ' ').replace('\n', '\t');
        }
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int mutate = clean ? -1 : r.nextInt(40);
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

    /**
     * A line of only ASCII bytes (the lines the scanner can take; non-ASCII ones are checked in
     * LineParserTest.scanLineOfNonAsciiLinesEqualsTheStringPath and JsonlReaderLineEndsTest).
     */
    byte[] asciiLine() {
        while (true) {
            byte[] b = line();
            if (isAscii(b, 0, b.length)) {
                return b;
            }
        }
    }

    static boolean isAscii(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
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
                sb.append(odd(60) ? "" : ",").append(ws());
            }
            sb.append('"').append(top || r.nextBoolean() ? pick(KEYS) : string(true)).append('"').append(ws());
            sb.append(odd(80) ? "" : ":").append(ws()).append(value(depth + 1)).append(ws());
        }
        if (n > 0 && odd(40)) {
            sb.append(',');
        }
        sb.append(odd(100) ? "" : "}").append(ws());
    }

    private String value(int depth) {
        int k = r.nextInt(depth > 4 ? 60 : 100);
        if (k < 30) {
            return '"' + string(false) + '"';
        }
        if (k < 42) {
            return pick(NUMBERS, VALID_NUMBERS);
        }
        if (k < 52) {
            return pick(LITERALS, 6);
        }
        if (k < 60 && !clean) {
            return r.nextInt(50) == 0 ? "'s'" : r.nextInt(50) == 0 ? "" : "\"" + string(false); // broken values
        }
        if (k < 85) {
            StringBuilder sb = new StringBuilder("[").append(ws());
            int n = r.nextInt(5);
            boolean strings = r.nextBoolean();
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    sb.append(odd(60) ? "" : ",").append(ws());
                }
                sb.append(strings ? '"' + string(false) + '"' : value(depth + 1)).append(ws());
            }
            if (n > 0 && odd(40)) {
                sb.append(',');
            }
            return sb.append(odd(100) ? "" : "]").toString();
        }
        StringBuilder sb = new StringBuilder();
        object(sb, depth, false);
        return sb.toString();
    }

    private String string(boolean key) {
        StringBuilder sb = new StringBuilder();
        int parts = r.nextInt(6);
        for (int i = 0; i < parts; i++) {
            int k = r.nextInt(100);
            if (k < 45) {
                sb.append(pick(RAW));
            } else if (k < 50) {
                sb.append("abcdefghijklmnopqrstuvwxyz".repeat(r.nextInt(1, 4))); // past the 8-byte words
            } else if (k < 85) {
                String e;
                do {
                    e = pick(ESCAPES, 24);
                } while (key && e.startsWith("\\ud") && e.length() == 6);
                sb.append(e);
            } else if (k < 90 && !clean) {
                sb.append((char) r.nextInt(0, 0x20)); // a raw control char
            } else if (k >= 90) {
                sb.append("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u20ac\u20ac\u20ac".substring(r.nextInt(5)));
            }
        }
        return sb.toString();
    }

    private String ws() {
        String w = pick(WS, 8);
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

    /** Universal newlines (\n, \r\n, \r), blank lines skipped, each line by the String path; the first error ends it. */
    static List<String> file(byte[] b, Set<String> fields) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (start < b.length) {
            while (i < b.length && b[i] != '\n' && b[i] != '\r') {
                i++;
            }
            String row = reference(b, start, i - start, fields);
            if (i < b.length && b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
                i++;
            }
            start = ++i;
            if (row.equals("blank")) {
                continue;
            }
            out.add(row);
            if (row.startsWith("error ")) {
                break;
            }
        }
        return out;
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
