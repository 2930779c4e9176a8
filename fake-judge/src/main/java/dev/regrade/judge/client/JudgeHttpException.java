package dev.regrade.judge.client;

/** The endpoint answered an HTTP error status: not retryable, or still failing after every retry. */
public class JudgeHttpException extends JudgeClientException {
    private final int status;
    private final int attempts;

    public JudgeHttpException(String message, int status, int attempts) {
        super(message);
        this.status = status;
        this.attempts = attempts;
    }

    /** The last HTTP status received. */
    public int status() {
        return status;
    }

    /** How many requests were sent. */
    public int attempts() {
        return attempts;
    }
}
