package dev.regrade.wearable;

import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An {@link Appendable} that encodes UTF-8 straight into a byte buffer and writes it out in large
 * blocks: no StringBuilder, Writer or encoder between the JSON writer and the file. JSON written with
 * ensure_ascii is all ASCII, for which a run of a string is copied as its bytes.
 */
final class Utf8Sink implements PyJson.AsciiSink, AutoCloseable {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private final char[] chars = new char[1 << 12];
    private int n;

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

    /** {@link #append(CharSequence, int, int)} of a String (a lone surrogate written as '?'). */
    private Utf8Sink append(String s, int start, int end) throws IOException {
        for (int i = start; i < end; ) {
            if (n == buf.length) {
                flushBuffer();
            }
            int run = Math.min(Math.min(end - i, buf.length - n), chars.length);
            s.getChars(i, i + run, chars, 0); // one copy, then plain array reads
            int k = 0;
            // The ASCII prefix of the run, char by char into the buffer.
            while (k < run) {
                char c = chars[k];
                if (c >= 0x80) {
                    break;
                }
                buf[n + k] = (byte) c;
                k++;
            }
            n += k;
            i += k;
            if (k < run) {
                char c = s.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1))) {
                    codePoint(Character.toCodePoint(c, s.charAt(i + 1)));
                    i += 2;
                } else {
                    codePoint(c);
                    i++;
                }
            }
        }
        return this;
    }

    /** An ASCII run copied as its bytes (the low byte of each char, which for ASCII is the char). */
    @Override
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): exactly right for ASCII
    public void appendAscii(String s, int from, int to) throws IOException {
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

    @Override
    public Utf8Sink append(char c) throws IOException {
        if (c < 0x80) {
            if (n == buf.length) {
                flushBuffer();
            }
            buf[n++] = (byte) c;
        } else {
            codePoint(c);
        }
        return this;
    }

    /** One code point as UTF-8 (a lone surrogate as '?', as Java's UTF-8 writer replaces it). */
    private void codePoint(int cp) throws IOException {
        if (n + 4 > buf.length) {
            flushBuffer();
        }
        if (cp < 0x800) {
            buf[n++] = (byte) (0xC0 | (cp >> 6));
            buf[n++] = (byte) (0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            if (Character.isSurrogate((char) cp)) {
                buf[n++] = '?';
                return;
            }
            buf[n++] = (byte) (0xE0 | (cp >> 12));
            buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[n++] = (byte) (0x80 | (cp & 0x3F));
        } else {
            buf[n++] = (byte) (0xF0 | (cp >> 18));
            buf[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[n++] = (byte) (0x80 | (cp & 0x3F));
        }
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }

    @Override
    public void close() throws IOException {
        flushBuffer();
        out.close();
    }
}
