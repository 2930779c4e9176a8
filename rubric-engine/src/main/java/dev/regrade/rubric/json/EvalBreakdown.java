package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * The one entry of the original's {@code eval_breakdown}: what the evaluation recorded, and the
 * scored tree.
 *
 * @param info             the extractions, ground truths and custom infos in the order recorded, each
 *                         a one-key object as the original writes it (free-form: the values are the
 *                         scripts' own records)
 * @param verificationTree the scored tree
 */
public record EvalBreakdown(List<JsonNode> info, ResultNode verificationTree) {
    public EvalBreakdown {
        info = List.copyOf(info);
        Objects.requireNonNull(verificationTree, "verificationTree");
    }
}
