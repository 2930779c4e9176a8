package dev.regrade.rubric;

/** A node's status, with the strings the original writes into result JSON. */
public enum Status {
    PASSED("passed"),
    FAILED("failed"),
    PARTIAL("partial"),
    SKIPPED("skipped"),
    /** A leaf that was never verified: the original's default status. */
    INITIALIZED("initialized");

    private final String value;

    Status(String value) {
        this.value = value;
    }

    /** The string the original writes into result JSON. */
    public String value() {
        return value;
    }

    /** Parses the JSON value; throws {@link IllegalArgumentException} naming the bad value. */
    public static Status fromValue(String value) {
        for (Status s : values()) {
            if (s.value.equals(value)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + value
                + "' (expected passed, failed, partial, skipped or initialized)");
    }
}
