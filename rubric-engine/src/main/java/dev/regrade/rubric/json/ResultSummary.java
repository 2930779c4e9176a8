package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import java.util.ArrayList;
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

    /**
     * The original's {@code get_summary()} of an evaluation: names, final score (computing and writing
     * back the aggregates on first use), models, the info list ({@link Evaluator#info()}) and the tree,
     * and tree statistics.
     */
    public static ResultSummary of(Evaluator evaluator) {
        EvaluationContext context = evaluator.context();
        String agent = context.agentName().orElse("unknown_agent");
        String answer = context.answerName().orElse("unknown_answer");
        if (evaluator.root() == null) {
            return new ResultSummary(agent, answer, 0.0, context.model(), context.model(), List.of(), null);
        }
        double finalScore = evaluator.score();
        List<JsonNode> info = new ArrayList<>(evaluator.info());
        if (info.isEmpty()) {
            info.add(JsonNodeFactory.instance.objectNode().put("no_info", "No information recorded"));
        }
        ResultNode tree = ResultNode.of(evaluator.root());
        return new ResultSummary(agent, answer, finalScore, context.model(), context.model(),
                List.of(new EvalBreakdown(info, tree)), TreeStatistics.of(tree));
    }

    /** The verification tree, when the summary has one. */
    public Optional<ResultNode> tree() {
        return evalBreakdown.isEmpty() ? Optional.empty() : Optional.of(evalBreakdown.get(0).verificationTree());
    }
}
