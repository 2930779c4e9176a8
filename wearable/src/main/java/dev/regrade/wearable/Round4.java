package dev.regrade.wearable;

import dev.regrade.pycompat.PyRound;

/**
 * Python's {@code round(x, 4)} for the scores the scorers round per turn and per row, without a
 * BigDecimal per call: x·10⁴ is taken exactly as a double plus its fma residual, rounded half to even
 * on that exact value, and divided back (a correctly rounded division, as BigDecimal's doubleValue is).
 * Values outside [0, 10⁶] (none in practice) take {@link PyRound#round}.
 */
final class Round4 {
    private Round4() {
    }

    static double round4(double x) {
        if (!(x >= 0 && x <= 1e6)) {
            return PyRound.round(x, 4);
        }
        double p = x * 10000;
        double e = Math.fma(x, 10000, -p); // x·10⁴ = p + e exactly
        double floor = Math.floor(p);
        double r;
        if (p - floor == 0.5) {
            // p is a tie; the exact value is above it, below it, or on it (then ties go to even).
            r = e > 0 ? floor + 1 : e < 0 ? floor : Math.rint(p);
        } else {
            // The exact value is on the same side of every half-integer as p (p is its nearest double).
            r = Math.rint(p);
        }
        return r / 10000;
    }
}
