package dev.regrade.pycompat;

/**
 * Python's {@code float(str)} conversion, for ported code that parses numbers the
 * way the Python original did (and fails where it failed).
 */
public final class PyFloat {

    /** CPython's dtoa clamps absolute decimal exponents to this value. */
    private static final long MAX_ABS_EXP = 1_100_000_000L;

    private PyFloat() {
    }

    /**
     * Returns {@code float(s)} as CPython 3.11 computes it.
     *
     * <p>Accepted: optional surrounding white space (ASCII white space, and any
     * non-ASCII Unicode white space such as U+00A0 or U+3000), an optional sign, then
     * a decimal number with optional fraction and exponent ({@code "1"},
     * {@code "1."}, {@code ".5"}, {@code "1e-3"}) or {@code inf}, {@code infinity},
     * {@code nan} in any letter case. Any Unicode decimal digit counts as its ASCII
     * digit, and single underscores may separate digits. Rounding is correct
     * (round-half-even), overflow gives an infinity and underflow a signed zero.
     *
     * @param s the string (not null)
     * @return the parsed double (a NaN is {@code 0x7ff8000000000000} or, for a
     *     leading minus sign, {@code 0xfff8000000000000})
     * @throws PyValueError {@code could not convert string to float: 'repr of s'}
     *     where Python raises ValueError
     */
    public static double parse(String s) {
        char[] ascii = toAscii(s);
        if (ascii == null) {
            throw fail(s);
        }
        if (indexOf(ascii, '_') >= 0) {
            ascii = removeUnderscores(ascii);
            if (ascii == null) {
                throw fail(s);
            }
        }
        int start = 0;
        int end = ascii.length;
        while (start < end && isAsciiSpace(ascii[start])) {
            start++;
        }
        while (end > start && isAsciiSpace(ascii[end - 1])) {
            end--;
        }
        if (start == end) {
            throw fail(s);
        }
        Double v = parseDecimal(ascii, start, end);
        if (v == null) {
            v = parseInfOrNan(ascii, start, end);
        }
        if (v == null) {
            throw fail(s);
        }
        return v;
    }

    private static PyValueError fail(String s) {
        return new PyValueError("could not convert string to float: " + PyRepr.repr(s));
    }

    /**
     * Maps the string to ASCII the way CPython does first: non-ASCII white space
     * becomes a space and non-ASCII decimal digits their ASCII digit. Returns null
     * when another code point at or above U+007F is present (which always fails).
     */
    private static char[] toAscii(String s) {
        int[] cps = s.codePoints().toArray();
        char[] out = new char[cps.length];
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            if (cp < 0x7F) {
                out[i] = (char) cp;
            } else if (PyUnicodeData.isNonAsciiSpace(cp)) {
                out[i] = ' ';
            } else {
                int d = PyUnicodeData.decimalValue(cp);
                if (d < 0) {
                    return null;
                }
                out[i] = (char) ('0' + d);
            }
        }
        return out;
    }

    /**
     * Applies Python's underscore rule to the whole string: every underscore must sit
     * between two ASCII digits. Returns the string without underscores, or null.
     * A NUL character also fails here, as in CPython.
     */
    private static char[] removeUnderscores(char[] in) {
        StringBuilder out = new StringBuilder(in.length);
        char prev = 0;
        for (char c : in) {
            if (c == 0) {
                return null;
            }
            if (c == '_') {
                if (!isDigit(prev)) {
                    return null;
                }
            } else {
                out.append(c);
                if (prev == '_' && !isDigit(c)) {
                    return null;
                }
            }
            prev = c;
        }
        if (prev == '_') {
            return null;
        }
        return out.toString().toCharArray();
    }

    /**
     * Parses {@code [sign] digits [. digits] [e [sign] digits]} (at least one mantissa
     * digit) covering exactly [start, end); null if the text is not such a number.
     */
    private static Double parseDecimal(char[] c, int start, int end) {
        int p = start;
        boolean negative = false;
        if (p < end && (c[p] == '+' || c[p] == '-')) {
            negative = c[p] == '-';
            p++;
        }
        StringBuilder digits = new StringBuilder();
        long fractionDigits = 0;
        boolean anyDigit = false;
        while (p < end && isDigit(c[p])) {
            digits.append(c[p++]);
            anyDigit = true;
        }
        if (p < end && c[p] == '.') {
            p++;
            while (p < end && isDigit(c[p])) {
                digits.append(c[p++]);
                fractionDigits++;
                anyDigit = true;
            }
        }
        if (!anyDigit) {
            return null;
        }
        long exponent = 0;
        if (p < end && (c[p] == 'e' || c[p] == 'E')) {
            int q = p + 1;
            boolean expNegative = false;
            if (q < end && (c[q] == '+' || c[q] == '-')) {
                expNegative = c[q] == '-';
                q++;
            }
            if (q < end && isDigit(c[q])) {
                long e = 0;
                while (q < end && isDigit(c[q])) {
                    if (e <= MAX_ABS_EXP) {
                        e = 10 * e + (c[q] - '0');
                    }
                    q++;
                }
                e = Math.min(e, MAX_ABS_EXP);
                exponent = expNegative ? -e : e;
                p = q;
            }
            // an 'e' without digits is not part of the number (and then fails below)
        }
        if (p != end) {
            return null;
        }
        return toDouble(negative, digits, exponent - fractionDigits);
    }

    /** The correctly rounded value of (-1)^negative * digits * 10^exp10. */
    private static double toDouble(boolean negative, CharSequence digits, long exp10) {
        int first = 0;
        int last = digits.length();
        while (first < last && digits.charAt(first) == '0') {
            first++;
        }
        while (last > first && digits.charAt(last - 1) == '0') {
            last--;
            exp10++;
        }
        double magnitude;
        if (first == last) {
            magnitude = 0.0;
        } else {
            long n = last - first;
            long decimalPoint = exp10 + n; // value = 0.DIGITS * 10^decimalPoint
            if (decimalPoint > 310) {
                magnitude = Double.POSITIVE_INFINITY;
            } else if (decimalPoint < -330) {
                magnitude = 0.0;
            } else {
                magnitude = Double.parseDouble(
                        "0." + digits.subSequence(first, last) + "e" + decimalPoint);
            }
        }
        return negative ? -magnitude : magnitude;
    }

    /** {@code [sign] (inf | infinity | nan)} in any case, covering exactly [start, end). */
    private static Double parseInfOrNan(char[] c, int start, int end) {
        int p = start;
        boolean negative = false;
        if (c[p] == '+' || c[p] == '-') {
            negative = c[p] == '-';
            p++;
        }
        String rest = new String(c, p, end - p).toLowerCase(java.util.Locale.ROOT);
        if (rest.equals("inf") || rest.equals("infinity")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (rest.equals("nan")) {
            return Double.longBitsToDouble(negative ? 0xfff8000000000000L : 0x7ff8000000000000L);
        }
        return null;
    }

    private static int indexOf(char[] a, char x) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Python's ASCII white space: space, \t, \n, \v, \f, \r. */
    private static boolean isAsciiSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }
}
