package dev.regrade.wearable;

import java.util.Locale;

/** Which version of the starter-kit scorer to run: as released, or with the three fixes of FIXES.md §B. */
public enum Variant {
    /** {@code Sri427/wearable-ai-proactive} starter_kit/run_evaluation.py (commit 87c969c4). */
    RELEASED,
    /** {@code GauravKarakoti/wearable-ai} starter_kit/run_evaluation.py (commit 98fcd646). */
    FIXED;

    /** Parses {@code released} / {@code fixed} (any case). */
    public static Variant parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "released" -> RELEASED;
            case "fixed" -> FIXED;
            default -> throw new IllegalArgumentException("unknown variant '" + s + "' (released|fixed)");
        };
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
