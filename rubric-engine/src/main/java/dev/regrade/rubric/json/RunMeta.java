package dev.regrade.rubric.json;

import dev.regrade.rubric.JudgeCall;
import java.util.List;

/**
 * The {@code regrade} object of a result document: what was run, under which clock and hash seed,
 * how it ended, and every judge request it made.
 *
 * @param script        script name, e.g. {@code gas_stations}
 * @param variant       variant name, e.g. {@code released}
 * @param inputKind     {@code policy} or {@code fixture}
 * @param input         the policy name or fixture file name
 * @param evalDate      ISO evaluation date
 * @param hashSeed      the PYTHONHASHSEED reproduced
 * @param outcome       {@code scored} or {@code crashed}
 * @param errorType     Python error type when crashed, else null
 * @param error         Python error message when crashed, else null
 * @param judgeRequests every judge request in call order, votes included
 */
public record RunMeta(String script, String variant, String inputKind, String input, String evalDate, long hashSeed,
                      String outcome, String errorType, String error, List<JudgeCall> judgeRequests) {
    public static final String SCORED = "scored";
    public static final String CRASHED = "crashed";

    public RunMeta {
        judgeRequests = List.copyOf(judgeRequests);
    }
}
