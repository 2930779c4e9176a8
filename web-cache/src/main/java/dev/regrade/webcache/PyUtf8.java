package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import java.io.ByteArrayOutputStream;

/**
 * CPython 3.11's UTF-8 codec where the URL and cache code depend on it: strict encoding (lone
 * surrogates raise {@code UnicodeEncodeError}), decoding with {@code errors='replace'} (one
 * U+FFFD per maximal invalid subpart, as {@code Objects/stringlib/codecs.h} decides), and strict
 * decoding (raises {@code UnicodeDecodeError} with Python's message).
 */
final class PyUtf8 {

    private PyUtf8() {
    }

    /** {@code s.encode('utf-8')}; a lone surrogate raises {@code UnicodeEncodeError}. */
    static byte[] encode(String s) {
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
            i += Character.charCount(cp);
            cpIndex++;
        }
        return out.toByteArray();
    }

    /** Whether {@link #encode} would raise for {@code s}. */
    static boolean hasLoneSurrogate(String s) {
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
    static String decodeReplace(byte[] b) {
        return decode(b, false);
    }

    /** {@code b.decode('utf-8')}; invalid input raises {@code UnicodeDecodeError} with Python's message. */
    static String decodeStrict(byte[] b) {
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
            int len;          // bytes of a valid sequence, or 0 on error
            int errEnd = 0;   // exclusive end of the invalid subpart
            String reason = null;
            if (c < 0xC2) {
                len = 0;
                errEnd = i + 1;
                reason = "invalid start byte";
            } else if (c < 0xE0) {
                if (n - i < 2) {
                    len = 0;
                    errEnd = n;
                    reason = "unexpected end of data";
                } else if (!cont(b[i + 1])) {
                    len = 0;
                    errEnd = i + 1;
                    reason = "invalid continuation byte";
                } else {
                    len = 2;
                }
            } else if (c < 0xF0) {
                int c2 = n - i >= 2 ? b[i + 1] & 0xFF : -1;
                boolean bad2 = c2 >= 0 && (!cont(b[i + 1]) || (c2 < 0xA0 ? c == 0xE0 : c == 0xED));
                if (n - i < 3) {
                    len = 0;
                    if (bad2) {
                        errEnd = i + 1;
                        reason = "invalid continuation byte";
                    } else {
                        errEnd = n;
                        reason = "unexpected end of data";
                    }
                } else if (bad2) {
                    len = 0;
                    errEnd = i + 1;
                    reason = "invalid continuation byte";
                } else if (!cont(b[i + 2])) {
                    len = 0;
                    errEnd = i + 2;
                    reason = "invalid continuation byte";
                } else {
                    len = 3;
                }
            } else if (c < 0xF5) {
                int c2 = n - i >= 2 ? b[i + 1] & 0xFF : -1;
                boolean bad2 = c2 >= 0 && (!cont(b[i + 1]) || (c2 < 0x90 ? c == 0xF0 : c == 0xF4));
                if (n - i < 4) {
                    len = 0;
                    if (bad2) {
                        errEnd = i + 1;
                        reason = "invalid continuation byte";
                    } else if (n - i >= 3 && !cont(b[i + 2])) {
                        errEnd = i + 2;
                        reason = "invalid continuation byte";
                    } else {
                        errEnd = n;
                        reason = "unexpected end of data";
                    }
                } else if (bad2) {
                    len = 0;
                    errEnd = i + 1;
                    reason = "invalid continuation byte";
                } else if (!cont(b[i + 2])) {
                    len = 0;
                    errEnd = i + 2;
                    reason = "invalid continuation byte";
                } else if (!cont(b[i + 3])) {
                    len = 0;
                    errEnd = i + 3;
                    reason = "invalid continuation byte";
                } else {
                    len = 4;
                }
            } else {
                len = 0;
                errEnd = i + 1;
                reason = "invalid start byte";
            }
            if (len == 0) {
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
            int cp;
            if (len == 2) {
                cp = ((c & 0x1F) << 6) | (b[i + 1] & 0x3F);
            } else if (len == 3) {
                cp = ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
            } else {
                cp = ((c & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F);
            }
            out.appendCodePoint(cp);
            i += len;
        }
        return out.toString();
    }

    private static boolean cont(byte x) {
        return (x & 0xC0) == 0x80;
    }
}
