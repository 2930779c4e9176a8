package dev.regrade.pycompat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Python {@code str} methods whose Java counterparts behave differently.
 *
 * <p>Strings are handled as sequences of Unicode code points, like Python's
 * {@code str}; a surrogate pair in the Java string is one code point and a lone
 * surrogate is a code point of its own. Character data is CPython 3.11's
 * (Unicode 14.0.0), taken from a table generated from python3, not from
 * {@link Character}.
 */
public final class PyStr {

    private static final int CAPITAL_SIGMA = 0x03A3;
    private static final int SMALL_SIGMA = 0x03C3;
    private static final int FINAL_SIGMA = 0x03C2;

    /**
     * Python's ordering of str ({@code a < b}, {@code sorted}): by code point. Java's
     * {@link String#compareTo} orders UTF-16 units, which puts U+FFFF after an astral code point.
     */
    public static final Comparator<String> ORDER = PyStr::compare;

    private PyStr() {
    }

    /** Compares two strings as Python compares str: code point by code point, a prefix first. */
    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /**
     * Returns {@code s.title()} exactly as CPython 3.11 computes it: a code point that
     * follows a cased code point is mapped with the full lower-case mapping (with the
     * final-sigma rule for U+03A3), any other with the full title-case mapping
     * (so {@code "ß"} becomes {@code "Ss"}).
     *
     * @param s the string (not null)
     * @return the title-cased string
     */
    public static String title(String s) {
        int[] cps = s.codePoints().toArray();
        StringBuilder out = new StringBuilder(s.length() + 8);
        boolean previousIsCased = false;
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (previousIsCased) {
                if (c == CAPITAL_SIGMA) {
                    out.appendCodePoint(sigmaLower(cps, i));
                } else {
                    appendAll(out, PyUnicodeData.toLowerFull(c));
                }
            } else {
                appendAll(out, PyUnicodeData.toTitleFull(c));
            }
            previousIsCased = PyUnicodeData.isCased(c);
        }
        return out.toString();
    }

    /**
     * Returns {@code s.lower()} exactly as CPython 3.11 computes it: every code point
     * mapped with its full lower-case mapping (so {@code "İ"} becomes {@code "i̇"}), and
     * U+03A3 with the final-sigma rule (ς where it ends a word, σ elsewhere). Java's
     * {@code toLowerCase} differs: other Unicode version, other final-sigma rule.
     *
     * @param s the string (not null)
     * @return the lower-cased string
     */
    public static String lower(String s) {
        return mapCase(s, true);
    }

    /**
     * Returns {@code s.upper()} exactly as CPython 3.11 computes it: every code point mapped with
     * its full upper-case mapping ({@code "ß"} becomes {@code "SS"}), with CPython's Unicode data,
     * not the JVM's.
     *
     * @param s the string (not null)
     * @return the upper-cased string
     */
    public static String upper(String s) {
        return mapCase(s, false);
    }

    /**
     * The char {@code c} becomes in {@code s.lower()} when that is one char whatever surrounds it (for
     * most chars: itself or its one lower-case letter); -1 when lower() makes more than one char of it,
     * decides by context (capital sigma) or sees it as half of a code point (a surrogate). Lets a caller
     * lower-case char by char, falling back to {@link #lower} on -1.
     */
    public static int lowerChar(char c) {
        char m = PyUnicodeData.LOWER_SIMPLE[c];
        return m == PyUnicodeData.NOT_SIMPLE ? -1 : m;
    }

    /**
     * lower() or upper(): an ASCII-only string in one pass; else char by char through the one-char
     * mappings of the BMP ({@link PyUnicodeData#LOWER_SIMPLE}), and from the first char that has none
     * (a longer mapping, a surrogate, capital sigma) code point by code point.
     */
    private static String mapCase(String s, boolean lower) {
        char first = lower ? 'A' : 'a';
        String ascii = asciiCase(s, first, (char) (first + 25));
        if (ascii != null) {
            return ascii;
        }
        char[] table = lower ? PyUnicodeData.LOWER_SIMPLE : PyUnicodeData.UPPER_SIMPLE;
        int n = s.length();
        char[] simple = new char[n];
        for (int k = 0; k < n; k++) {
            char m = table[s.charAt(k)];
            if (m == PyUnicodeData.NOT_SIMPLE) {
                return mapCase(s, lower, new StringBuilder(n + 8).append(simple, 0, k), k);
            }
            simple[k] = m;
        }
        return new String(simple);
    }

    /** mapCase from char index {@code k} on, code point by code point, after the mapped prefix in {@code out}. */
    private static String mapCase(String s, boolean lower, StringBuilder out, int k) {
        char first = lower ? 'A' : 'a';
        int delta = lower ? 'a' - 'A' : 'A' - 'a';
        int n = s.length();
        while (k < n) {
            char ch = s.charAt(k);
            if (ch < 0x80) {
                out.append((char) (ch >= first && ch <= first + 25 ? ch + delta : ch));
                k++;
                continue;
            }
            int c = s.codePointAt(k);
            if (lower && c == CAPITAL_SIGMA) {
                out.append((char) (finalSigma(s, k) ? FINAL_SIGMA : SMALL_SIGMA));
            } else {
                append(out, c, lower ? PyUnicodeData.lowerMapping(c) : PyUnicodeData.upperMapping(c));
            }
            k += Character.charCount(c);
        }
        return out.toString();
    }

    /**
     * The case mapping of an ASCII string, which moves the letters in [from, to] by 32 (the string
     * itself when it has none); null when {@code s} is not ASCII.
     */
    private static String asciiCase(String s, char from, char to) {
        int n = s.length();
        int first = -1;
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch >= 0x80) {
                return null;
            }
            if (first < 0 && ch >= from && ch <= to) {
                first = i;
            }
        }
        if (first < 0) {
            return s;
        }
        char[] out = s.toCharArray();
        int shift = from == 'A' ? 'a' - 'A' : 'A' - 'a';
        for (int i = first; i < n; i++) {
            if (out[i] >= from && out[i] <= to) {
                out[i] = (char) (out[i] + shift);
            }
        }
        return new String(out);
    }

    /**
     * Returns {@code s.strip(chars)}: the leading and trailing code points that occur in
     * {@code chars} removed (for white space, see {@link PyWhitespace#strip}).
     */
    public static String strip(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end) {
            int cp = s.codePointAt(start);
            if (!contains(chars, cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        while (end > start) {
            int cp = s.codePointBefore(end);
            if (!contains(chars, cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(start, end);
    }

    private static boolean contains(String chars, int cp) {
        return cp < Character.MIN_SUPPLEMENTARY_CODE_POINT ? chars.indexOf(cp) >= 0
                : chars.contains(Character.toString(cp));
    }

    /**
     * Returns {@code s.splitlines()}: the lines without their ends; a line ends at {@code \n},
     * {@code \r}, {@code \r\n}, U+000B, U+000C, U+001C..U+001E, U+0085, U+2028 or U+2029, and a
     * last line end gives no empty line after it.
     */
    public static List<String> splitlines(String s) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            boolean boundary = c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D
                    || c == 0x1E || c == 0x85 || c == 0x2028 || c == 0x2029;
            if (boundary) {
                lines.add(s.substring(start, i));
                if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
            i++;
        }
        if (start < s.length()) {
            lines.add(s.substring(start));
        }
        return lines;
    }

    private static void appendAll(StringBuilder out, int[] cps) {
        for (int cp : cps) {
            out.appendCodePoint(cp);
        }
    }

    /** Appends {@code c}'s mapping, or {@code c} itself when it has none. */
    private static void append(StringBuilder out, int c, int[] mapping) {
        if (mapping == null) {
            out.appendCodePoint(c);
        } else {
            appendAll(out, mapping);
        }
    }

    /**
     * Whether the capital sigma at char index {@code i} of {@code s} ends a word (see
     * {@link #sigmaLower(int[], int)}).
     */
    private static boolean finalSigma(String s, int i) {
        int j = i;
        int c = 0;
        while (j > 0) {
            c = s.codePointBefore(j);
            if (!PyUnicodeData.isCaseIgnorable(c)) {
                break;
            }
            j -= Character.charCount(c);
        }
        if (j == 0 || !PyUnicodeData.isCased(c)) {
            return false;
        }
        j = i + 1;
        while (j < s.length()) {
            c = s.codePointAt(j);
            if (!PyUnicodeData.isCaseIgnorable(c)) {
                return !PyUnicodeData.isCased(c);
            }
            j += Character.charCount(c);
        }
        return true;
    }

    /**
     * Lower-cases the capital sigma at {@code i}: final sigma when it ends a word,
     * i.e. a cased letter precedes it (skipping case-ignorables) and no cased letter
     * follows it (skipping case-ignorables).
     */
    private static int sigmaLower(int[] cps, int i) {
        int j = i - 1;
        int c = 0;
        while (j >= 0) {
            c = cps[j];
            if (!PyUnicodeData.isCaseIgnorable(c)) {
                break;
            }
            j--;
        }
        boolean finalSigma = j >= 0 && PyUnicodeData.isCased(c);
        if (finalSigma && i + 1 < cps.length) {
            j = i + 1;
            while (j < cps.length) {
                c = cps[j];
                if (!PyUnicodeData.isCaseIgnorable(c)) {
                    break;
                }
                j++;
            }
            finalSigma = j == cps.length || !PyUnicodeData.isCased(c);
        }
        return finalSigma ? FINAL_SIGMA : SMALL_SIGMA;
    }
}
