package dev.regrade.rubric.json;

/** How a run ended, with the strings result documents and reports write. */
public enum RunOutcome {
    /** The script ran to its end and the tree was scored. */
    SCORED("scored"),
    /** The script raised where the original raises: no score, as the original records no result. */
    CRASHED("crashed");

    private final String value;

    RunOutcome(String value) {
        this.value = value;
    }

    /** The string written into JSON. */
    public String value() {
        return value;
    }

    /** Parses the JSON value; throws {@link IllegalArgumentException} naming the bad value. */
    public static RunOutcome fromValue(String value) {
        for (RunOutcome o : values()) {
            if (o.value.equals(value)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown outcome '" + value + "' (expected scored or crashed)");
    }
}
