package dev.regrade.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link Subject#run} produced, read-only, as the JUnit Platform's {@code TestExecutionResult}:
 * a status, the result document, and the original's error when it raised.
 */
public interface Result {
    /** How the run ended. */
    enum Status {
        /** The original scored the input. */
        SUCCESSFUL,
        /** The original raised on this input: {@link #failure()} has its message. */
        FAILED
    }

    /** How the run ended. */
    Status status();

    /**
     * The result document, shaped by the subject (its {@link Subject#inputs()} says how); after a failure,
     * what the original had produced before it raised (often empty). Callers must not modify it.
     */
    JsonNode document();

    /** The original's error message, for {@link Status#FAILED}. */
    Optional<String> failure();

    /** A successful run's result. */
    static Result successful(JsonNode document) {
        return new Value(Status.SUCCESSFUL, document, null);
    }

    /** A run on which the original raised {@code message}. */
    static Result failed(String message, JsonNode document) {
        return new Value(Status.FAILED, document, Objects.requireNonNull(message, "message"));
    }

    /** The plain result. */
    record Value(Status status, JsonNode document, String message) implements Result {
        public Value {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(document, "document");
            if ((status == Status.FAILED) != (message != null)) {
                throw new IllegalArgumentException("a message goes with FAILED, and only with it");
            }
        }

        @Override
        public Optional<String> failure() {
            return Optional.ofNullable(message);
        }
    }
}
