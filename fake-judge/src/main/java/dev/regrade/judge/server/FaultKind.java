package dev.regrade.judge.server;

/** A way the fake judge can misbehave on purpose, as real endpoints sometimes do. */
public enum FaultKind {
    /** HTTP 429 with a {@code Retry-After} header (seconds from {@link Faults#retryAfterSeconds()}). */
    RATE_LIMITED(429),
    /** HTTP 500. */
    SERVER_ERROR(500),
    /** HTTP 503. */
    UNAVAILABLE(503),
    /** HTTP 200 whose body is cut in half, so it is not JSON. */
    MALFORMED_BODY(0),
    /** A valid completion whose message content is prose, not JSON. */
    MALFORMED_CONTENT(0),
    /** A completion with {@code finish_reason: "length"} and its content JSON cut in half. */
    LENGTH(0),
    /**
     * A verification reply without {@code result} (an extraction reply: the empty object; a free-text
     * chat reply: the empty string).
     */
    MISSING_RESULT(0),
    /**
     * A verification reply with {@code result: "yes"} (an extraction reply: the JSON string "yes"; a
     * free-text chat reply that is a JSON object: the same keys, every value {@code true}; any other
     * free-text chat reply: the text {@code yes}).
     */
    WRONG_TYPES(0),
    /**
     * The usual reply, held back for {@link Faults#stall()} (default 60 s) first: latency past a client's
     * timeout on chosen requests only (use {@link Faults#withLatency} to slow every reply).
     */
    STALLED(0),
    /**
     * HTTP 200 headers, then a few bytes of garbage body, then the connection closes: a reply cut off
     * in transit (a client sees an I/O error, not a bad answer).
     */
    CUT_OFF(0);

    private final int httpStatus;

    FaultKind(int httpStatus) {
        this.httpStatus = httpStatus;
    }

    /** The HTTP error status this fault answers with, or 0 for a fault inside an HTTP 200 reply. */
    public int httpStatus() {
        return httpStatus;
    }

    /** True when the fault is an HTTP error status rather than a bad 200 reply. */
    public boolean isHttpError() {
        return httpStatus != 0;
    }
}
