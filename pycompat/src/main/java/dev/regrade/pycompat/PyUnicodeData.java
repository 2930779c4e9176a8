package dev.regrade.pycompat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * CPython 3.11's Unicode character properties (Unicode 14.0.0), loaded from the
 * resource {@code ucd-py311.txt}, which tools/pycompat-vectors/gen_tables.py
 * generates by observing python3 itself. Nothing here depends on the Unicode version
 * of the running JVM.
 */
final class PyUnicodeData {

    /** One past the largest code point. */
    static final int CODE_POINT_LIMIT = 0x110000;

    private static final String RESOURCE = "ucd-py311.txt";

    private static final BitSet CASED = new BitSet(CODE_POINT_LIMIT);
    private static final BitSet CASE_IGNORABLE = new BitSet(CODE_POINT_LIMIT);
    private static final BitSet NOT_PRINTABLE = new BitSet(CODE_POINT_LIMIT);
    private static final BitSet SPACE_NON_ASCII = new BitSet(CODE_POINT_LIMIT);
    private static final BitSet WORD = new BitSet(CODE_POINT_LIMIT);
    private static final BitSet DECIMAL_DIGIT = new BitSet(CODE_POINT_LIMIT);
    private static final Map<Integer, int[]> TITLE = new HashMap<>();
    private static final Map<Integer, int[]> LOWER = new HashMap<>();
    private static final Map<Integer, int[]> UPPER = new HashMap<>();
    /** Decimal digit value of each decimal digit code point. */
    private static final Map<Integer, Integer> DECIMAL = new HashMap<>();
    /** In the tables below: the char has no one-char mapping (longer, a surrogate, or lower-case sigma's rule). */
    static final char NOT_SIMPLE = 0xD800;
    /** Per BMP char, its lower-case mapping when that is one char (itself when none), else {@link #NOT_SIMPLE}. */
    static final char[] LOWER_SIMPLE;
    /** Per BMP char, its upper-case mapping when that is one char (itself when none), else {@link #NOT_SIMPLE}. */
    static final char[] UPPER_SIMPLE;

    static {
        try (InputStream in = PyUnicodeData.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isEmpty() || line.charAt(0) == '#') {
                    continue;
                }
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "C":
                        CASED.set(hex(f[1]), hex(f[2]) + 1);
                        break;
                    case "I":
                        CASE_IGNORABLE.set(hex(f[1]), hex(f[2]) + 1);
                        break;
                    case "P":
                        NOT_PRINTABLE.set(hex(f[1]), hex(f[2]) + 1);
                        break;
                    case "S":
                        SPACE_NON_ASCII.set(hex(f[1]));
                        break;
                    case "T":
                        TITLE.put(hex(f[1]), mapping(f));
                        break;
                    case "L":
                        LOWER.put(hex(f[1]), mapping(f));
                        break;
                    case "U":
                        UPPER.put(hex(f[1]), mapping(f));
                        break;
                    case "W":
                        WORD.set(hex(f[1]), hex(f[2]) + 1);
                        break;
                    case "D": {
                        int lo = hex(f[1]);
                        int hi = hex(f[2]);
                        int v = Integer.parseInt(f[3]);
                        DECIMAL_DIGIT.set(lo, hi + 1);
                        for (int cp = lo; cp <= hi; cp++) {
                            DECIMAL.put(cp, v + (cp - lo));
                        }
                        break;
                    }
                    default:
                        throw new IllegalStateException("bad line in " + RESOURCE + ": " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        LOWER_SIMPLE = simple(LOWER, 0x03A3);
        UPPER_SIMPLE = simple(UPPER, -1);
    }

    /** The one-char mappings of {@code full} over the BMP; {@code contextual} (or -1) depends on its neighbours. */
    private static char[] simple(Map<Integer, int[]> full, int contextual) {
        char[] t = new char[0x10000];
        for (int c = 0; c < t.length; c++) {
            int[] m = full.get(c);
            if (c == contextual || Character.isSurrogate((char) c)) {
                t[c] = NOT_SIMPLE;
            } else if (m == null) {
                t[c] = (char) c;
            } else {
                t[c] = m.length == 1 && m[0] < 0x10000 && !Character.isSurrogate((char) m[0]) ? (char) m[0] : NOT_SIMPLE;
            }
        }
        return t;
    }

    private PyUnicodeData() {
    }

    private static int hex(String s) {
        return Integer.parseInt(s, 16);
    }

    private static int[] mapping(String[] f) {
        int[] m = new int[f.length - 2];
        for (int i = 0; i < m.length; i++) {
            m[i] = hex(f[i + 2]);
        }
        return m;
    }

    /** Unicode "Cased" as CPython uses it in title() and the final-sigma rule. */
    static boolean isCased(int cp) {
        return cp >= 0 && cp < CODE_POINT_LIMIT && CASED.get(cp);
    }

    /** Unicode "Case_Ignorable" as CPython uses it in the final-sigma rule. */
    static boolean isCaseIgnorable(int cp) {
        return cp >= 0 && cp < CODE_POINT_LIMIT && CASE_IGNORABLE.get(cp);
    }

    /** {@code chr(cp).isprintable()}. */
    static boolean isPrintable(int cp) {
        return cp >= 0 && cp < CODE_POINT_LIMIT && !NOT_PRINTABLE.get(cp);
    }

    /** CPython's full title-case mapping of one code point (1 to 3 code points). */
    static int[] toTitleFull(int cp) {
        int[] m = TITLE.get(cp);
        return m != null ? m : new int[] {cp};
    }

    /** CPython's full lower-case mapping of one code point (1 to 3 code points). */
    static int[] toLowerFull(int cp) {
        int[] m = LOWER.get(cp);
        return m != null ? m : new int[] {cp};
    }

    /** CPython's full lower-case mapping of one code point, or null when it maps to itself. */
    static int[] lowerMapping(int cp) {
        return LOWER.get(cp);
    }

    /** CPython's full upper-case mapping of one code point, or null when it maps to itself. */
    static int[] upperMapping(int cp) {
        return UPPER.get(cp);
    }

    /**
     * Whether the {@code re} module's {@code \w} matches {@code cp} (str pattern, no flags):
     * {@code str.isalnum()} or {@code "_"}.
     */
    static boolean isReWord(int cp) {
        return cp >= 0 && cp < CODE_POINT_LIMIT && WORD.get(cp);
    }

    /**
     * Whether the {@code re} module's {@code \d} matches {@code cp} (str pattern, no flags):
     * a decimal digit ({@code str.isdecimal()}).
     */
    static boolean isReDigit(int cp) {
        return cp >= 0 && cp < CODE_POINT_LIMIT && DECIMAL_DIGIT.get(cp);
    }

    /** The decimal digit value of {@code cp} (Py_UNICODE_TODECIMAL), or -1. */
    static int decimalValue(int cp) {
        Integer v = DECIMAL.get(cp);
        return v == null ? -1 : v;
    }

    /**
     * Whether a code point at or above U+0080 is white space for CPython
     * (Py_UNICODE_ISSPACE, as used by {@code float()}).
     */
    static boolean isNonAsciiSpace(int cp) {
        return cp >= 0x80 && cp < CODE_POINT_LIMIT && SPACE_NON_ASCII.get(cp);
    }
}
