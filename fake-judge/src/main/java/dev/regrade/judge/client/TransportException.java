package dev.regrade.judge.client;

/**
 * No HTTP answer came from the endpoint on the last attempt its policy allows (every attempt, that
 * is: {@code maxRetries + 1}), or the wait was interrupted. Each client turns it into the error its
 * upstream raises (the cause is the last I/O error or the interruption); the message holds no API key.
 */
public final class TransportException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong on the last attempt. */
    public enum Failure {
        /** No connection within the connect timeout. */
        CONNECT_TIMEOUT,
        /** No complete answer within the request timeout. */
        TIMEOUT,
        /** The connection was refused, reset or cut off part-way. */
        CONNECTION,
        /** The thread was interrupted while a request was in flight. */
        INTERRUPTED,
        /** The thread was interrupted while waiting to retry. */
        INTERRUPTED_BEFORE_RETRY
    }

    private final Failure failure;

    TransportException(Failure failure, int attempts, Exception cause) {
        super(failure + " after " + attempts + (attempts == 1 ? " attempt" : " attempts"), cause);
        this.failure = failure;
    }

    public Failure failure() {
        return failure;
    }
}
