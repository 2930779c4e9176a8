package dev.regrade.reports.model;

import dev.regrade.rubric.json.RunOutcome;

/**
 * One side of a comparison: the run of the before or the after variant under the first seed.
 *
 * @param variant       the variant name
 * @param outcome       how the run ended
 * @param finalScore    the final score; null when the run crashed
 * @param errorType     the Python error type when the run crashed, else null
 * @param error         the Python error message when the run crashed, else null
 * @param judgeRequests the number of judge requests the run made
 * @param result        the result file, relative to the audit's output directory
 * @param seedRange     how the final score varies across the hash seeds; null when every seed gives
 *                      the same score (or every seed crashes)
 */
public record ComparedRun(String variant, RunOutcome outcome, Double finalScore, String errorType, String error,
                          int judgeRequests, String result, SeedRange seedRange) {
    /** True when the final score depends on the hash seed. */
    public boolean seedDependent() {
        return seedRange != null;
    }

    /** True when the original would have raised for this input. */
    public boolean crashed() {
        return outcome == RunOutcome.CRASHED;
    }
}
