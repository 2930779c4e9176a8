package dev.regrade.scripts.v2025_10_23;

import java.util.List;

/** Variant names shared by the scripts, and the check every script makes on the name it is given. */
public final class Variants {
    public static final String RELEASED = "released";
    public static final String FIXED = "fixed";
    /** The two variants most scripts have. */
    public static final List<String> RELEASED_AND_FIXED = List.of(RELEASED, FIXED);

    private Variants() {
    }

    /** Returns true for the fixed variant, false for released; rejects any other name. */
    public static boolean isFixed(RubricScript script, String variant) {
        require(script, variant);
        return FIXED.equals(variant);
    }

    /** Rejects a variant the script does not have, naming the ones it has. */
    public static void require(RubricScript script, String variant) {
        if (!script.variants().contains(variant)) {
            throw new IllegalArgumentException("script " + script.name() + " has no variant '" + variant
                    + "' (variants: " + String.join(", ", script.variants()) + ")");
        }
    }
}
