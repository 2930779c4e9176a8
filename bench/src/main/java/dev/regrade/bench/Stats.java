package dev.regrade.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Medians of measured samples, and the ratios of paired runs. */
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

    /**
     * The ratio of each pair, {@code over[i] / under[i]}: run {@code i} of one command paired with run
     * {@code i} of the other, measured in turn under the same load. The bench reports the median of these
     * beside the ratio of the two medians.
     */
    public static List<Double> pairRatios(List<Double> over, List<Double> under) {
        if (over.size() != under.size()) {
            throw new IllegalArgumentException("unpaired runs: " + over.size() + " and " + under.size());
        }
        List<Double> ratios = new ArrayList<>(over.size());
        for (int i = 0; i < over.size(); i++) {
            ratios.add(over.get(i) / under.get(i));
        }
        return ratios;
    }

    /** Rounded to one decimal place (as the bench documents write milliseconds and megabytes). */
    public static double round1(double v) {
        return Math.round(v * 10.0) / 10.0;
    }

    /** Rounded to two decimal places (ratios). */
    public static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    /** {@code 480 ms} below a second, else {@code 2.66 s}. */
    public static String formatMs(double ms) {
        return ms < 1000 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.2f s", ms / 1000);
    }

    /** Milliseconds since {@code startNanos}. */
    public static double msSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
