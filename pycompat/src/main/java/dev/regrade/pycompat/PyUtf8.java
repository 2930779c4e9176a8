package dev.regrade.pycompat;

import java.io.ByteArrayOutputStream;

/**
 * CPython 3.11's UTF-8 codec where the URL and cache code depend on it: strict encoding (lone
 * surrogates raise {@code UnicodeEncodeError}), decoding with {@code errors='replace'} (one
 * U+FFFD per maximal invalid subpart, as {@code Objects/stringlib/codecs.h} decides), and strict
 * decoding (raises {@code UnicodeDecodeError} with Python's message).
 */
public final class PyUtf8 {

    private PyUtf8() {
    }

    /** {@code s.encode('utf-8')}; a lone surrogate raises {@code UnicodeEncodeError}. */
    public static byte[] encode(String s) {
        // Java's encoder writes '?' for a lone surrogate where Python raises, so it is used only
        // when the text has no surrogate at all.
        boolean surrogates = false;
        for (int i = 0; i < s.length() && !surrogates; i++) {
            surrogates = Character.isSurrogate(s.charAt(i));
        }
        if (!surrogates) {
            return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        int cpIndex = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                throw encodeError(s, cpIndex);
            }
            write(cp, out);
            i += Character.charCount(cp);
            cpIndex++;
        }
        return out.toByteArray();
    }

    /** Appends the UTF-8 bytes of one code point (a surrogate too, as 'surrogatepass' does). */
    static void write(int cp, ByteArrayOutputStream out) {
        if (cp < 0x80) {
            out.write(cp);
        } else if (cp < 0x800) {
            out.write(0xC0 | (cp >> 6));
            out.write(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out.write(0xE0 | (cp >> 12));
            out.write(0x80 | ((cp >> 6) & 0x3F));
            out.write(0x80 | (cp & 0x3F));
        } else {
            out.write(0xF0 | (cp >> 18));
            out.write(0x80 | ((cp >> 12) & 0x3F));
            out.write(0x80 | ((cp >> 6) & 0x3F));
            out.write(0x80 | (cp & 0x3F));
        }
    }

    /** Whether {@link #encode} would raise for {@code s}. */
    public static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                return true;
            }
            i += Character.charCount(cp);
        }
        return false;
    }

    private static PyException encodeError(String s, int start) {
        int[] cps = s.codePoints().toArray();
        int end = start;
        while (end < cps.length && cps[end] >= 0xD800 && cps[end] <= 0xDFFF) {
            end++;
        }
        String msg = end == start + 1
                ? String.format("'utf-8' codec can't encode character '\\u%04x' in position %d: surrogates not allowed",
                        cps[start], start)
                : String.format("'utf-8' codec can't encode characters in position %d-%d: surrogates not allowed",
                        start, end - 1);
        return new PyException("UnicodeEncodeError", msg);
    }

    /** {@code b.decode('utf-8', 'replace')}. */
    public static String decodeReplace(byte[] b) {
        return decode(b, false);
    }

    /** {@code b.decode('utf-8')}; invalid input raises {@code UnicodeDecodeError} with Python's message. */
    public static String decodeStrict(byte[] b) {
        return decode(b, true);
    }

    private static String decode(byte[] b, boolean strict) {
        StringBuilder out = new StringBuilder(b.length);
        int n = b.length;
        int i = 0;
        while (i < n) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                out.append((char) c);
                i++;
                continue;
            }
            // The sequence length the lead byte announces, and the range its second byte must be in
            // (narrower after E0, ED, F0 and F4: no overlong forms, surrogates or code points past U+10FFFF).
            int len = c < 0xC2 || c >= 0xF5 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            int lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
            int hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
            int errEnd = 0; // exclusive end of the maximal invalid subpart, 0 when the sequence is valid
            String reason = null;
            if (len == 0) {
                errEnd = i + 1;
                reason = "invalid start byte";
            }
            for (int k = 1; k < len && errEnd == 0; k++) {
                if (i + k >= n) {
                    errEnd = n;
                    reason = "unexpected end of data";
                } else {
                    int x = b[i + k] & 0xFF;
                    if (x < (k == 1 ? lo : 0x80) || x > (k == 1 ? hi : 0xBF)) {
                        errEnd = i + k;
                        reason = "invalid continuation byte";
                    }
                }
            }
            if (errEnd > 0) {
                if (strict) {
                    String msg = errEnd == i + 1
                            ? String.format("'utf-8' codec can't decode byte 0x%02x in position %d: %s", c, i, reason)
                            : String.format("'utf-8' codec can't decode bytes in position %d-%d: %s", i, errEnd - 1,
                                    reason);
                    throw new PyException("UnicodeDecodeError", msg);
                }
                out.append('\uFFFD');
                i = errEnd;
                continue;
            }
            int cp = c & (0xFF >> (len + 1));
            for (int k = 1; k < len; k++) {
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            out.appendCodePoint(cp);
            i += len;
        }
        return out.toString();
    }
}
