package dev.regrade.wearable.io;

import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An {@link Appendable} that encodes UTF-8 straight into a byte buffer and writes it out in large
 * blocks: no StringBuilder, Writer or encoder between the JSON writer and the file. JSON written with
 * ensure_ascii is all ASCII, whose runs are copied as bytes ({@link #appendAscii}). The bytes are those
 * of {@code String.getBytes(UTF_8)} of everything appended (a surrogate pair may arrive in two calls; a
 * lone surrogate becomes '?', as Java's encoder writes it).
 */
public final class Utf8Sink implements PyJson.AsciiSink, AutoCloseable {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private final char[] chars = new char[1 << 12];
    private int n;
    /** A high surrogate waiting for the next char (0: none). */
    private char high;

    Utf8Sink(OutputStream out) {
        this.out = out;
    }

    @Override
    public Utf8Sink append(CharSequence s) throws IOException {
        return append(s, 0, s.length());
    }

    @Override
    public Utf8Sink append(CharSequence s, int start, int end) throws IOException {
        if (s instanceof String str) {
            return append(str, start, end);
        }
        return append(s.subSequence(start, end).toString(), 0, end - start); // the JSON writer passes Strings
    }

    private Utf8Sink append(String s, int start, int end) throws IOException {
        for (int i = start; i < end; ) {
            if (high != 0 || n == buf.length) {
                unit(s.charAt(i++));
                continue;
            }
            int run = Math.min(Math.min(end - i, buf.length - n), chars.length);
            s.getChars(i, i + run, chars, 0); // one copy, then plain array reads
            int k = 0;
            while (k < run && chars[k] < 0x80) { // the ASCII prefix, straight into the buffer
                buf[n + k] = (byte) chars[k];
                k++;
            }
            n += k;
            i += k;
            if (k < run) {
                unit(s.charAt(i++));
            }
        }
        return this;
    }

    /** An ASCII run copied as its bytes (the low byte of each char, which for ASCII is the char). */
    @Override
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): exactly right for ASCII
    public void appendAscii(String s, int from, int to) throws IOException {
        if (high != 0 && from < to) {
            unit(s.charAt(from++)); // settles the pending surrogate
        }
        while (from < to) {
            if (n == buf.length) {
                flushBuffer();
            }
            int run = Math.min(to - from, buf.length - n);
            s.getBytes(from, from + run, buf, n);
            n += run;
            from += run;
        }
    }

    /** {@link #appendAscii(String, int, int)} of the whole of {@code s}. */
    public void appendAscii(String s) throws IOException {
        appendAscii(s, 0, s.length());
    }

    /** Appends bytes that are ASCII text. */
    public void appendAscii(byte[] b) throws IOException {
        if (high != 0 && b.length > 0) {
            unit((char) b[0]); // settles the pending surrogate
            appendAscii(java.util.Arrays.copyOfRange(b, 1, b.length));
            return;
        }
        if (n + b.length > buf.length) {
            flushBuffer();
            if (b.length > buf.length) {
                out.write(b);
                return;
            }
        }
        System.arraycopy(b, 0, buf, n, b.length);
        n += b.length;
    }

    /** Appends a number as its digits. */
    public void appendInt(long v) throws IOException {
        appendAscii(Long.toString(v));
    }

    @Override
    public Utf8Sink append(char c) throws IOException {
        unit(c);
        return this;
    }

    /** One UTF-16 unit: ASCII, a BMP char, or half of a pair (held until its other half comes). */
    private void unit(char c) throws IOException {
        if (n + 4 > buf.length) {
            flushBuffer();
        }
        if (high != 0) {
            char h = high;
            high = 0;
            if (Character.isLowSurrogate(c)) {
                int cp = Character.toCodePoint(h, c);
                buf[n++] = (byte) (0xF0 | (cp >> 18));
                buf[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                buf[n++] = (byte) (0x80 | (cp & 0x3F));
                return;
            }
            buf[n++] = '?';
        }
        if (c < 0x80) {
            buf[n++] = (byte) c;
        } else if (c < 0x800) {
            buf[n++] = (byte) (0xC0 | (c >> 6));
            buf[n++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
            high = c;
        } else if (Character.isLowSurrogate(c)) {
            buf[n++] = '?';
        } else {
            buf[n++] = (byte) (0xE0 | (c >> 12));
            buf[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            buf[n++] = (byte) (0x80 | (c & 0x3F));
        }
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }

    @Override
    public void close() throws IOException {
        if (high != 0) {
            high = 0;
            if (n == buf.length) {
                flushBuffer();
            }
            buf[n++] = '?';
        }
        flushBuffer();
        out.close();
    }
}
