package dev.regrade.pycompat;

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

    private PyStr() {
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
        int n = s.length();
        int i = 0;
        while (i < n) {
            char ch = s.charAt(i);
            if (ch >= 0x80 || (ch >= 'A' && ch <= 'Z')) {
                break;
            }
            i++;
        }
        if (i == n) {
            return s;
        }
        int[] cps = s.codePoints().toArray();
        StringBuilder out = new StringBuilder(n + 8);
        for (int k = 0; k < cps.length; k++) {
            int c = cps[k];
            if (c < 0x80) {
                out.append((char) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c));
            } else if (c == CAPITAL_SIGMA) {
                out.appendCodePoint(sigmaLower(cps, k));
            } else {
                appendAll(out, PyUnicodeData.toLowerFull(c));
            }
        }
        return out.toString();
    }

    private static void appendAll(StringBuilder out, int[] cps) {
        for (int cp : cps) {
            out.appendCodePoint(cp);
        }
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
