package dev.regrade.rubric.json;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The original's summary of one evaluated answer ({@code Evaluator.get_summary()}), the first part
 * of every result document.
 *
 * @param agentName      the agent whose answer was evaluated
 * @param answerName     the answer's name
 * @param finalScore     the root's score (0.0 when no tree was built); null for a crashed run
 * @param judgeModel     the judge model named in the request
 * @param extractModel   the extraction model named in the request
 * @param evalBreakdown  one entry with the info and the tree; empty when no tree was built or the run crashed
 * @param treeStatistics the tree's statistics; null when there is no tree
 */
public record ResultSummary(String agentName, String answerName, Double finalScore, String judgeModel,
                            String extractModel, List<EvalBreakdown> evalBreakdown, TreeStatistics treeStatistics) {
    public ResultSummary {
        Objects.requireNonNull(agentName, "agentName");
        Objects.requireNonNull(answerName, "answerName");
        evalBreakdown = List.copyOf(evalBreakdown);
    }

    /** The verification tree, when the summary has one. */
    public Optional<ResultNode> tree() {
        return evalBreakdown.isEmpty() ? Optional.empty() : Optional.of(evalBreakdown.get(0).verificationTree());
    }
}
