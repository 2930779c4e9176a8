package dev.regrade.rubric.json;

import java.util.Locale;

/** How a run ended; written into JSON as the lower-case name. */
public enum RunOutcome {
    /** The script ran to its end and the tree was scored. */
    SCORED,
    /** The script raised where the original raises: no score, as the original records no result. */
    CRASHED;

    /** The string written into JSON: {@code scored} or {@code crashed}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the JSON value; throws {@link IllegalArgumentException} naming the bad value. */
    public static RunOutcome fromValue(String value) {
        for (RunOutcome o : values()) {
            if (o.value().equals(value)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown outcome '" + value + "' (expected scored or crashed)");
    }
}
