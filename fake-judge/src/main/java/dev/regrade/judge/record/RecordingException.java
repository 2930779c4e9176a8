package dev.regrade.judge.record;

/** A directory that cannot be recorded into or replayed from; the message names it and says why. */
public final class RecordingException extends Exception {
    private static final long serialVersionUID = 1L;

    RecordingException(String message) {
        super(message);
    }
}
