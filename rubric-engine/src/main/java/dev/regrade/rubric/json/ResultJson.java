package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
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
     * {@link BadInputException}s with the file and JSON path.
     */
    public static ResultDocument fromJson(JsonField doc) {
        doc.object();
        List<EvalBreakdown> breakdown = new ArrayList<>();
        for (JsonField e : doc.get("eval_breakdown").elements()) {
            List<JsonNode> info = new ArrayList<>();
            e.get("info").as(JsonField.Kind.ARRAY).forEach(info::add);
            breakdown.add(new EvalBreakdown(info, TreeJson.readStored(e.get("verification_tree"))));
        }
        TreeStatistics stats = null;
        JsonField st = doc.get("tree_statistics");
        if (!st.isMissing()) {
            stats = new TreeStatistics(st.get("depth").integer(), st.get("total_nodes").integer(),
                    st.get("leaf_nodes").integer());
        }
        Double score = doc.get("final_score").asOrNull(JsonField.Kind.NUMBER);
        ResultSummary summary = new ResultSummary(doc.get("agent_name").text(), doc.get("answer_name").text(), score,
                doc.get("judge_model").textOrNull(), doc.get("extract_model").textOrNull(), breakdown, stats);
        return new ResultDocument(summary, meta(doc.get("regrade").object()));
    }

    private static RunMeta meta(JsonField r) {
        RunOutcome outcome = r.get("outcome").parsed(RunOutcome::fromValue);
        List<JudgeCall> calls = new ArrayList<>();
        for (JsonField o : r.get("judge_requests").elements()) {
            Boolean verdict = o.get("verdict").asOrNull(JsonField.Kind.BOOLEAN);
            calls.add(new JudgeCall(o.get("node").text(), o.get("claim").textOrNull(), o.get("url").textOrNull(),
                    o.get("vote").integer(), o.get("prompt_sha256").textOrNull(), verdict,
                    verdict == null ? o.get("error").textOrNull() : null));
        }
        List<PageVisit> pages = new ArrayList<>();
        for (JsonField o : r.get("pages").elements()) {
            pages.add(new PageVisit(o.get("url").text(), o.get("outcome").text()));
        }
        long seed = r.get("hash_seed").longInteger();
        boolean crashed = outcome == RunOutcome.CRASHED;
        return new RunMeta(r.get("script").textOrNull(), r.get("variant").textOrNull(),
                r.get("input_kind").textOrNull(), r.get("input").textOrNull(), r.get("eval_date").textOrNull(), seed,
                outcome, crashed ? r.get("error_type").textOrNull() : null,
                crashed ? r.get("error").textOrNull() : null, calls, pages);
    }

    /**
     * The verification tree of a result document, or null when it has none (a crashed run, or an
     * empty {@code eval_breakdown}). Shape problems are {@link BadInputException}s with the file and path.
     */
    public static JsonField treeOf(JsonField doc) {
        doc.as(JsonField.Kind.OBJECT.as("a result object"));
        JsonField breakdown = doc.get("eval_breakdown");
        if (breakdown.array().node().isEmpty()) {
            return null;
        }
        JsonField tree = breakdown.get(0).get("verification_tree");
        tree.value();
        return tree;
    }
}
