package dev.regrade.wearable.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A byte-level check of one ASCII JSONL line that is a JSON object, finding where the values of some
 * top-level fields lie without building anything. It accepts only a strict subset of what
 * {@link dev.regrade.pycompat.PyJson#LOADS} (and Python's json.loads) accept: no escapes in top-level
 * keys, no NaN or Infinity, numbers of at most 64 chars, nesting at most 256 deep, white space only
 * space and tab. A line it refuses goes to the full parser, which gives the exact value or error: so a
 * refusal is never wrong, only slower, and an acceptance is always a line those parsers accept.
 *
 * <p>Strings are scanned eight bytes at a time for a quote, a backslash or a control character.
 */
final class RowScanner {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long CONTROL = ONES * 0x20;
    private static final int MAX_DEPTH = 256;
    private static final int MAX_NUMBER = 64;

    /** Per open container while a value is skipped: an object (else an array). */
    private final boolean[] inObject = new boolean[MAX_DEPTH];

    private final byte[][] names;
    /** Per wanted field: start and end of its value in the last line scanned, or -1 when absent. */
    final int[] start;
    final int[] end;
    /** Per wanted field: the order of its first appearance in the line (a repeated key keeps its first place). */
    final int[] rank;

    /** @param fields the top-level field names whose values to locate (ASCII, no escapes needed) */
    RowScanner(List<String> fields) {
        names = new byte[fields.size()][];
        for (int i = 0; i < names.length; i++) {
            names[i] = fields.get(i).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
        start = new int[names.length];
        end = new int[names.length];
        rank = new int[names.length];
    }

    int fieldCount() {
        return names.length;
    }

    /**
     * Checks {@code b[off, off + len)} and locates the wanted fields (a repeated key: its last value, as
     * the parsers keep); false when the line is not taken.
     */
    boolean scan(byte[] b, int off, int len) {
        return object(b, off, off + len) == off + len;
    }

    /**
     * {@link #scan} of a line whose end is not known yet: checks the object starting at {@code off}
     * (after spaces and tabs) and returns where the spaces and tabs after it end, or -1 when the line is
     * not taken or does not end before {@code limit}. The line is taken only if a line terminator
     * (or the end of the file) follows there.
     */
    int object(byte[] b, int off, int limit) {
        java.util.Arrays.fill(start, -1);
        int seen = 0;
        int i = ws(b, off, limit);
        if (i >= limit || b[i] != '{') {
            return -1;
        }
        i = ws(b, i + 1, limit);
        if (i < limit && b[i] == '}') {
            return ws(b, i + 1, limit);
        }
        while (true) {
            if (i >= limit || b[i] != '"') {
                return -1;
            }
            int keyStart = i + 1;
            int keyEnd = keyStart;
            while (keyEnd < limit && b[keyEnd] != '"') {
                byte c = b[keyEnd];
                if (c == '\\' || c < 0x20) {
                    return -1; // an escaped or broken key: the full parser decides
                }
                keyEnd++;
            }
            if (keyEnd >= limit) {
                return -1;
            }
            i = ws(b, keyEnd + 1, limit);
            if (i >= limit || b[i] != ':') {
                return -1;
            }
            int valueStart = ws(b, i + 1, limit);
            int valueEnd = value(b, valueStart, limit, 1);
            if (valueEnd < 0) {
                return -1;
            }
            int f = field(b, keyStart, keyEnd);
            if (f >= 0) {
                if (start[f] < 0) {
                    rank[f] = seen++;
                }
                start[f] = valueStart;
                end[f] = valueEnd;
            }
            i = ws(b, valueEnd, limit);
            if (i >= limit) {
                return -1;
            }
            if (b[i] == ',') {
                i = ws(b, i + 1, limit);
            } else if (b[i] == '}') {
                return ws(b, i + 1, limit);
            } else {
                return -1;
            }
        }
    }

    private int field(byte[] b, int from, int to) {
        int n = to - from;
        outer:
        for (int f = 0; f < names.length; f++) {
            byte[] name = names[f];
            if (name.length != n) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                if (name[k] != b[from + k]) {
                    continue outer;
                }
            }
            return f;
        }
        return -1;
    }

    private static int ws(byte[] b, int i, int limit) {
        while (i < limit && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /**
     * The end of the value starting at {@code i}, or -1 when it is not taken. One loop with a stack of
     * open containers ({@link #inObject}), not recursion: nested values are most of a golden row.
     */
    private int value(byte[] b, int i, int limit, int depth0) {
        int depth = 0;
        while (true) {
            // A value starts at i.
            if (i >= limit) {
                return -1;
            }
            byte c = b[i];
            if (c == '"') {
                i = string(b, i + 1, limit);
            } else if (c == '{' || c == '[') {
                if (depth + depth0 >= MAX_DEPTH) {
                    return -1;
                }
                boolean obj = c == '{';
                i = ws(b, i + 1, limit);
                if (i < limit && b[i] == (obj ? '}' : ']')) {
                    i++;
                } else {
                    inObject[depth++] = obj;
                    if (obj && (i = key(b, i, limit)) < 0) {
                        return -1;
                    }
                    continue;
                }
            } else if (c == 't') {
                i = literal(b, i, limit, "true");
            } else if (c == 'f') {
                i = literal(b, i, limit, "false");
            } else if (c == 'n') {
                i = literal(b, i, limit, "null");
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                i = number(b, i, limit);
            } else {
                return -1;
            }
            // After a value: close containers, or go on to the next item.
            while (true) {
                if (i < 0) {
                    return -1;
                }
                if (depth == 0) {
                    return i;
                }
                i = ws(b, i, limit);
                if (i >= limit) {
                    return -1;
                }
                c = b[i];
                boolean obj = inObject[depth - 1];
                if (c == ',') {
                    i = ws(b, i + 1, limit);
                    if (obj) {
                        i = key(b, i, limit);
                    }
                    break;
                }
                if (c != (obj ? '}' : ']')) {
                    return -1;
                }
                depth--;
                i++;
            }
            if (i < 0) {
                return -1;
            }
        }
    }

    /** A member's key, the colon and the space before its value; returns where the value starts, or -1. */
    private static int key(byte[] b, int i, int limit) {
        if (i >= limit || b[i] != '"') {
            return -1;
        }
        i = string(b, i + 1, limit, true);
        if (i < 0) {
            return -1;
        }
        i = ws(b, i, limit);
        if (i >= limit || b[i] != ':') {
            return -1;
        }
        return ws(b, i + 1, limit);
    }

    /** The end of a string whose first content byte is at {@code i} (just past its closing quote), or -1. */
    static int string(byte[] b, int i, int limit) {
        return string(b, i, limit, false);
    }

    /**
     * {@link #string(byte[], int, int)}; for a key ({@code key}), a backslash-u escape of a surrogate is not
     * taken: Jackson refuses a lone one in a field name (a known divergence from json.loads, see PyJson),
     * and the full parser words that error.
     */
    private static int string(byte[] b, int i, int limit, boolean key) {
        while (true) {
            while (i + 8 <= limit) {
                long w = (long) LONGS.get(b, i);
                // A quote, a backslash, a control character, or a byte past ASCII (its high bit): look closer.
                // One test of the four (no short-circuit branches: the C1 code this runs as pays for each).
                long q = w ^ QUOTES;
                long s = w ^ BACKSLASHES;
                long found = (((q - ONES) & ~q) | ((s - ONES) & ~s) | ((w - CONTROL) & ~w) | w) & HIGHS;
                if (found != 0) {
                    // The lowest flagged byte is a true one (a borrow only flags bytes above a true one); its
                    // index by a multiply (the client compiler has no intrinsic for numberOfTrailingZeros).
                    i += (int) ((((found & -found) >>> 7) * 0x0001020304050607L) >>> 56);
                    break;
                }
                i += 8;
            }
            while (true) {
                if (i >= limit) {
                    return -1;
                }
                byte c = b[i];
                if (c == '"') {
                    return i + 1;
                }
                if (c == '\\') {
                    break;
                }
                if (c < 0x20) {
                    return -1; // a control character (or a byte past ASCII): not this path's
                }
                i++;
            }
            // An escape: one of "\/bfnrt, or u and four hex digits.
            if (i + 1 >= limit) {
                return -1;
            }
            byte e = b[i + 1];
            if (e == 'u') {
                if (i + 6 > limit) {
                    return -1;
                }
                for (int k = i + 2; k < i + 6; k++) {
                    if (hex(b[k]) < 0) {
                        return -1;
                    }
                }
                if (key && hex(b[i + 2]) == 0xD && hex(b[i + 3]) >= 8) {
                    return -1; // U+D800..U+DFFF
                }
                i += 6;
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                i += 2;
            } else {
                return -1;
            }
        }
    }

    /** The value of an ASCII hex digit byte, or -1 (no byte past ASCII is one). */
    static int hex(byte c) {
        return HEX_VALUE[c & 0xFF];
    }

    /** Per byte: its value as a hex digit, or -1. */
    private static final byte[] HEX_VALUE = new byte[256];

    static {
        java.util.Arrays.fill(HEX_VALUE, (byte) -1);
        for (int c = 0; c < 256; c++) {
            if (c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
                HEX_VALUE[c] = (byte) Character.digit(c, 16);
            }
        }
    }

    /** True when some byte of {@code w} equals the byte repeated in {@code pattern}. */
    private static boolean has(long w, long pattern) {
        long x = w ^ pattern;
        return ((x - ONES) & ~x & HIGHS) != 0;
    }

    private static int literal(byte[] b, int i, int limit, String word) {
        int n = word.length();
        if (i + n > limit) {
            return -1;
        }
        for (int k = 0; k < n; k++) {
            if (b[i + k] != word.charAt(k)) {
                return -1;
            }
        }
        return i + n;
    }

    /** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, at most {@link #MAX_NUMBER} chars. */
    private static int number(byte[] b, int i, int limit) {
        int s = i;
        if (b[i] == '-') {
            i++;
        }
        if (i >= limit) {
            return -1;
        }
        if (b[i] == '0') {
            i++;
        } else if (b[i] >= '1' && b[i] <= '9') {
            while (i < limit && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
        } else {
            return -1;
        }
        if (i < limit && b[i] == '.' && (i = digits(b, i + 1, limit)) < 0) {
            return -1;
        }
        if (i < limit && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < limit && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            if ((i = digits(b, i, limit)) < 0) {
                return -1;
            }
        }
        if (i - s > MAX_NUMBER || (i < limit && isNumberChar(b[i]))) {
            return -1; // "01", "1.2.3" and the like: the full parser words the error
        }
        return i;
    }

    /** Past one or more decimal digits from {@code i}, or -1 when there is none. */
    private static int digits(byte[] b, int i, int limit) {
        int start = i;
        while (i < limit && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i == start ? -1 : i;
    }

    private static boolean isNumberChar(byte c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }
}
