package dev.regrade.pycompat;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Python's format specs for floats, as f-strings use them ({@code f"{x:.1f}"}). Python rounds the
 * exact binary value half-even; Java's {@code String.format} rounds the shortest decimal half-up,
 * which differs (2.675 → Python "2.67", Java "2.68"), so ports use this.
 */
public final class PyFormat {
    private PyFormat() {
    }

    /** {@code format(x, ".Nf")}. */
    public static String fixed(double x, int digits) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        String s = new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
        // Python keeps the sign of a negative value that rounds to zero ("-0.0").
        if ((x < 0 || (x == 0.0 && 1 / x < 0)) && !s.startsWith("-")) {
            s = "-" + s;
        }
        return s;
    }

    /** {@code format(x, ",.Nf")}: fixed with thousands separators. */
    public static String fixedGrouped(double x, int digits) {
        String s = fixed(x, digits);
        boolean neg = s.startsWith("-");
        String body = neg ? s.substring(1) : s;
        int dot = body.indexOf('.');
        String intPart = dot < 0 ? body : body.substring(0, dot);
        String frac = dot < 0 ? "" : body.substring(dot);
        if (!Character.isDigit(intPart.isEmpty() ? 'x' : intPart.charAt(0))) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        int len = intPart.length();
        for (int i = 0; i < len; i++) {
            if (i > 0 && (len - i) % 3 == 0) {
                b.append(',');
            }
            b.append(intPart.charAt(i));
        }
        return (neg ? "-" : "") + b + frac;
    }
}
