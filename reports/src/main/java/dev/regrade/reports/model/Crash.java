package dev.regrade.reports.model;

import dev.regrade.rubric.json.RunOutcome;

/**
 * A run that raised where the original raises, with what the other variant did on the same input.
 *
 * @param input        the script and input
 * @param variant      the variant that crashed
 * @param errorType    the Python error type, e.g. {@code TypeError}
 * @param error        the Python error message
 * @param otherVariant the other variant of the comparison
 * @param otherOutcome how the other variant's run ended
 * @param otherScore   the other variant's final score; null when it crashed too
 */
public record Crash(ScriptInput input, String variant, String errorType, String error, String otherVariant,
                    RunOutcome otherOutcome, Double otherScore) {
    /** True when the other variant crashed too. */
    public boolean otherCrashed() {
        return otherOutcome == RunOutcome.CRASHED;
    }
}
