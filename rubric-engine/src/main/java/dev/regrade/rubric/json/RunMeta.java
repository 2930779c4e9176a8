package dev.regrade.rubric.json;

import dev.regrade.rubric.JudgeCall;
import java.util.List;
import java.util.Objects;

/**
 * The {@code regrade} object of a result document: what was run, under which clock and hash seed,
 * how it ended, every judge request it made and every page it asked for.
 *
 * @param script        script name, e.g. {@code gas_stations}
 * @param variant       variant name, e.g. {@code released}
 * @param inputKind     {@code policy} or {@code fixture}
 * @param input         the policy name or fixture file name
 * @param evalDate      ISO evaluation date
 * @param hashSeed      the PYTHONHASHSEED reproduced
 * @param outcome       how the run ended
 * @param errorType     Python error type when crashed, else null
 * @param error         Python error message when crashed, else null
 * @param judgeRequests every judge request in call order, votes included
 * @param pages         every page lookup in request order
 */
public record RunMeta(String script, String variant, String inputKind, String input, String evalDate, long hashSeed,
                      RunOutcome outcome, String errorType, String error, List<JudgeCall> judgeRequests,
                      List<PageVisit> pages) {
    public RunMeta {
        Objects.requireNonNull(outcome, "outcome");
        judgeRequests = List.copyOf(judgeRequests);
        pages = List.copyOf(pages);
    }

    /** The same run under another hash seed. */
    public RunMeta withHashSeed(long value) {
        return new RunMeta(script, variant, inputKind, input, evalDate, value, outcome, errorType, error,
                judgeRequests, pages);
    }
}
