package dev.regrade.audit.core;

/**
 * Receives the end of each phase of an audit ("inputs", "runs", …), for the benchmark's account
 * of where the time goes. Never part of a result.
 */
@FunctionalInterface
public interface Phases {
    /** Ignores every mark. */
    Phases NONE = phase -> { };

    /** The phase named {@code phase} has just ended. */
    void mark(String phase);
}
