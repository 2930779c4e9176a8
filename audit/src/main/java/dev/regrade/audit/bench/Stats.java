package dev.regrade.audit.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Medians of measured samples. */
public final class Stats {
    private Stats() {
    }

    /** The median of the samples (the mean of the middle two for an even count); NaN for none. */
    public static double median(List<Double> samples) {
        if (samples.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>(samples);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2.0;
    }

    /** Milliseconds since {@code startNanos}. */
    public static double msSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
