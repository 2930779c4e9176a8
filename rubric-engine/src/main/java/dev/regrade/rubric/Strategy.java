package dev.regrade.rubric;

/** How a parent node combines its children: the original's {@code AggregationStrategy}. */
public enum Strategy {
    /** Children are independent; gate on critical children, then average the rest. */
    PARALLEL("parallel"),
    /** Children are checked in order; the first child scoring below 1.0 short-circuits the rest. */
    SEQUENTIAL("sequential");

    private final String value;

    Strategy(String value) {
        this.value = value;
    }

    /** The string the original writes into result JSON. */
    public String value() {
        return value;
    }

    /** Parses the JSON value; throws {@link IllegalArgumentException} naming the bad value. */
    public static Strategy fromValue(String value) {
        for (Strategy s : values()) {
            if (s.value.equals(value)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + value + "' (expected parallel or sequential)");
    }
}
