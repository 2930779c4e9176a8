package dev.regrade.policies;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** The name a misspelling most likely meant, for "did you mean" hints. */
public final class DidYouMean {
    private DidYouMean() {
    }

    /**
     * The one candidate closest to {@code name} by edit distance, when it is close (at most 2 edits,
     * or a quarter of the name's length for long names) and no other candidate is as close; else empty.
     */
    public static java.util.Optional<String> closest(String name, Collection<String> candidates) {
        LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
        int limit = Math.max(2, name.length() / 4);
        List<String> best = List.of();
        int bestDistance = limit + 1;
        for (String c : candidates) {
            int d = distance.apply(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = List.of(c);
            } else if (d == bestDistance && !best.contains(c)) {
                best = List.of();
            }
        }
        return best.size() == 1 && !best.get(0).equals(name) ? java.util.Optional.of(best.get(0))
                : java.util.Optional.empty();
    }

    /** {@code "; did you mean 'x'?"} for the close candidate, or nothing. */
    public static String suffix(String name, Collection<String> candidates) {
        return closest(name, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
    }
}
