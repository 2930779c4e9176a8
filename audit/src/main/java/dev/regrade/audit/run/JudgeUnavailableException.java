package dev.regrade.audit.run;

/**
 * The judge could not be reached or kept failing after retries. The run is abandoned rather than
 * scored: every later check would fail and the result would be a silent, meaningless zero.
 */
public final class JudgeUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JudgeUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
