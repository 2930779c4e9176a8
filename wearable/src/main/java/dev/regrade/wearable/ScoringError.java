package dev.regrade.wearable;

/**
 * An exception the Python original raises while scoring (ValueError, KeyError, AttributeError, ...).
 * {@link #pyType()} names the Python exception; the message is the Python message.
 */
public final class ScoringError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String pyType;

    public ScoringError(String pyType, String message) {
        super(message);
        this.pyType = pyType;
    }

    static ScoringError valueError(String message) {
        return new ScoringError("ValueError", message);
    }

    public String pyType() {
        return pyType;
    }

    @Override
    public String toString() {
        return pyType + ": " + getMessage();
    }
}
