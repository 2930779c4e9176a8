package dev.regrade.audit.replay;

import dev.regrade.pycompat.PyFormat;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Integers a stored result knows only through quantities rendered rounded (gas_stations' legs in metres,
 * shown as miles to 0.1): a box of integer ranges, one per unknown, narrowed by constraints on
 * quantities that are non-decreasing in every unknown. Sound: narrowing removes only values that no
 * point of the box satisfying the constraint has, so the box always holds every assignment that
 * reproduces the stored result; a constraint-satisfying point is then found (and checked) by running the script.
 *
 * <p>For a quantity q non-decreasing in every unknown, over a box q lies between its values at the box's
 * lowest and highest corners; a test on q whose truth is one interval of q's values (q ≤ t, q ≥ t, a
 * rounded rendering equal to a given text) is therefore decided over the box when it has the same
 * outcome at both corners, and it is exactly these two evaluations that decide it.
 */
final class RoundedBox {
    /** A quantity non-decreasing in every unknown. */
    @FunctionalInterface
    interface Quantity {
        double at(long[] m);
    }

    /**
     * A convex condition on a quantity's value: -1 when the value lies below the values that satisfy it,
     * 0 when it satisfies it, +1 when it lies above them.
     */
    @FunctionalInterface
    interface Side {
        int of(double q);
    }

    /**
     * A named condition on one quantity, with its complement where that is one interval too (q ≤ t's is
     * q > t; null for a rendering, whose complement is two).
     */
    record Condition(String name, Quantity quantity, Side side, Side complement) {
        boolean holds(long[] m) {
            return side.of(quantity.at(m)) == 0;
        }

        /** The complement as a condition, or null. */
        Condition negated() {
            return complement == null ? null : new Condition("not " + name, quantity, complement, side);
        }
    }

    /** {@code q ≤ t}. */
    static Side atMost(double t) {
        return q -> q <= t ? 0 : 1;
    }

    /** {@code q > t}. */
    static Side above(double t) {
        return q -> q > t ? 0 : -1;
    }

    /** {@code q ≥ t}. */
    static Side atLeast(double t) {
        return q -> q >= t ? 0 : -1;
    }

    /** {@code q < t}. */
    static Side below(double t) {
        return q -> q < t ? 0 : 1;
    }

    /**
     * Python's {@code f"{q:.Nf}"} equal to {@code text}: rounding is non-decreasing, so the values rendering
     * as {@code text} are one interval ("-0.0" and "0.0" compare alike: a sound widening).
     */
    static Side renders(String text, int digits) {
        BigDecimal target = new BigDecimal(text);
        return q -> Integer.signum(new BigDecimal(PyFormat.fixed(q, digits)).compareTo(target));
    }

    final long[] lo;
    final long[] hi;
    final List<String> names;

    RoundedBox(List<String> names, long[] lo, long[] hi) {
        this.names = List.copyOf(names);
        this.lo = lo.clone();
        this.hi = hi.clone();
    }

    RoundedBox copy() {
        return new RoundedBox(names, lo, hi);
    }

    int size() {
        return lo.length;
    }

    boolean empty() {
        for (int k = 0; k < lo.length; k++) {
            if (lo[k] > hi[k]) {
                return true;
            }
        }
        return false;
    }

    /** The condition's outcome over the whole box, or null when the box holds points of both outcomes' sides. */
    Boolean decided(Condition c) {
        boolean atLow = c.holds(lo);
        boolean atHigh = c.holds(hi);
        if (atLow != atHigh) {
            return null;
        }
        // Both corners satisfy it: so does every point between (one interval of q). Both fail: decided
        // false only when they fail on the same side (else the box straddles the interval).
        return atLow || c.side().of(c.quantity().at(lo)) == c.side().of(c.quantity().at(hi)) ? atLow : null;
    }

    /**
     * Narrows every unknown to the values for which some point of the box satisfies {@code c}, until nothing
     * changes; false when the box became empty.
     */
    boolean require(List<Condition> conditions) {
        for (int round = 0; round < 64; round++) {
            boolean changed = false;
            for (Condition c : conditions) {
                for (int k = 0; k < lo.length; k++) {
                    if (lo[k] > hi[k]) {
                        return false;
                    }
                    long newLo = firstFeasible(c, k);
                    long newHi = lastFeasible(c, k);
                    if (newLo != lo[k] || newHi != hi[k]) {
                        changed = true;
                        lo[k] = newLo;
                        hi[k] = newHi;
                    }
                    if (lo[k] > hi[k]) {
                        return false;
                    }
                }
            }
            if (!changed) {
                return true;
            }
        }
        return !empty();
    }

    /** The least v in [lo_k, hi_k] whose highest point (others at their highest) is not below {@code c}. */
    private long firstFeasible(Condition c, int k) {
        long a = lo[k];
        long b = hi[k];
        if (sideWith(c, k, b, hi) < 0) {
            return b + 1; // even the highest point lies below
        }
        while (a < b) {
            long mid = a + (b - a) / 2;
            if (sideWith(c, k, mid, hi) < 0) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a;
    }

    /** The greatest v in [lo_k, hi_k] whose lowest point (others at their lowest) is not above {@code c}. */
    private long lastFeasible(Condition c, int k) {
        long a = lo[k];
        long b = hi[k];
        if (sideWith(c, k, a, lo) > 0) {
            return a - 1; // even the lowest point lies above
        }
        while (a < b) {
            long mid = a + (b - a + 1) / 2;
            if (sideWith(c, k, mid, lo) > 0) {
                b = mid - 1;
            } else {
                a = mid;
            }
        }
        return a;
    }

    private int sideWith(Condition c, int k, long v, long[] corner) {
        long[] p = corner.clone();
        p[k] = v;
        return c.side().of(c.quantity().at(p));
    }

    /**
     * A point of the box satisfying every condition, searched from {@code start} by repair: while a condition
     * fails, one of the unknowns its quantity depends on (in turn) moves to the nearest value that satisfies
     * it with the others fixed (a binary search: the quantity is monotone); null after {@code steps} moves.
     * A point found is a candidate only: the caller checks it by running the script.
     */
    long[] repair(List<Condition> conditions, long[] start, int steps) {
        long[] p = start.clone();
        Map<Condition, int[]> depends = new HashMap<>();
        for (int step = 0; step < steps; step++) {
            Condition bad = null;
            int side = 0;
            for (Condition c : conditions) {
                side = c.side().of(c.quantity().at(p));
                if (side != 0) {
                    bad = c;
                    break;
                }
            }
            if (bad == null) {
                return p;
            }
            int[] vars = depends.computeIfAbsent(bad, c -> dependsOn(c.quantity(), p));
            if (vars.length == 0) {
                return null;
            }
            int k = vars[step % vars.length];
            Condition c = bad;
            if (side < 0) { // raise p[k] to the least value that is no longer below
                long a = p[k];
                long b = hi[k];
                while (a < b) {
                    long m = a + (b - a) / 2;
                    if (sideAt(c, p, k, m) < 0) {
                        a = m + 1;
                    } else {
                        b = m;
                    }
                }
                p[k] = a;
            } else { // lower p[k] to the greatest value that is no longer above
                long a = lo[k];
                long b = p[k];
                while (a < b) {
                    long m = a + (b - a + 1) / 2;
                    if (sideAt(c, p, k, m) > 0) {
                        b = m - 1;
                    } else {
                        a = m;
                    }
                }
                p[k] = a;
            }
        }
        return null;
    }

    private static int sideAt(Condition c, long[] p, int k, long v) {
        long[] q = p.clone();
        q[k] = v;
        return c.side().of(c.quantity().at(q));
    }

    /** The unknowns a quantity changes with, probed around {@code p} (a whole metre moves every sum of legs). */
    private int[] dependsOn(Quantity q, long[] p) {
        List<Integer> out = new ArrayList<>();
        double at = q.at(p);
        for (int k = 0; k < p.length; k++) {
            long[] r = p.clone();
            r[k] = r[k] < hi[k] ? r[k] + 1 : r[k] - 1;
            if (q.at(r) != at) {
                out.add(k);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The box's midpoint. */
    long[] mid() {
        long[] p = new long[lo.length];
        for (int k = 0; k < p.length; k++) {
            p[k] = lo[k] + (hi[k] - lo[k]) / 2;
        }
        return p;
    }

    /** Points to try, deterministically: the midpoint, both corners, then pseudo-random points. */
    List<long[]> candidates(int count) {
        List<long[]> out = new ArrayList<>();
        out.add(mid());
        out.add(lo.clone());
        out.add(hi.clone());
        java.util.SplittableRandom random = new java.util.SplittableRandom(20251023L);
        while (out.size() < count) {
            long[] p = new long[lo.length];
            for (int k = 0; k < p.length; k++) {
                p[k] = lo[k] + random.nextLong(hi[k] - lo[k] + 1);
            }
            out.add(p);
        }
        return out.subList(0, Math.min(count, out.size()));
    }

    @Override
    public String toString() {
        return names + " " + Arrays.toString(lo) + ".." + Arrays.toString(hi);
    }
}
