package dev.regrade.audit.replay;

import dev.regrade.rubric.json.ResultNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * @param seedsSampled       0, or how many PYTHONHASHSEED values (0..N-1) the after-variant was run under because it
 *                           reads the set order and the stored result does not determine the seed (neither a stored
 *                           {@code hash_seed} nor a before-variant that reads it): the after-score is then the range
 *                           over that sample, attained but not proven to hold every other seed's score
 */
public record ReplayResult(String file, String task, String agent, String answer, Status status, String reason,
                           Double before, Double afterMin, Double afterMax, boolean exact, boolean enumerated,
                           Long hashSeed, String evalDate, String dateSource, List<String> changedNodes,
                           List<String> unknownClaims, List<String> unknownExtractions, List<String> roundedUndecided,
                           boolean bound, String afterError, int judgeCalls, ResultNode afterTree, int seedsSampled) {
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
                null, 0);
    }

    /** The same result with the date it was replayed under. */
    ReplayResult withDate(String date, String source) {
        return new ReplayResult(file, task, agent, answer, status, reason, before, afterMin, afterMax, exact, enumerated,
                hashSeed, date, source, changedNodes, unknownClaims, unknownExtractions, roundedUndecided, bound,
                afterError, judgeCalls, afterTree, seedsSampled);
    }

    /**
     * The replays of one result under the PYTHONHASHSEED values 0..N-1 ({@code perSeed}, in seed order), folded:
     * the range of their after-scores, never exact (the stored result does not say which seed the run had).
     * A seed under which the after-variant needs the model makes the whole a {@code needs-model}.
     */
    static ReplayResult acrossSeeds(List<ReplayResult> perSeed) {
        ReplayResult first = perSeed.get(0);
        for (ReplayResult r : perSeed) {
            if (r.status() != Status.REPLAYED) {
                return r;
            }
        }
        Double min = null;
        Double max = null;
        String error = null;
        boolean enumerated = true;
        boolean bound = false;
        int calls = 0;
        Set<String> changed = new LinkedHashSet<>();
        Set<String> claims = new LinkedHashSet<>();
        Set<String> extractions = new LinkedHashSet<>();
        Set<String> undecided = new LinkedHashSet<>();
        for (ReplayResult r : perSeed) {
            if (r.afterMin() != null) {
                min = min == null ? r.afterMin() : Math.min(min, r.afterMin());
                max = max == null ? r.afterMax() : Math.max(max, r.afterMax());
            }
            error = error == null ? r.afterError() : error;
            enumerated &= r.enumerated();
            bound |= r.bound();
            calls += r.judgeCalls();
            changed.addAll(r.changedNodes());
            claims.addAll(r.unknownClaims());
            extractions.addAll(r.unknownExtractions());
            undecided.addAll(r.roundedUndecided());
        }
        return new ReplayResult(first.file(), first.task(), first.agent(), first.answer(), Status.REPLAYED, null,
                first.before(), min, max, false, enumerated, null, first.evalDate(), first.dateSource(),
                List.copyOf(changed), List.copyOf(claims), List.copyOf(extractions), List.copyOf(undecided), bound, error,
                calls, null, perSeed.size());
    }

    /**
     * Replayed, and the after-score may differ from the stored score: an interval, a number other than the
     * stored one, or a number stated only over a sample of hash seeds. The one definition of "may change".
     */
    public boolean mayChange() {
        return status == Status.REPLAYED && (!afterIsPoint() || !afterMin.equals(before) || seedsSampled > 0);
    }

    /** True when the after-score is one number. */
    public boolean afterIsPoint() {
        return afterMin != null && afterMin.equals(afterMax);
    }
}
