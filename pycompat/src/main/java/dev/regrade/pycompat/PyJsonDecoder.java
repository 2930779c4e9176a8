package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;

/**
 * CPython 3.11's {@code json.loads(str)} as its C scanner ({@code Modules/_json.c}) and
 * {@code json/decoder.py} decide: the same accept/refuse decision on every text and the same error
 * (type, message, position). Positions are code point indices and lines/columns as
 * {@code JSONDecodeError} counts them. Slower than Jackson: {@link PyJson#loads} uses it only where
 * Jackson refuses a text, to give Python's answer.
 *
 * <p>Python's recursion limit counts the caller's frames too, so the deepest nesting accepted depends on
 * where {@code json.loads} is called from; the caller passes it ({@code maxDepth}: containers nested
 * deeper raise {@code RecursionError}).
 */
public final class PyJsonDecoder {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Python 3.11's {@code sys.get_int_max_str_digits()} default. */
    public static final int INT_MAX_STR_DIGITS = 4300;

    private final int[] s;
    private final String text;
    private final int maxDepth;
    private int depth;

    private PyJsonDecoder(String text, int maxDepth) {
        this.text = text;
        this.s = text.codePoints().toArray();
        this.maxDepth = maxDepth;
    }

    /**
     * {@code json.loads(text)}.
     *
     * @throws PyJsonDecodeError for a text that is not one JSON document (Python's message and position)
     * @throws PyException       {@code RecursionError} for nesting deeper than {@code maxDepth},
     *                           {@code ValueError} for an integer of more than 4,300 digits
     */
    public static JsonNode loads(String text, int maxDepth) {
        return new PyJsonDecoder(text, maxDepth).decode();
    }

    private JsonNode decode() {
        if (s.length > 0 && s[0] == 0xFEFF) {
            throw error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
        }
        int idx = ws(0);
        long r = scanOnce(idx);
        if (r < 0) {
            throw error("Expecting value", (int) -(r + 1));
        }
        int end = ws(next);
        if (end != s.length) {
            throw error("Extra data", end);
        }
        return value;
    }

    // scan_once's results: the value and the index after it (a negative return is StopIteration(-r-1)).
    private JsonNode value;
    private int next;

    private int ws(int i) {
        while (i < s.length && isWs(s[i])) {
            i++;
        }
        return i;
    }

    private static boolean isWs(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** scan_once_unicode: 0 with {@link #value}/{@link #next} set, or -(idx+1) for StopIteration(idx). */
    private long scanOnce(int idx) {
        int length = s.length;
        if (idx >= length) {
            return -(idx + 1L);
        }
        switch (s[idx]) {
            case '"' -> {
                value = F.textNode(scanString(idx + 1));
                return 0;
            }
            case '{' -> {
                enter("object");
                parseObject(idx + 1);
                depth--;
                return 0;
            }
            case '[' -> {
                enter("array");
                parseArray(idx + 1);
                depth--;
                return 0;
            }
            case 'n' -> {
                if (idx + 3 < length && s[idx + 1] == 'u' && s[idx + 2] == 'l' && s[idx + 3] == 'l') {
                    value = F.nullNode();
                    next = idx + 4;
                    return 0;
                }
            }
            case 't' -> {
                if (idx + 3 < length && s[idx + 1] == 'r' && s[idx + 2] == 'u' && s[idx + 3] == 'e') {
                    value = F.booleanNode(true);
                    next = idx + 4;
                    return 0;
                }
            }
            case 'f' -> {
                if (idx + 4 < length && s[idx + 1] == 'a' && s[idx + 2] == 'l' && s[idx + 3] == 's'
                        && s[idx + 4] == 'e') {
                    value = F.booleanNode(false);
                    next = idx + 5;
                    return 0;
                }
            }
            case 'N' -> {
                if (idx + 2 < length && s[idx + 1] == 'a' && s[idx + 2] == 'N') {
                    value = F.numberNode(Double.NaN);
                    next = idx + 3;
                    return 0;
                }
            }
            case 'I' -> {
                if (idx + 7 < length && matches(idx + 1, "nfinity")) {
                    value = F.numberNode(Double.POSITIVE_INFINITY);
                    next = idx + 8;
                    return 0;
                }
            }
            case '-' -> {
                if (idx + 8 < length && matches(idx + 1, "Infinity")) {
                    value = F.numberNode(Double.NEGATIVE_INFINITY);
                    next = idx + 9;
                    return 0;
                }
            }
            default -> {
            }
        }
        return matchNumber(idx);
    }

    private boolean matches(int at, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (s[at + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Py_EnterRecursiveCall with the scanner's message. */
    private void enter(String what) {
        if (++depth > maxDepth) {
            throw new PyException("RecursionError",
                    "maximum recursion depth exceeded while decoding a JSON " + what + " from a unicode string");
        }
    }

    private void parseObject(int idx) {
        int endIdx = s.length - 1;
        ObjectNode obj = F.objectNode();
        idx = ws(idx);
        if (idx > endIdx || s[idx] != '}') {
            while (true) {
                if (idx > endIdx || s[idx] != '"') {
                    throw error("Expecting property name enclosed in double quotes", idx);
                }
                String key = scanString(idx + 1);
                idx = ws(next);
                if (idx > endIdx || s[idx] != ':') {
                    throw error("Expecting ':' delimiter", idx);
                }
                idx = ws(idx + 1);
                long r = scanOnce(idx);
                if (r < 0) {
                    throw error("Expecting value", (int) -(r + 1));
                }
                obj.set(key, value); // a repeated key keeps its first place and takes the last value, as a dict
                idx = ws(next);
                if (idx <= endIdx && s[idx] == '}') {
                    break;
                }
                if (idx > endIdx || s[idx] != ',') {
                    throw error("Expecting ',' delimiter", idx);
                }
                idx = ws(idx + 1);
            }
        }
        value = obj;
        next = idx + 1;
    }

    private void parseArray(int idx) {
        int endIdx = s.length - 1;
        ArrayNode arr = F.arrayNode();
        idx = ws(idx);
        if (idx > endIdx || s[idx] != ']') {
            while (true) {
                long r = scanOnce(idx);
                if (r < 0) {
                    throw error("Expecting value", (int) -(r + 1));
                }
                arr.add(value);
                idx = ws(next);
                if (idx <= endIdx && s[idx] == ']') {
                    break;
                }
                if (idx > endIdx || s[idx] != ',') {
                    throw error("Expecting ',' delimiter", idx);
                }
                idx = ws(idx + 1);
            }
        }
        value = arr;
        next = idx + 1;
    }

    private static boolean digit(int c) {
        return c >= '0' && c <= '9';
    }

    /** _match_number_unicode. */
    private long matchNumber(int start) {
        int endIdx = s.length - 1;
        int idx = start;
        boolean isFloat = false;
        if (s[idx] == '-') {
            idx++;
            if (idx > endIdx) {
                return -(start + 1L);
            }
        }
        if (s[idx] >= '1' && s[idx] <= '9') {
            idx++;
            while (idx <= endIdx && digit(s[idx])) {
                idx++;
            }
        } else if (s[idx] == '0') {
            idx++;
        } else {
            return -(start + 1L);
        }
        if (idx < endIdx && s[idx] == '.' && digit(s[idx + 1])) {
            isFloat = true;
            idx += 2;
            while (idx <= endIdx && digit(s[idx])) {
                idx++;
            }
        }
        if (idx < endIdx && (s[idx] == 'e' || s[idx] == 'E')) {
            int eStart = idx;
            idx++;
            if (idx < endIdx && (s[idx] == '-' || s[idx] == '+')) {
                idx++;
            }
            while (idx <= endIdx && digit(s[idx])) {
                idx++;
            }
            if (digit(s[idx - 1])) {
                isFloat = true;
            } else {
                idx = eStart;
            }
        }
        String num = new String(s, start, idx - start); // ASCII: code points are chars
        if (isFloat) {
            value = F.numberNode(Double.parseDouble(num));
        } else {
            int digits = num.length() - (num.charAt(0) == '-' ? 1 : 0);
            if (digits > INT_MAX_STR_DIGITS) {
                throw new PyValueError("Exceeds the limit (" + INT_MAX_STR_DIGITS
                        + " digits) for integer string conversion: value has " + digits
                        + " digits; use sys.set_int_max_str_digits() to increase the limit");
            }
            BigInteger v = new BigInteger(num);
            value = v.bitLength() < 32 ? F.numberNode(v.intValue())
                    : v.bitLength() < 64 ? F.numberNode(v.longValue()) : F.numberNode(v);
        }
        next = idx;
        return 0;
    }

    /** scanstring_unicode from just after the opening quote; sets {@link #next} after the closing one. */
    private String scanString(int end) {
        int begin = end - 1;
        int len = s.length;
        StringBuilder out = new StringBuilder();
        while (true) {
            int c = 0;
            int nx;
            for (nx = end; nx < len; nx++) {
                c = s[nx];
                if (c == '"' || c == '\\') {
                    break;
                }
                if (c <= 0x1f) {
                    throw error("Invalid control character at", nx);
                }
            }
            if (c != '"' && c != '\\') {
                throw error("Unterminated string starting at", begin);
            }
            if (nx != end) {
                out.append(new String(s, end, nx - end));
            }
            nx++;
            if (c == '"') {
                end = nx;
                break;
            }
            if (nx == len) {
                throw error("Unterminated string starting at", begin);
            }
            c = s[nx];
            if (c != 'u') {
                end = nx + 1;
                c = switch (c) {
                    case '"', '\\', '/' -> c;
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    default -> 0;
                };
                if (c == 0) {
                    throw error("Invalid \\escape", end - 2);
                }
            } else {
                nx++;
                end = nx + 4;
                if (end >= len) {
                    throw error("Invalid \\uXXXX escape", nx - 1);
                }
                c = 0;
                for (; nx < end; nx++) {
                    int h = Character.digit(hexOnly(s[nx]), 16);
                    if (h < 0) {
                        throw error("Invalid \\uXXXX escape", end - 5);
                    }
                    c = (c << 4) | h;
                }
                if (Character.isHighSurrogate((char) c) && end + 6 < len && s[nx++] == '\\' && s[nx++] == 'u') {
                    int c2 = 0;
                    end += 6;
                    for (; nx < end; nx++) {
                        int h = Character.digit(hexOnly(s[nx]), 16);
                        if (h < 0) {
                            throw error("Invalid \\uXXXX escape", end - 5);
                        }
                        c2 = (c2 << 4) | h;
                    }
                    if (Character.isLowSurrogate((char) c2)) {
                        c = Character.toCodePoint((char) c, (char) c2);
                    } else {
                        end -= 6;
                    }
                }
            }
            out.appendCodePoint(c);
        }
        next = end;
        return out.toString();
    }

    /** Only ASCII hex digits count (Character.digit would take full-width ones). */
    private static int hexOnly(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? c : 'x';
    }

    /** JSONDecodeError(msg, doc, pos): "msg: line L column C (char pos)". */
    private PyJsonDecodeError error(String msg, int pos) {
        int lineno = 1;
        int lastLf = -1;
        for (int i = 0; i < pos; i++) {
            if (s[i] == '\n') {
                lineno++;
                lastLf = i;
            }
        }
        return new PyJsonDecodeError(msg + ": line " + lineno + " column " + (pos - lastLf) + " (char " + pos + ")");
    }

    @Override
    public String toString() {
        return "PyJsonDecoder[" + text.length() + " chars]";
    }
}
