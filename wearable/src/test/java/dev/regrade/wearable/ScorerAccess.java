package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;

/** For tests of the fast path's package: the proactive scorer's row reductions, package-private there. */
public final class ScorerAccess {
    private ScorerAccess() {
    }

    /** ProactiveScorer.compact. */
    public static JsonNode compact(JsonNode g) {
        return ProactiveScorer.compact(g);
    }

    /** ProactiveScorer.compactFromBytes (a Rows.FromBytes). */
    public static JsonNode compactFromBytes(JsonNode built, byte[] b, int start, int end) {
        return ProactiveScorer.compactFromBytes(built, b, start, end);
    }
}
