package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.JudgeCall;

/**
 * Result documents in JSON: the one writer of {@link ResultDocument} (the original's summary shape,
 * {@code agent_name} … {@code tree_statistics}, followed by the {@code regrade} object), and the
 * tree lookup of a document read from a file (Regrade's, or the Python original's, which has no
 * {@code regrade}).
 */
public final class ResultJson {
    private ResultJson() {
    }

    /** The document as Regrade writes it to a file: {@code json.dumps(doc, indent=4)} plus LF. */
    public static String toFileText(ResultDocument doc) {
        return JsonFiles.toFileText(toJson(doc));
    }

    /** The document as JSON: the summary's keys, then {@code regrade}. */
    public static ObjectNode toJson(ResultDocument doc) {
        ObjectNode o = toJson(doc.summary());
        o.set("regrade", toJson(doc.regrade()));
        return o;
    }

    /** The original's summary dict, keys in its order. */
    public static ObjectNode toJson(ResultSummary s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("agent_name", s.agentName())
                .put("answer_name", s.answerName()).put("final_score", s.finalScore())
                .put("judge_model", s.judgeModel()).put("extract_model", s.extractModel());
        ArrayNode breakdown = o.putArray("eval_breakdown");
        for (EvalBreakdown b : s.evalBreakdown()) {
            ObjectNode e = breakdown.addObject();
            e.putArray("info").addAll(b.info());
            e.set("verification_tree", TreeJson.toJson(b.verificationTree()));
        }
        if (s.treeStatistics() != null) {
            o.set("tree_statistics", TreeJson.toJson(s.treeStatistics()));
        }
        return o;
    }

    private static ObjectNode toJson(RunMeta meta) {
        ObjectNode r = JsonNodeFactory.instance.objectNode().put("script", meta.script())
                .put("variant", meta.variant()).put("input_kind", meta.inputKind()).put("input", meta.input())
                .put("eval_date", meta.evalDate()).put("hash_seed", meta.hashSeed())
                .put("outcome", meta.outcome().value());
        if (meta.outcome() == RunOutcome.CRASHED) {
            r.put("error_type", meta.errorType());
            r.put("error", meta.error());
        }
        ArrayNode calls = r.putArray("judge_requests");
        for (JudgeCall c : meta.judgeRequests()) {
            ObjectNode o = calls.addObject().put("node", c.nodeId()).put("claim", c.claim()).put("url", c.url())
                    .put("vote", c.vote()).put("prompt_sha256", c.promptSha256());
            if (c.verdict() == null) {
                o.putNull("verdict");
                o.put("error", c.error());
            } else {
                o.put("verdict", c.verdict());
            }
        }
        ArrayNode pages = r.putArray("pages");
        for (PageVisit p : meta.pages()) {
            pages.addObject().put("url", p.url()).put("outcome", p.outcome());
        }
        return r;
    }

    /**
     * The verification tree of a result document, or null when it has none (a crashed run, or an
     * empty {@code eval_breakdown}). Shape problems are {@link BadJsonException}s with the path.
     */
    public static JsonNode treeOf(JsonNode doc) {
        if (doc == null || !doc.isObject()) {
            throw new BadJsonException("$", "expected a result object");
        }
        JsonNode breakdown = doc.get("eval_breakdown");
        if (breakdown == null) {
            throw new BadJsonException("$.eval_breakdown", "missing");
        }
        if (!breakdown.isArray()) {
            throw new BadJsonException("$.eval_breakdown", "expected a list");
        }
        if (breakdown.isEmpty()) {
            return null;
        }
        JsonNode first = breakdown.get(0);
        if (!first.isObject()) {
            throw new BadJsonException("$.eval_breakdown[0]", "expected an object");
        }
        JsonNode tree = first.get("verification_tree");
        if (tree == null) {
            throw new BadJsonException("$.eval_breakdown[0].verification_tree", "missing");
        }
        return tree;
    }
}
