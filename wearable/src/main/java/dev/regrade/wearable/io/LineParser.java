package dev.regrade.wearable.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyWhitespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;

/**
 * One JSONL line to its row, as {@code json.loads} reads it, keeping only the top-level {@code fields}
 * asked for (all when null). Three paths, each giving exactly what the String path gives: an ASCII
 * line {@link RowScanner} takes has its wanted values built from their bytes; another ASCII line goes
 * to Jackson's byte parser, which skips the unwanted fields (still checked for syntax); anything else
 * (not an object, a syntax error, a BOM, non-ASCII bytes) is decoded and parsed by {@link Rows#parseLine}.
 * A value that is not an object is the row as it is. The same bytes always give the same row, so a line
 * can be read again later from its place in the file.
 */
final class LineParser {
    /** Reads one value in the middle of a row: {@link PyJson#LOADS} without its check for trailing tokens. */
    private static final ObjectMapper SUBTREE = PyJson.LOADS.rebuild()
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Set<String> fields;
    /**
     * The fields the scanner finds, in a fixed order: the ones built, then the ones only located
     * (null: all fields wanted, no scanner).
     */
    final String[] names;
    /** How many of {@link #names} (the first ones) are built. */
    private final int built;
    final RowScanner scanner;
    /** Whether the scanner took the last line {@link #row} read (its spans are then in {@link #scanner}). */
    boolean scanned;

    /** @param fields the top-level fields to build, or null for all */
    LineParser(Set<String> fields) {
        this(fields, Set.of());
    }

    /**
     * @param fields the top-level fields to build (not null)
     * @param located more fields whose values' places the scanner records, unbuilt
     */
    LineParser(Set<String> fields, Set<String> located) {
        this.fields = fields;
        if (fields == null) {
            this.names = null;
            this.built = 0;
            this.scanner = null;
        } else {
            List<String> n = new java.util.ArrayList<>(fields.stream().sorted().toList());
            located.stream().filter(f -> !fields.contains(f)).sorted().forEach(n::add);
            this.names = n.toArray(String[]::new);
            this.built = fields.size();
            this.scanner = new RowScanner(n);
        }
    }

    /** The row of line b[off, off + len) (terminator excluded), or null when it is blank after strip(). */
    JsonNode row(byte[] b, int off, int len, boolean ascii) {
        if (ascii && blankAscii(b, off, len)) {
            return null;
        }
        if (!ascii) {
            scanned = false;
            String text = decode(b, off, len);
            return PyWhitespace.strip(text).isEmpty() ? null : slow(text);
        }
        scanned = false;
        if (scanner != null && scanner.scan(b, off, len)) {
            scanned = true;
            return build(b);
        }
        return parse(b, off, len);
    }

    /**
     * The row of the line starting at b[off] when the scanner takes it without its end being known
     * (see {@link RowScanner#object}): returns the index of its end (where its terminator is, or
     * {@code limit} at the end of the file), or -1 to find the line end first and call {@link #row}.
     */
    int scanLine(byte[] b, int off, int limit, boolean eof) {
        if (scanner == null) {
            return -1;
        }
        int end = scanner.object(b, off, limit);
        if (end < 0 || (end == limit ? !eof : b[end] != '\n' && b[end] != '\r')) {
            return -1;
        }
        scanned = true;
        return end;
    }

    /** The row {@link #scanLine} took. */
    JsonNode scannedRow(byte[] b) {
        return build(b);
    }

    /** {@link #row} of a line read again: whether it is ASCII is found anew. */
    JsonNode reread(byte[] b, int off, int len) {
        boolean ascii = true;
        for (int i = off; i < off + len; i++) {
            if (b[i] < 0) {
                ascii = false;
                break;
            }
        }
        return row(b, off, len, ascii);
    }

    /** True when every byte is ASCII white space as Python's str.isspace() sees it. */
    private static boolean blankAscii(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            byte c = b[i];
            if (!(c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f))) {
                return false;
            }
        }
        return true;
    }

    /** Strict UTF-8, as the String path's reader decodes (a malformed line fails the same way). */
    private static String decode(byte[] b, int off, int len) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fast path for an ASCII line: a byte parser building only the wanted fields. */
    private JsonNode parse(byte[] b, int off, int len) {
        try (JsonParser p = PyJson.LOADS.getFactory().createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return slow(new String(b, off, len, StandardCharsets.US_ASCII));
            }
            ObjectNode row = F.objectNode();
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (fields == null || fields.contains(name)) {
                    row.set(name, SUBTREE.readTree(p));
                } else {
                    p.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT || p.nextToken() != null || plusInfinity(b, off, len)) {
                // Jackson reads +Infinity, json.loads refuses it: the String path decides as Python.
                return slow(new String(b, off, len, StandardCharsets.US_ASCII));
            }
            return row;
        } catch (IOException | RuntimeException e) {
            return slow(new String(b, off, len, StandardCharsets.US_ASCII));
        }
    }

    /** Whether b[off, off + len) holds "+I" (a +Infinity, or those chars in a string); lines the scanner left only. */
    private static boolean plusInfinity(byte[] b, int off, int len) {
        for (int i = off; i < off + len - 1; i++) {
            if (b[i] == '+' && b[i + 1] == 'I') {
                return true;
            }
        }
        return false;
    }

    /**
     * An empty object sized for {@code fields} fields: a default one allocates a table of sixteen
     * slots at its first field, and a scorer builds a few objects of one to four fields per row.
     */
    static ObjectNode object(int fields) {
        return new ObjectNode(F, new LinkedHashMap<>(Math.max(2, (fields * 4 + 2) / 3)));
    }

    /** The String path: errors and values exactly as {@link Rows#parseLine}. */
    private JsonNode slow(String line) {
        JsonNode n = Rows.parseLine(line);
        if (!(n instanceof ObjectNode o) || fields == null) {
            return n;
        }
        ObjectNode row = F.objectNode();
        o.fields().forEachRemaining(e -> {
            if (fields.contains(e.getKey())) {
                row.set(e.getKey(), e.getValue());
            }
        });
        return row;
    }    /** The object of the wanted fields {@link #scanner} found, in the order they first appear. */
    private JsonNode build(byte[] b) {
        return build(b, 0, names, built, scanner.start, scanner.end, scanner.rank, 0);
    }

    /**
     * The object of fields [0, count) of {@code names} whose value spans are at {@code at} in the arrays
     * ({@code start[at + f]}, -1 when absent; positions in {@code b} less {@code shift}), in the order
     * they first appear in the line ({@code rank}).
     */
    static ObjectNode build(byte[] b, int shift, String[] names, int count, int[] start, int[] end, int[] rank, int at) {
        int present = 0;
        int lowest = Integer.MAX_VALUE;
        for (int f = 0; f < count; f++) {
            if (start[at + f] >= 0) {
                present++;
                lowest = Math.min(lowest, rank[at + f]);
            }
        }
        ObjectNode row = object(present);
        // Ranks count all the scanner's fields, so those built need not be 0..present-1: take them in order.
        for (int placed = 0, r = lowest; placed < present; r++) {
            for (int f = 0; f < count; f++) {
                if (start[at + f] >= 0 && rank[at + f] == r) {
                    row.set(names[f], value(b, start[at + f] - shift, end[at + f] - shift));
                    placed++;
                }
            }
        }
        return row;
    }

    /**
     * A value the scanner checked: a string or a list of strings built here, anything else by the full
     * parser's mapper (so numbers and literals are exactly what it makes of them).
     */
    static JsonNode value(byte[] b, int start, int end) {
        if (b[start] == '"') {
            return TextNode.valueOf(string(b, start + 1, end - 1));
        }
        if (b[start] == '[') {
            ArrayNode a = strings(b, start, end);
            if (a != null) {
                return a;
            }
        }
        try {
            return SUBTREE.readTree(b, start, end - start);
        } catch (IOException e) {
            throw new IllegalStateException("a value the scanner took does not parse", e);
        }
    }

    /** An array whose items are all strings, or null. */
    private static ArrayNode strings(byte[] b, int start, int end) {
        ArrayNode a = F.arrayNode();
        return strings(b, start, end, (bytes, from, to) -> {
            a.add(TextNode.valueOf(string(bytes, from, to)));
            return true;
        }) ? a : null;
    }

    /**
     * Walks the array b[start, end) that the scanner checked, handing each item's content to
     * {@code item} while the items are strings: true when every item was a string and taken, false at the
     * first that is not a string or is refused.
     */
    static boolean strings(byte[] b, int start, int end, Rows.StringItem item) {
        int i = skipWs(b, start + 1);
        if (b[i] == ']') {
            return true;
        }
        while (true) {
            if (b[i] != '"') {
                return false;
            }
            int close = RowScanner.string(b, i + 1, end);
            if (!item.take(b, i + 1, close - 1)) {
                return false;
            }
            i = skipWs(b, close);
            if (b[i] == ']') {
                return true;
            }
            i = skipWs(b, i + 1); // the comma
        }
    }

    private static int skipWs(byte[] b, int i) {
        while (b[i] == ' ' || b[i] == '\t') {
            i++;
        }
        return i;
    }

    /** The text of a string's content b[from, to) (ASCII; escapes as the parsers read them). */
    static String string(byte[] b, int from, int to) {
        int k = from;
        while (k < to && b[k] != '\\') {
            k++;
        }
        if (k == to) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
        // Escapes: Latin-1 bytes while every char fits one (a compact string), else chars.
        byte[] latin = new byte[to - from];
        int n = k - from;
        System.arraycopy(b, from, latin, 0, n);
        int i = k;
        while (i < to) {
            byte c = b[i];
            if (c != '\\') {
                latin[n++] = c;
                i++;
                continue;
            }
            char e = unescape(b, i);
            if (e > 0xff) {
                return chars(b, latin, n, i, to);
            }
            latin[n++] = (byte) e;
            i += b[i + 1] == 'u' ? 6 : 2;
        }
        return new String(latin, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** The rest of {@link #string} from {@code i} on, as chars after the Latin-1 prefix {@code latin[0, n)}. */
    private static String chars(byte[] b, byte[] latin, int n, int i, int to) {
        char[] out = new char[n + (to - i)];
        for (int k = 0; k < n; k++) {
            out[k] = (char) (latin[k] & 0xff);
        }
        while (i < to) {
            byte c = b[i];
            if (c != '\\') {
                out[n++] = (char) c;
                i++;
                continue;
            }
            out[n++] = unescape(b, i);
            i += b[i + 1] == 'u' ? 6 : 2;
        }
        return new String(out, 0, n);
    }

    /** The char of the escape at b[i] (a backslash the scanner checked). */
    private static char unescape(byte[] b, int i) {
        return switch (b[i + 1]) {
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> (char) ((RowScanner.hex(b[i + 2]) << 12) | (RowScanner.hex(b[i + 3]) << 8)
                    | (RowScanner.hex(b[i + 4]) << 4) | RowScanner.hex(b[i + 5]));
            default -> (char) b[i + 1]; // " \\ /
        };
    }


}
