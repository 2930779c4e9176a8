package dev.regrade.audit.replay;

import dev.regrade.rubric.json.ResultNode;
import java.util.List;

/**
 * What the replay of one stored result found.
 *
 * @param file               the result file
 * @param task               the task id, or null when neither the document nor its path names one
 * @param agent              {@code agent_name}
 * @param answer             {@code answer_name}
 * @param status             replayed, needs-model, mismatch, over-budget or skipped
 * @param reason             why it was skipped, the self-check's first difference, or (needs-model) the
 *                           extractions the stored run did not make; null when replayed
 * @param before             the stored final score (null when the stored run crashed)
 * @param afterMin           the lowest after-score over the assignments of the unknown verdicts
 *                           (null when not replayed, or when the after-variant raises under every one)
 * @param afterMax           the highest; equal to {@code afterMin} when the after-score is exact
 * @param exact              true when no verdict was unknown, or the endpoint gave them: the after-score is {@code afterMin}
 * @param enumerated         true when every assignment of the unknown verdicts was run (else the
 *                           interval comes from the all-fail and all-pass assignments)
 * @param hashSeed           the PYTHONHASHSEED replayed under when the before-variant reads it, else null
 * @param evalDate           the evaluation date replayed under (ISO), when the before-variant reads the clock, else null
 * @param dateSource         where that date comes from ({@code stored}, {@code from the file name}, {@code default},
 *                           or the search's sentence), null with {@code evalDate}
 * @param changedNodes       the ids of the nodes whose after-tree differs from the stored tree under
 *                           some assignment, in first-seen order
 * @param unknownClaims      the claims whose verdict is not known (node id: claim), in call order
 * @param unknownExtractions the extractions the after-variant requests that the before-variant did not
 * @param roundedUndecided   the comparisons over a stored number known only rounded (gas_stations' legs) that
 *                           its rounding leaves undecided, which make the after-score an interval
 * @param bound              true when the interval is only a bound: its ends are not proven attained
 * @param afterError         the Python error when the after-variant raises (under some assignment), else null
 * @param judgeCalls         the requests sent to the {@code --judge-url} endpoint for the unknown verdicts
 * @param afterTree          the after-variant's tree when the after-score is exact (else null: one tree per assignment)
 */
public record ReplayResult(String file, String task, String agent, String answer, Status status, String reason,
                           Double before, Double afterMin, Double afterMax, boolean exact, boolean enumerated,
                           Long hashSeed, String evalDate, String dateSource, List<String> changedNodes,
                           List<String> unknownClaims, List<String> unknownExtractions, List<String> roundedUndecided,
                           boolean bound, String afterError, int judgeCalls, ResultNode afterTree) {
    /** How a replay ended. */
    public enum Status {
        REPLAYED, NEEDS_MODEL, MISMATCH, OVER_BUDGET, SKIPPED;

        /**
         * The name in reports: {@code replayed}, {@code needs-model}, {@code mismatch}, {@code over-budget},
         * {@code skipped}.
         */
        public String value() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public ReplayResult {
        changedNodes = List.copyOf(changedNodes);
        unknownClaims = List.copyOf(unknownClaims);
        unknownExtractions = List.copyOf(unknownExtractions);
        roundedUndecided = List.copyOf(roundedUndecided);
    }

    static ReplayResult notReplayed(StoredResult r, Status status, String reason, Long seed) {
        return notReplayed(r, status, reason, seed, null, null);
    }

    static ReplayResult notReplayed(StoredResult r, Status status, String reason, Long seed, String evalDate,
                                    String dateSource) {
        return new ReplayResult(r.file(), r.task(), r.agent(), r.answer(), status, reason, r.finalScore(), null, null,
                false, false, seed, evalDate, dateSource, List.of(), List.of(), List.of(), List.of(), false, null, 0,
                null);
    }

    /** The same result with the date it was replayed under. */
    ReplayResult withDate(String date, String source) {
        return new ReplayResult(file, task, agent, answer, status, reason, before, afterMin, afterMax, exact, enumerated,
                hashSeed, date, source, changedNodes, unknownClaims, unknownExtractions, roundedUndecided, bound,
                afterError, judgeCalls, afterTree);
    }

    /** True when the after-score is one number. */
    public boolean afterIsPoint() {
        return afterMin != null && afterMin.equals(afterMax);
    }
}
