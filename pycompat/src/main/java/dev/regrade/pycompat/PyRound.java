package dev.regrade.pycompat;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Python's {@code round()} for floats, for ported code that rounds scores the way
 * the Python original did.
 */
public final class PyRound {

    /** For ndigits above this, round(x, ndigits) is x itself (CPython's NDIGITS_MAX). */
    private static final int NDIGITS_MAX = 323;
    /** For ndigits below this, round(x, ndigits) is a signed zero (CPython's NDIGITS_MIN). */
    private static final int NDIGITS_MIN = -308;
    /** 10^n for the n whose power of ten is an exact double. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private PyRound() {
    }

    /**
     * Returns {@code round(x, n)} for a Python float {@code x}: the exact binary value
     * of {@code x} rounded to the nearest multiple of {@code 10^-n}, ties to even
     * (so {@code round(2.675, 2) == 2.67} because 2.675 is really 2.67499999...),
     * then converted back to the nearest double. {@code n} may be negative. Infinities
     * and NaN are returned unchanged; a result that rounds to zero keeps the sign of x.
     *
     * @param x the value
     * @param n the number of decimal places (Python's {@code ndigits})
     * @return the rounded value
     * @throws PyException {@code OverflowError: rounded value too large to represent}
     *     when the rounded value exceeds the double range, as in Python
     */
    public static double round(double x, int n) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        if (n > NDIGITS_MAX) {
            return x;
        }
        if (n < NDIGITS_MIN) {
            return 0.0 * x;
        }
        if (x == 0) {
            return x;
        }
        if (n >= 0 && n < POW10.length && x > 0 && x * POW10[n] < 0x1p52) {
            return roundScaled(x, POW10[n]);
        }
        BigDecimal rounded = new BigDecimal(x).setScale(n, RoundingMode.HALF_EVEN);
        if (rounded.signum() == 0) {
            return Math.copySign(0.0, x);
        }
        double result = rounded.doubleValue();
        if (Double.isInfinite(result)) {
            throw new PyException("OverflowError", "rounded value too large to represent");
        }
        return result;
    }

    /**
     * The same result without a BigDecimal (the scorers round millions of scores): x·10ⁿ is taken
     * exactly as the double p plus its fma residual e and rounded half to even on that exact value,
     * then divided back (a correctly rounded division, as BigDecimal's doubleValue is). Below 2⁵² every
     * half-integer is a double, so the exact value is on the same side of each as p, its nearest
     * double, unless p is itself a half-integer: then e decides, or ties go to even.
     */
    private static double roundScaled(double x, double scale) {
        double p = x * scale;
        double e = Math.fma(x, scale, -p);
        double floor = Math.floor(p);
        double r;
        if (p - floor == 0.5) {
            r = e > 0 ? floor + 1 : e < 0 ? floor : Math.rint(p);
        } else {
            r = Math.rint(p);
        }
        return r / scale;
    }
}
