package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyFormat;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyTruth;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Rows;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * EgoConv (ConvQA) scoring: per-turn BLEU and the optional LLM judge ({@code evaluate_convqa},
 * {@code _run_convqa}, the vLLM judge loop), released or fixed.
 */
public final class ConvQaScorer extends RowScorer {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ArrayNode EMPTY = F.arrayNode();

    /** The fields the scorer reads: golden rows, prediction rows, and predictions while pairing. */
    private static final Set<String> GOLDEN_FIELDS = Set.of("video_path", "task", "category", "questions", "answers");
    /** What pairing reads of golden rows: the id, and the task for released's composite key. */
    private static final Set<String> GOLDEN_KEY_FIELDS = Set.of("video_path", "task");
    private static final Set<String> PRED_FIELDS = Set.of("video_path", "answers");
    private static final Set<String> PRED_KEY_FIELDS = Set.of("video_path", "task", "mcq_answer");

    private final JudgeReplySource judge;

    /**
     * @param judge the LLM judge, or null to score BLEU only (the CLI default, {@code --no-llm-judge})
     */
    public ConvQaScorer(Variant variant, Consumer<String> warnings, JudgeReplySource judge) {
        super(variant, warnings);
        this.judge = judge;
    }

    /** {@code _build_judge_prompt(...)[0]["content"]}, verbatim (identical in both variants). */
    public static String judgePrompt(String question, String goldAnswer, String predAnswer) {
        return "You are an evaluation judge. Given a question, a reference answer, "
                + "and a predicted answer, rate the predicted answer.\n\n"
                + "Score 1.0 if the predicted answer is correct and captures the key "
                + "information.\n"
                + "Score 0.5 if the predicted answer is partially correct (some key "
                + "info present but incomplete or slightly wrong).\n"
                + "Score 0.0 if the predicted answer is wrong or irrelevant.\n\n"
                + "Reply with ONLY a single number: 1.0, 0.5, or 0.0\n\n"
                + "Question: " + questionText(question) + "\n"
                + "Reference Answer: " + goldAnswer + "\n"
                + "Predicted Answer: " + predAnswer + "\n\n"
                + "Score:";
    }

    private static String questionText(String q) {
        return q;
    }

    /** The golden fields scoring and per_row need (presence preserved); a row that is not an object as it is. */
    static JsonNode compact(JsonNode g) {
        if (!g.isObject()) {
            return g;
        }
        ObjectNode c = F.objectNode();
        for (String k : new String[] {"video_path", "task", "category", "questions", "answers"}) {
            if (g.has(k)) {
                c.set(k, g.get(k));
            }
        }
        return c;
    }

    /** {@code evaluate_convqa(golden, preds, run_bleu, run_llm_judge)} in memory: the full results dict. */
    public ObjectNode evaluate(List<? extends JsonNode> golden, List<? extends JsonNode> preds, boolean runBleu,
                               boolean runJudge) {
        Rows g = Rows.of(golden);
        Rows p = Rows.of(preds);
        // FIXES.md §B.2 (order-dependent pairing): fixed evaluate_convqa pairs by video_path itself.
        Pairing pairing = variant.isFixed()
                ? Pairing.pairToGolden(g, p, "ConvQA", ConvQaScorer::compact, warn)
                : Pairing.positional(g.count(), p.count());
        try (PerRow.Memory rows = PerRow.memory()) {
            ObjectNode head = evaluate(g, p, pairing, rows, runBleu, runJudge, false, new int[2]);
            head.set("per_row", rows.rows());
            return head;
        }
    }

    /** {@code _run_convqa}: BLEU always, the judge when one was given; writes results and summary. */
    public ScoreRun run(Path goldenPath, Path predsPath, Path output) {
        // Golden is read once for pairing, holding only its keys and where each line lies: a row is read
        // again when it is scored. Predictions likewise: their keys held for pairing, rows rebuilt from spans.
        Rows.FileIndex g = Rows.index(goldenPath, GOLDEN_KEY_FIELDS, GOLDEN_FIELDS);
        Rows scored = g.scored();
        Rows.FileIndex keys = Rows.index(predsPath, PRED_KEY_FIELDS, PRED_FIELDS); // read once, rebuilt when scored
        Rows p = keys.scored();
        int ng = g.count();
        int np = keys.count();
        Pairing pairing;
        if (variant.isReleased()) {
            // FIXES.md §B.2: released keys on (video_path, task), and only on a length mismatch.
            if (ng != np) {
                warn.accept("ConvQA golden has " + ng + " entries but predictions has " + np
                        + " — filtering to matched subset");
                pairing = Pairing.releasedFilter(g, keys, "ConvQA", ConvQaScorer::compact, warn);
                if (pairing.matched == 0) {
                    throw new PyValueError("ConvQA: zero predictions matched golden entries -- check that "
                            + "prediction file has correct video_path and task fields");
                }
            } else {
                pairing = Pairing.positional(ng, np);
            }
        } else {
            // FIXES.md §B.2: fixed pairs on video_path unconditionally.
            if (ng != np) {
                warn.accept("ConvQA golden has " + ng + " entries but predictions has " + np
                        + " — scoring the matched subset");
            }
            pairing = Pairing.fixedFilter(g, keys, "ConvQA", ConvQaScorer::compact, warn);
            if (pairing.matched == 0) {
                throw new PyValueError("ConvQA: zero predictions matched golden entries -- check that "
                        + "prediction file has a video_path on every row");
            }
        }
        Path dir = output.toAbsolutePath().getParent();
        int[] judgeStats = new int[2];
        try (PerRow.Spool rows = PerRow.spool(dir)) {
            ObjectNode head = evaluate(scored, p, pairing, rows, true, judge != null, true,
                    judgeStats);
            Path summary = rows.writeResults(output, head);
            return new ScoreRun(head, output, summary, judgeStats[0],
                    variant.isFixed() ? judgeStats[1] : -1);
        }
    }

    // The original's loops over the conversations, in the order they run: _run_convqa's turn-count
    // warnings, compute_bleu_scores, the judge loop, then _build_convqa_row (each over every conversation
    // before the next starts).
    private static final int WARN = 0;
    private static final int BLEU = 1;
    private static final int JUDGE = 2;
    private static final int ROWS = 3;

    /** judgeStats: [turns, unscored]. */
    private ObjectNode evaluate(Rows goldenRows, Rows predRows, Pairing pairing, PerRow perRow, boolean runBleu,
                                boolean runJudge, boolean warnTurnCounts, int[] judgeStats) {
        if (pairing.pairedGolden() != pairing.pairedPreds()) {
            throw new PyValueError("Golden (" + pairing.pairedGolden() + ") and predictions ("
                    + pairing.pairedPreds() + ") must have the same number of entries.");
        }
        if (runJudge && judge == null) {
            throw new IllegalStateException("run_llm_judge needs a JudgeReplySource");
        }
        Totals totals = new Totals();
        FirstError first = new FirstError();
        int[] index = new int[1];
        if (!runJudge) {
            // One pass: an error is the one the original meets first (FirstError). Rows are scored on a
            // second thread while the next ones are read.
            // BLEU has no side effects, so every other conversation's is computed on the reading thread, ahead
            // (the two threads then share the largest part of the work); its result or error is taken up
            // below in the original's order.
            int[] read = new int[1];
            pairing.forEachAsync(goldenRows, predRows, ConvQaScorer::compact,
                    (g, p) -> runBleu && read[0]++ % 2 == 0 ? Outcome.of(() -> bleuTurns(g, p)) : null,
                    (g, p, ahead) -> {
                        int i = index[0]++;
                        if (warnTurnCounts) {
                            first.run(WARN, () -> warnTurnCount(g, p, i));
                        }
                        double[] bleu = !runBleu ? null
                                : first.run(BLEU, ahead != null ? ahead::get : () -> bleuTurns(g, p));
                        first.run(ROWS, () -> addRow(g, p, i, bleu, null, totals, perRow));
                    });
        } else {
            // The judge is asked only once BLEU has been computed for every conversation: a BLEU error
            // anywhere means no request at all. Two passes, the BLEU scores held in between.
            List<double[]> bleuByRow = new ArrayList<>();
            pairing.forEach(goldenRows, predRows, ConvQaScorer::compact, (g, p) -> {
                int i = index[0]++;
                if (warnTurnCounts) {
                    first.run(WARN, () -> warnTurnCount(g, p, i));
                }
                bleuByRow.add(runBleu ? first.run(BLEU, () -> bleuTurns(g, p)) : null);
            });
            first.rethrow();
            index[0] = 0;
            pairing.forEach(goldenRows, predRows, ConvQaScorer::compact, (g, p) -> {
                int i = index[0]++;
                double[] judged = first.run(JUDGE, () -> judgeTurns(g, p, judgeStats));
                first.run(ROWS, () -> addRow(g, p, i, bleuByRow.get(i), judged, totals, perRow));
            });
        }
        first.rethrow();
        if (runJudge && variant.isFixed() && judgeStats[1] > 0) {
            // FIXES.md §B.3: fixed counts and warns about turns that fell back to 0.0 (_log_judge_failures).
            int unscored = judgeStats[1];
            int total = judgeStats[0];
            warn.accept("LLM judge: " + unscored + " of " + total + " turns ("
                    + PyFormat.fixed(total > 0 ? 100.0 * unscored / total : 0.0, 1) + "%) produced no usable score and were "
                    + "counted as 0.0. These are grading failures, not judge verdicts -- the reported llm_judge "
                    + "value is understated by that much.");
            warn.accept("  WARNING: " + unscored + "/" + total + " judge turns had no usable score (scored 0.0)");
        }
        ObjectNode head = F.objectNode();
        if (runBleu) {
            head.put("bleu", PyRound.round(totals.bleu[1] > 0 ? totals.bleu[0] / totals.bleu[1] : 0.0, 4));
        }
        if (runJudge) {
            head.put("llm_judge", PyRound.round(totals.judge[1] > 0 ? totals.judge[0] / totals.judge[1] : 0.0, 4));
        }
        head.put("total_conversations", index[0]);
        head.put("total_turns", totals.bleu[1] > 0 ? (long) totals.bleu[1] : (long) totals.judge[1]);
        TreeSet<String> cats = new TreeSet<>(PyStr.ORDER);
        cats.addAll(totals.catBleu.keySet());
        cats.addAll(totals.catJudge.keySet());
        if (!cats.isEmpty()) {
            ObjectNode cs = head.putObject("category_scores");
            for (String c : cats) {
                ObjectNode e = cs.putObject(c);
                double[] b = totals.catBleu.get(c);
                if (b != null) {
                    e.put("bleu", PyRound.round(b[1] > 0 ? b[0] / b[1] : 0.0, 4));
                }
                double[] jd = totals.catJudge.get(c);
                if (jd != null) {
                    e.put("llm_judge", PyRound.round(jd[1] > 0 ? jd[0] / jd[1] : 0.0, 4));
                }
            }
        }
        return head;
    }

    /** Sums (total, count) over all turns and per category. */
    private static final class Totals {
        final double[] bleu = new double[2];
        final double[] judge = new double[2];
        // Looked up per row; only their key sets are ordered (Python's order) when the summary is made.
        final Map<String, double[]> catBleu = new HashMap<>();
        final Map<String, double[]> catJudge = new HashMap<>();
    }

    /**
     * The error the original raises first. It runs each phase over every conversation before the next
     * phase; this runs them conversation by conversation, so a failure is remembered, not thrown: that
     * phase and later ones are skipped from then on, earlier phases still run for the conversations
     * that follow, and an earlier phase failing there wins.
     */
    private static final class FirstError {
        private int phase = Integer.MAX_VALUE;
        private PyException error;

        /** The step's result, or null when it was skipped or failed. */
        <T> T run(int step, Supplier<T> body) {
            if (step >= phase) {
                return null;
            }
            try {
                return body.get();
            } catch (PyException e) {
                phase = step;
                error = e;
                return null;
            }
        }

        void rethrow() {
            if (error != null) {
                throw error;
            }
        }
    }

    /** {@code p.get("answers", [])}. */
    private static JsonNode predAnswers(JsonNode p) {
        JsonNode a = PyJsonValue.get(p, "answers");
        return a != null ? a : EMPTY;
    }

    /** _run_convqa: {@code len(g.get("answers", [])) != len(p.get("answers", []))} warns. */
    private Boolean warnTurnCount(JsonNode g, JsonNode p, int i) {
        JsonNode ga = PyJsonValue.get(g, "answers");
        JsonNode pa = predAnswers(p);
        int gl = ga != null ? PyJsonValue.len(ga) : 0;
        int pl = PyJsonValue.len(pa);
        if (gl != pl) {
            warn.accept("Conversation " + i + " has " + gl + " gold turns but " + pl + " pred turns.");
        }
        return Boolean.TRUE;
    }

    /** compute_bleu_scores for one conversation: a score per gold turn (0.0 where no prediction). */
    private static double[] bleuTurns(JsonNode g, JsonNode p) {
        ArrayNode golds = PyJsonValue.iterate(PyJsonValue.item(g, "answers"));
        JsonNode preds = predAnswers(p);
        double[] out = new double[golds.size()];
        for (int j = 0; j < out.length; j++) {
            if (j < PyJsonValue.len(preds)) {
                String gold = PyJsonValue.requireStr(golds.get(j), "lower");
                out[j] = Bleu.turn(gold, PyJsonValue.requireStr(PyJsonValue.item(preds, j), "lower"));
            }
        }
        return out;
    }

    /** The vLLM judge loop for one conversation: a score per gold turn (0.0 for an empty prediction). */
    private double[] judgeTurns(JsonNode g, JsonNode p, int[] judgeStats) {
        JsonNode goldAnswers = PyJsonValue.item(g, "answers");
        JsonNode preds = predAnswers(p);
        JsonNode questions = PyJsonValue.item(g, "questions");
        ArrayNode golds = PyJsonValue.iterate(goldAnswers);
        double[] out = new double[golds.size()];
        judgeStats[0] += out.length;
        for (int j = 0; j < out.length; j++) {
            String question = j < PyJsonValue.len(questions) ? PyJsonValue.str(PyJsonValue.item(questions, j)) : "";
            String predAns = j < PyJsonValue.len(preds)
                    ? PyJsonValue.requireStr(PyJsonValue.item(preds, j), "strip") : "";
            if (!PyWhitespace.strip(predAns).isEmpty()) {
                out[j] = judgeTurn(question, PyJsonValue.str(golds.get(j)), predAns, judgeStats);
            }
        }
        return out;
    }

    /** _build_convqa_row, then its scores added to the totals. */
    private Boolean addRow(JsonNode g, JsonNode p, int i, double[] bleu, double[] judged, Totals totals,
                           PerRow perRow) {
        JsonNode category = PyJsonValue.get(g, "category");
        JsonNode task = PyJsonValue.get(g, "task");
        String cat = PyJsonValue.str(category != null ? category : task != null ? task : TextNode.valueOf(""));
        JsonNode video = PyJsonValue.get(g, "video_path");
        ObjectNode row = F.objectNode();
        row.put("index", i);
        row.set("video_path", video != null ? video : TextNode.valueOf(""));
        row.set("task", task != null ? task : TextNode.valueOf(""));
        row.put("category", cat);
        row.put("num_turns", PyJsonValue.len(PyJsonValue.item(g, "answers")));
        row.set("questions", PyJsonValue.item(g, "questions"));
        row.set("gold_answers", PyJsonValue.item(g, "answers"));
        row.set("pred_answers", predAnswers(p));
        if (bleu != null) {
            addTurns(row, "bleu_per_turn", "bleu_avg", bleu, true, totals.bleu,
                    totals.catBleu.computeIfAbsent(cat, k -> new double[2]));
        }
        if (judged != null) {
            addTurns(row, "llm_judge_per_turn", "llm_judge_avg", judged, false, totals.judge,
                    totals.catJudge.computeIfAbsent(cat, k -> new double[2]));
        }
        perRow.add(row);
        return Boolean.TRUE;
    }

    /**
     * A row's per-turn scores (BLEU's rounded to 4 places, the judge's as they are) and their mean; the
     * scores are added to the (sum, count) totals overall and of the row's category.
     */
    private static void addTurns(ObjectNode row, String perTurnKey, String avgKey, double[] scores, boolean round,
                                 double[] total, double[] category) {
        ArrayNode perTurn = row.putArray(perTurnKey);
        double sum = 0.0;
        for (double s : scores) {
            perTurn.add(round ? PyRound.round(s, 4) : s);
            sum += s;
            total[0] += s; // turn by turn, as Python's sum() adds the extended lists
            category[0] += s;
        }
        total[1] += scores.length;
        category[1] += scores.length;
        row.put(avgKey, PyRound.round(scores.length > 0 ? sum / scores.length : 0.0, 4));
    }

    /** One judged turn ({@code score_turn} of the vLLM loop). */
    private double judgeTurn(String question, String gold, String pred, int[] judgeStats) {
        JsonNode content;
        try {
            content = judge.reply(judgePrompt(question, gold, pred));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the judge", e);
        } catch (Exception e) {
            // Request failure or unexpected response shape: 0.0 in both variants; fixed also counts it.
            warn.accept("Judge request failed: " + e.getMessage());
            if (variant.isFixed()) {
                judgeStats[1]++;
            }
            return 0.0;
        }
        // FIXES.md §B.3: released takes the first float-like token (no bounds); fixed prefers a labelled
        // Score:, rejects values outside [0,1] and flags unparseable replies. The content is any JSON
        // value: released calls content.strip() at once; fixed returns "no score" for a falsy one first.
        if (variant.isReleased()) {
            return JudgeParse.released(PyJsonValue.requireStr(content, "strip"));
        }
        JudgeParse.Parsed parsed = PyTruth.truthy(content) ? JudgeParse.fixed(PyJsonValue.requireStr(content, "strip"))
                : new JudgeParse.Parsed(0.0, false);
        if (!parsed.parsed()) {
            judgeStats[1]++;
            // The warning shows text[:120], which raises for content that is neither a str nor a list.
            warn.accept("Unparseable judge reply, scoring 0.0: "
                    + PyJsonValue.repr(PyJsonValue.head(content, 120)));
        }
        return parsed.score();
    }
}
