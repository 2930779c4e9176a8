package dev.regrade.pycompat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The shortest round-trip decimal digits of a double, as CPython's
 * {@code _Py_dg_dtoa} mode 0 produces them for {@code repr(float)}: the fewest
 * significant digits that read back (with correct rounding) as the same double,
 * and among those the one nearest to the exact binary value (ties to an even last
 * digit).
 *
 * <p>Computed with exact {@link BigDecimal} arithmetic, so it does not depend on
 * {@link Double#toString(double)} (which is not always shortest before Java 19).
 */
final class PyDtoa {

    /** Digits without leading/trailing zeros; value = 0.digits * 10^decimalPoint. */
    static final class Digits {
        final String digits;
        final int decimalPoint;

        Digits(String digits, int decimalPoint) {
            this.digits = digits;
            this.decimalPoint = decimalPoint;
        }
    }

    private PyDtoa() {
    }

    /**
     * The shortest round-trip digits of a finite, strictly positive double.
     */
    static Digits shortest(double x) {
        if (!(x > 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException("need a finite positive double: " + x);
        }
        BigDecimal exact = new BigDecimal(x);
        for (int p = 1; p <= 17; p++) {
            BigDecimal down = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean downOk = down.doubleValue() == x;
            boolean upOk = up.doubleValue() == x;
            BigDecimal pick;
            if (downOk && upOk) {
                // Both read back: take the nearer one, and on a tie (which happens, e.g.
                // 2**49 + 0.25 -> 562949953421312.2) the one with an even last digit.
                pick = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            } else if (downOk) {
                pick = down;
            } else if (upOk) {
                pick = up;
            } else {
                continue;
            }
            return toDigits(pick);
        }
        throw new AssertionError("17 digits always round-trip: " + x);
    }

    private static Digits toDigits(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        String unscaled = s.unscaledValue().toString();
        // value = unscaled * 10^-scale = 0.unscaled * 10^(len - scale)
        return new Digits(unscaled, unscaled.length() - s.scale());
    }

    /** Python's {@code repr(float)}. */
    static String repr(double x) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == 0) {
            return (Double.doubleToRawLongBits(x) < 0) ? "-0.0" : "0.0";
        }
        StringBuilder out = new StringBuilder(24);
        if (x < 0) {
            out.append('-');
            x = -x;
        }
        Digits d = shortest(x);
        String digits = d.digits;
        int decpt = d.decimalPoint;
        if (decpt <= -4 || decpt > 16) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            int exp = decpt - 1;
            out.append('e').append(exp < 0 ? '-' : '+');
            int abs = Math.abs(exp);
            if (abs < 10) {
                out.append('0');
            }
            out.append(abs);
        } else if (decpt <= 0) {
            out.append("0.");
            for (int i = 0; i < -decpt; i++) {
                out.append('0');
            }
            out.append(digits);
        } else if (decpt >= digits.length()) {
            out.append(digits);
            for (int i = digits.length(); i < decpt; i++) {
                out.append('0');
            }
            out.append(".0");
        } else {
            out.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
        return out.toString();
    }
}
