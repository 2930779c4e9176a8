package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.JudgeCall;

/**
 * Result documents: the original's summary shape ({@code agent_name} … {@code tree_statistics})
 * followed by the {@code regrade} object. A result written by the Python original is the same
 * document without {@code regrade}.
 */
public final class ResultJson {
    private ResultJson() {
    }

    /** The summary with the {@code regrade} object appended (the summary is copied, not changed). */
    public static ObjectNode document(ObjectNode summary, RunMeta meta) {
        ObjectNode doc = summary.deepCopy();
        ObjectNode r = doc.putObject("regrade");
        r.put("script", meta.script());
        r.put("variant", meta.variant());
        r.put("input_kind", meta.inputKind());
        r.put("input", meta.input());
        r.put("eval_date", meta.evalDate());
        r.put("hash_seed", meta.hashSeed());
        r.put("outcome", meta.outcome());
        if (RunMeta.CRASHED.equals(meta.outcome())) {
            r.put("error_type", meta.errorType());
            r.put("error", meta.error());
        }
        ArrayNode calls = r.putArray("judge_requests");
        for (JudgeCall c : meta.judgeRequests()) {
            ObjectNode o = calls.addObject();
            o.put("node", c.nodeId());
            o.put("claim", c.claim());
            o.put("url", c.url());
            o.put("vote", c.vote());
            o.put("prompt_sha256", c.promptSha256());
            if (c.verdict() == null) {
                o.putNull("verdict");
                o.put("error", c.error());
            } else {
                o.put("verdict", c.verdict());
            }
        }
        return doc;
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
