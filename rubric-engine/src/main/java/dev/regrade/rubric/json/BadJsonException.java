package dev.regrade.rubric.json;

/** A JSON document that does not have the expected shape, with the JSON path of the problem. */
public final class BadJsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String path;

    public BadJsonException(String path, String problem) {
        super(path + ": " + problem);
        this.path = path;
    }

    /** The JSON path of the offending value, e.g. {@code $.eval_breakdown[0].verification_tree}. */
    public String path() {
        return path;
    }
}
