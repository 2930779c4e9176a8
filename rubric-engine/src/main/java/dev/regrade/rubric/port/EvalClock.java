package dev.regrade.rubric.port;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The evaluation clock: what a script's {@code datetime.now()} returns. Always an explicit,
 * fixed instant, never the wall clock, so that a run is reproducible.
 */
public record EvalClock(LocalDate date) {
    /** The default evaluation date of every run. */
    public static final LocalDate DEFAULT_DATE = LocalDate.of(2025, 10, 23);

    public EvalClock {
        if (date == null) {
            throw new IllegalArgumentException("evaluation date is required");
        }
    }

    /** {@code datetime.now()}: midnight of the evaluation date. */
    public LocalDateTime now() {
        return date.atStartOfDay();
    }

    /** {@code date.today()}. */
    public LocalDate today() {
        return date;
    }
}
