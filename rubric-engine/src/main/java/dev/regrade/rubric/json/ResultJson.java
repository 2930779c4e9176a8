package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.JudgeCall;
import java.util.ArrayList;
import java.util.List;

/**
 * Result documents in JSON: the one writer of {@link ResultDocument} (the original's summary shape,
 * {@code agent_name} … {@code tree_statistics}, followed by the {@code regrade} object), its reader
 * ({@link #fromJson}: what the writer wrote, read back to the same document), and the tree lookup of
 * a document read from a file (Regrade's, or the Python original's, which has no {@code regrade}).
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

    /** {@link ResultSummary#of} an evaluation as the original's JSON dict. */
    public static ObjectNode summary(Evaluator evaluator) {
        return toJson(ResultSummary.of(evaluator));
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
     * Reads a document Regrade wrote ({@link #toFileText}) back into the document it was written
     * from, so that writing it again gives the same text. Shape problems are
     * {@link BadJsonException}s with the JSON path.
     */
    public static ResultDocument fromJson(JsonNode doc) {
        object(doc, "$");
        List<EvalBreakdown> breakdown = new ArrayList<>();
        JsonNode b = array(doc.get("eval_breakdown"), "$.eval_breakdown");
        for (int i = 0; i < b.size(); i++) {
            String at = "$.eval_breakdown[" + i + "]";
            JsonNode e = object(b.get(i), at);
            List<JsonNode> info = new ArrayList<>();
            array(e.get("info"), at + ".info").forEach(info::add);
            breakdown.add(new EvalBreakdown(info, TreeJson.readStored(e.get("verification_tree"),
                    at + ".verification_tree")));
        }
        TreeStatistics stats = null;
        JsonNode st = doc.get("tree_statistics");
        if (st != null) {
            object(st, "$.tree_statistics");
            stats = new TreeStatistics(integer(st, "depth", "$.tree_statistics"),
                    integer(st, "total_nodes", "$.tree_statistics"), integer(st, "leaf_nodes", "$.tree_statistics"));
        }
        JsonNode score = doc.get("final_score");
        if (score == null || !(score.isNull() || score.isNumber())) {
            throw new BadJsonException("$.final_score", "expected a number or null");
        }
        ResultSummary summary = new ResultSummary(text(doc, "agent_name", "$", false),
                text(doc, "answer_name", "$", false), score.isNull() ? null : score.doubleValue(),
                text(doc, "judge_model", "$", true), text(doc, "extract_model", "$", true), breakdown, stats);
        return new ResultDocument(summary, meta(object(doc.get("regrade"), "$.regrade")));
    }

    private static RunMeta meta(JsonNode r) {
        String at = "$.regrade";
        RunOutcome outcome;
        try {
            outcome = RunOutcome.fromValue(text(r, "outcome", at, false));
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(at + ".outcome", e.getMessage());
        }
        List<JudgeCall> calls = new ArrayList<>();
        JsonNode requests = array(r.get("judge_requests"), at + ".judge_requests");
        for (int i = 0; i < requests.size(); i++) {
            String c = at + ".judge_requests[" + i + "]";
            JsonNode o = object(requests.get(i), c);
            JsonNode verdict = o.get("verdict");
            if (verdict == null || !(verdict.isNull() || verdict.isBoolean())) {
                throw new BadJsonException(c + ".verdict", "expected true, false or null");
            }
            calls.add(new JudgeCall(text(o, "node", c, false), text(o, "claim", c, true), text(o, "url", c, true),
                    integer(o, "vote", c), text(o, "prompt_sha256", c, true),
                    verdict.isNull() ? null : verdict.booleanValue(),
                    verdict.isNull() ? text(o, "error", c, true) : null));
        }
        List<PageVisit> pages = new ArrayList<>();
        JsonNode visits = array(r.get("pages"), at + ".pages");
        for (int i = 0; i < visits.size(); i++) {
            String p = at + ".pages[" + i + "]";
            JsonNode o = object(visits.get(i), p);
            pages.add(new PageVisit(text(o, "url", p, false), text(o, "outcome", p, false)));
        }
        JsonNode seed = r.get("hash_seed");
        if (seed == null || !seed.isIntegralNumber()) {
            throw new BadJsonException(at + ".hash_seed", "expected a whole number");
        }
        boolean crashed = outcome == RunOutcome.CRASHED;
        return new RunMeta(text(r, "script", at, true), text(r, "variant", at, true), text(r, "input_kind", at, true),
                text(r, "input", at, true), text(r, "eval_date", at, true), seed.longValue(), outcome,
                crashed ? text(r, "error_type", at, true) : null, crashed ? text(r, "error", at, true) : null,
                calls, pages);
    }

    private static JsonNode object(JsonNode v, String path) {
        if (v == null || !v.isObject()) {
            throw new BadJsonException(path, "expected an object");
        }
        return v;
    }

    private static JsonNode array(JsonNode v, String path) {
        if (v == null || !v.isArray()) {
            throw new BadJsonException(path, "expected a list");
        }
        return v;
    }

    private static String text(JsonNode o, String field, String path, boolean nullable) {
        JsonNode v = o.get(field);
        if (v != null && v.isTextual()) {
            return v.textValue();
        }
        if (nullable && v != null && v.isNull()) {
            return null;
        }
        throw new BadJsonException(path + "." + field, nullable ? "expected a string or null" : "expected a string");
    }

    private static int integer(JsonNode o, String field, String path) {
        JsonNode v = o.get(field);
        if (v == null || !v.isInt()) {
            throw new BadJsonException(path + "." + field, "expected a whole number");
        }
        return v.intValue();
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
