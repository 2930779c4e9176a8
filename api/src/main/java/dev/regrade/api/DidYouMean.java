package dev.regrade.api;

import java.util.Collection;
import org.apache.commons.text.similarity.LevenshteinDistance;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The name a misspelling most likely meant, for "did you mean" hints: the one closeness rule. */
public final class DidYouMean {
    private DidYouMean() {
    }

    /**
     * The one candidate closest to {@code name} by edit distance (ignoring case), when it is close (at most
     * 2 edits, or a quarter of the name's length for long names) and no other candidate is as close; else empty.
     */
    public static Optional<String> closest(String name, Collection<String> candidates) {
        String lower = name.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, name.length() / 4);
        List<String> best = List.of();
        int bestDistance = limit + 1;
        for (String c : candidates) {
            int d = distance(lower, c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = List.of(c);
            } else if (d == bestDistance && !best.contains(c)) {
                best = List.of();
            }
        }
        return best.size() == 1 && !best.get(0).equals(name) ? Optional.of(best.get(0)) : Optional.empty();
    }

    /** {@code "; did you mean 'x'?"} for the close candidate, or nothing. */
    public static String suffix(String name, Collection<String> candidates) {
        return closest(name, candidates).map(DidYouMean::phrase).orElse("");
    }

    /**
     * The {@code n} candidates closest to {@code name} by edit distance (ignoring case), nearest first, ties
     * by name: for a hint when no single candidate is close enough for {@link #closest}.
     */
    public static List<String> nearest(String name, Collection<String> candidates, int n) {
        String lower = name.toLowerCase(Locale.ROOT);
        return candidates.stream().distinct()
                .sorted(java.util.Comparator.<String>comparingInt(c -> distance(lower, c.toLowerCase(Locale.ROOT)))
                        .thenComparing(java.util.Comparator.naturalOrder()))
                .limit(n).toList();
    }

    static String phrase(String suggestion) {
        return "; did you mean '" + suggestion + "'?";
    }

    /** Levenshtein distance over UTF-16 units: Commons Text's, the project's one edit distance. */
    static int distance(CharSequence a, CharSequence b) {
        return LevenshteinDistance.getDefaultInstance().apply(a, b);
    }
}
