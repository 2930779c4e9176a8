package dev.regrade.wearable;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyOSError;
import dev.regrade.pycompat.PyWhitespace;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One pass over a JSONL file, read as bytes (Python's {@code load_jsonl}: universal newlines, lines blank
 * after strip() skipped, one JSON value per other line). Only the top-level {@code fields} asked for are
 * built into an object row; the others are skipped by the tokenizer (still checked for syntax), so a 500 MB
 * golden file with large {@code dialog} histories costs one tokenizing pass and little memory. A line the
 * fast path does not take (not an object, a syntax error, a BOM, non-ASCII bytes that are not UTF-8) is
 * decoded and parsed by {@link Rows#parseLine}, so values and errors are exactly those of the String path;
 * a value that is not an object is the row as it is.
 */
final class JsonlReader implements Rows.RowIterator {
    /** Reads one value in the middle of a row: {@link PyJson#LOADS} without its check for trailing tokens. */
    private static final ObjectMapper SUBTREE = PyJson.LOADS.rebuild()
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NL = ONES * '\n';
    private static final long CR = ONES * '\r';

    private final InputStream in;
    private final Set<String> fields;
    private byte[] buf = new byte[1 << 20];
    private int pos;
    private int limit;
    private boolean eof;
    private JsonNode pending;

    /** @param fields the top-level fields to build, or null for all */
    JsonlReader(Path path, Set<String> fields) {
        this(path, fields, 0, -1);
    }

    /**
     * Reads only bytes [start, end) of the file (end -1: to the end); start must be 0 or just after a
     * {@code \n}, end the file size or just after a {@code \n}, so that no line is cut.
     */
    JsonlReader(Path path, Set<String> fields, long start, long end) {
        this.fields = fields;
        try {
            InputStream s = Files.newInputStream(path);
            if (start > 0) {
                s.skipNBytes(start);
            }
            this.in = end < 0 ? s : new java.io.FilterInputStream(s) {
                private long left = end - start;

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (left <= 0) {
                        return -1;
                    }
                    int n = super.read(b, off, (int) Math.min(len, left));
                    if (n > 0) {
                        left -= n;
                    }
                    return n;
                }
            };
        } catch (NoSuchFileException e) {
            throw PyOSError.of(path, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean hasNext() {
        while (pending == null) {
            int[] line = nextLine();
            if (line == null) {
                return false;
            }
            int off = line[0];
            int len = line[1];
            boolean ascii = line[2] == 0;
            if (!ascii || !blankAscii(buf, off, len)) {
                String text = ascii ? null : decode(buf, off, len);
                if (text == null || !PyWhitespace.strip(text).isEmpty()) {
                    pending = text == null ? parse(buf, off, len) : slow(text);
                }
            }
        }
        return true;
    }

    @Override
    public JsonNode next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        JsonNode n = pending;
        pending = null;
        return n;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The next line as {offset, length, nonAscii} in {@link #buf} (terminator excluded; \n, \r and \r\n
     * end a line), or null at the end of the file.
     */
    private int[] nextLine() {
        int scanned = pos;
        while (true) {
            int i = scanned;
            long hi = 0;
            byte[] b = buf;
            int end = limit;
            // Eight bytes at a time until a word holds \n or \r (SWAR), then byte by byte.
            while (i + 8 <= end) {
                long w = (long) LONGS.get(b, i);
                if (hasByte(w, NL) || hasByte(w, CR)) {
                    break;
                }
                hi |= w;
                i += 8;
            }
            while (i < end) {
                byte c = b[i];
                if (c == '\n' || c == '\r') {
                    break;
                }
                hi |= c;
                i++;
            }
            hi &= HIGHS;
            if (i < end && (b[i] == '\n' || i + 1 < end || eof)) {
                int off = pos;
                pos = i + 1;
                if (b[i] == '\r' && pos < limit && b[pos] == '\n') {
                    pos++;
                }
                return new int[] {off, i - off, hi != 0 || hasHigh(b, off, scanned) ? 1 : 0};
            }
            if (eof) {
                if (pos >= limit) {
                    return null;
                }
                int off = pos;
                pos = limit;
                return new int[] {off, limit - off, hasHigh(b, off, limit) ? 1 : 0};
            }
            // Need more bytes: keep the partial line (rescanning only what is new, except a pending \r).
            int partial = i < end ? i - pos : limit - pos;
            fill();
            scanned = pos + partial;
        }
    }

    /** True when some byte of {@code w} equals the byte repeated in {@code pattern} (exact, no false positives). */
    private static boolean hasByte(long w, long pattern) {
        long x = w ^ pattern;
        return ((x - ONES) & ~x & HIGHS) != 0;
    }

    private static boolean hasHigh(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return true;
            }
        }
        return false;
    }

    /** Moves the unread bytes to the front (growing the buffer for a long line) and reads more. */
    private void fill() {
        int keep = limit - pos;
        if (keep == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        } else if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, keep);
        }
        pos = 0;
        limit = keep;
        try {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
            if (t != JsonToken.END_OBJECT || p.nextToken() != null) {
                return slow(new String(b, off, len, StandardCharsets.US_ASCII));
            }
            return row;
        } catch (IOException | RuntimeException e) {
            return slow(new String(b, off, len, StandardCharsets.US_ASCII));
        }
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
    }
}
