package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyOSError;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One pass over a JSONL file, read as bytes (Python's {@code load_jsonl}: universal newlines, lines blank
 * after strip() skipped, one JSON value per other line), each line made a row by {@link LineParser}: only
 * the top-level {@code fields} asked for are built, so a 500 MB golden file with large {@code dialog}
 * histories costs one checking pass and little memory. Each row's line is found in the file by
 * {@link #lastOffset()} and {@link #lastLength()}, so it can be read again instead of held.
 */
final class JsonlReader implements Rows.RowIterator {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NL = ONES * '\n';
    private static final long CR = ONES * '\r';

    private final InputStream in;
    private final LineParser parser;
    private byte[] buf = new byte[1 << 20];
    /** File offset of buf[0]. */
    private long base;
    private int pos;
    private int limit;
    private boolean eof;
    private JsonNode pending;
    private long pendingOffset;
    private int pendingLength;
    private int pendingStart;
    private long lastOffset = -1;
    private int lastLength;
    /** The last line the scanner took ended in \r as the last byte read so far. */
    private boolean crEnded;
    private int lastStart;

    /** @param fields the top-level fields to build, or null for all */
    JsonlReader(Path path, Set<String> fields) {
        this(path, fields, 0, -1);
    }

    /**
     * Reads only bytes [start, end) of the file (end -1: to the end); start must be 0 or just after a
     * {@code \n}, end the file size or just after a {@code \n}, so that no line is cut.
     */
    JsonlReader(Path path, Set<String> fields, long start, long end) {
        this(path, new LineParser(fields), start, end);
    }

    /** {@link #JsonlReader(Path, Set, long, long)} with the parser given (its scanner state follows each row). */
    JsonlReader(Path path, LineParser parser, long start, long end) {
        this.parser = parser;
        this.base = start;
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
        if (pending == null && crEnded) {
            // The last line ended in \r at the end of the buffer: a \n next belongs to it. Read only now,
            // so that line's bytes stayed where its spans say until this call.
            crEnded = false;
            if (pos == limit && !eof) {
                fill();
            }
            if (pos < limit && buf[pos] == '\n') {
                pos++;
            }
        }
        while (pending == null) {
            // Most lines: the scanner finds the line's end as it checks the object, in one pass.
            int end = pos < limit ? parser.scanLine(buf, pos, limit, eof) : -1;
            if (end >= 0) {
                pending = parser.scannedRow(buf);
                pendingOffset = base + pos;
                pendingLength = end - pos;
                pendingStart = pos;
                pos = end;
                if (pos < limit) {
                    pos++; // the terminator; \r\n is two bytes
                    if (buf[pos - 1] == '\r') {
                        if (pos == limit && !eof) {
                            crEnded = true; // whether a \n follows is seen at the next call
                        } else if (pos < limit && buf[pos] == '\n') {
                            pos++;
                        }
                    }
                }
                return true;
            }
            int[] line = nextLine();
            if (line == null) {
                return false;
            }
            int off = line[0];
            int len = line[1];
            boolean ascii = line[2] == 0;
            pending = parser.row(buf, off, len, ascii);
            pendingOffset = base + off;
            pendingLength = len;
            pendingStart = off;
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
        lastOffset = pendingOffset;
        lastLength = pendingLength;
        lastStart = pendingStart;
        return n;
    }

    /** Where the line of the row last returned by {@link #next()} starts in the file. */
    long lastOffset() {
        return lastOffset;
    }

    /** The length in bytes of the line of the row last returned. */
    int lastLength() {
        return lastLength;
    }

    /**
     * Where that line starts in the buffer the parser last scanned (its spans are buffer positions),
     * valid until the next call of {@link #hasNext()}.
     */
    int lastLineStartInBuffer() {
        return lastStart;
    }

    /** The buffer that line is in, valid until the next call of {@link #hasNext()}. */
    byte[] lastBuffer() {
        return buf;
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
        base += pos; // the bytes before pos are dropped
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


}
