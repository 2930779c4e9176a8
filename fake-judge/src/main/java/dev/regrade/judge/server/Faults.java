package dev.regrade.judge.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The faults the fake judge injects: a fixed latency before every reply, and rules that turn
 * chosen requests into errors or bad replies (the first matching rule with budget left applies).
 * Immutable; each {@code withX} returns a copy.
 *
 * @param latency           delay before every reply (zero for none)
 * @param retryAfterSeconds the {@code Retry-After} header of a 429 reply
 * @param rules             the fault rules, in order of precedence
 * @param stall             how long a {@link FaultKind#STALLED} reply is held back
 */
public record Faults(Duration latency, int retryAfterSeconds, List<FaultRule> rules, Duration stall) {
    private static final Faults NONE = new Faults(Duration.ZERO, 1, List.of(), Duration.ofSeconds(60));

    public Faults {
        Objects.requireNonNull(latency, "latency");
        if (latency.isNegative()) {
            throw new IllegalArgumentException("latency must not be negative, got " + latency);
        }
        if (retryAfterSeconds < 0) {
            throw new IllegalArgumentException("retryAfterSeconds must not be negative, got " + retryAfterSeconds);
        }
        rules = List.copyOf(rules);
        Objects.requireNonNull(stall, "stall");
        if (stall.isNegative()) {
            throw new IllegalArgumentException("stall must not be negative, got " + stall);
        }
    }

    /**
     * No latency, no faults; a 429 (if a rule is added) says {@code Retry-After: 1}, a stalled reply
     * (if a rule is added) is held back 60 s.
     */
    public static Faults none() {
        return NONE;
    }

    /** These faults with a fixed latency before every reply. */
    public Faults withLatency(Duration value) {
        return new Faults(value, retryAfterSeconds, rules, stall);
    }

    /** These faults with another {@code Retry-After} for 429 replies. */
    public Faults withRetryAfterSeconds(int seconds) {
        return new Faults(latency, seconds, rules, stall);
    }

    /** These faults plus one more rule, of lowest precedence. */
    public Faults withRule(FaultRule rule) {
        List<FaultRule> more = new ArrayList<>(rules);
        more.add(Objects.requireNonNull(rule, "rule"));
        return new Faults(latency, retryAfterSeconds, more, stall);
    }

    /** These faults with exactly these rules. */
    public Faults withRules(List<FaultRule> value) {
        return new Faults(latency, retryAfterSeconds, value, stall);
    }

    /** These faults with another hold-back for {@link FaultKind#STALLED} replies. */
    public Faults withStall(Duration value) {
        return new Faults(latency, retryAfterSeconds, rules, value);
    }
}
