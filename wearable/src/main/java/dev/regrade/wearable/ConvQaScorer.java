package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.pycompat.PyFormat;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * EgoConv (ConvQA) scoring: per-turn BLEU and the optional LLM judge ({@code evaluate_convqa},
 * {@code _run_convqa}, the vLLM judge loop), released or fixed.
 */
public final class ConvQaScorer {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ArrayNode EMPTY = F.arrayNode();

    /** The fields the scorer reads: golden rows, prediction rows, and predictions while pairing. */
    private static final Set<String> GOLDEN_FIELDS = Set.of("video_path", "task", "category", "questions", "answers");
    private static final Set<String> PRED_FIELDS = Set.of("video_path", "answers");
    private static final Set<String> PRED_KEY_FIELDS = Set.of("video_path", "task", "mcq_answer");

    private final Variant variant;
    private final Consumer<String> warn;
    private final JudgeReplySource judge;

    /**
     * @param judge the LLM judge, or null to score BLEU only (the CLI default, {@code --no-llm-judge})
     */
    public ConvQaScorer(Variant variant, Consumer<String> warnings, JudgeReplySource judge) {
        this.variant = Objects.requireNonNull(variant);
        this.warn = Objects.requireNonNull(warnings);
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

    static ObjectNode compact(ObjectNode g) {
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
        Pairing pairing = variant == Variant.FIXED
                ? Pairing.pairToGolden(g, p, "ConvQA", ConvQaScorer::compact, warn)
                : Pairing.positional(g.count(), p.count());
        try (PerRow.Memory rows = PerRow.memory()) {
            ObjectNode head = evaluate(g, p, pairing, rows, runBleu, runJudge, false, new int[2]);
            head.set("per_row", rows.rows);
            return head;
        }
    }

    /** {@code _run_convqa}: BLEU always, the judge when one was given; writes results and summary. */
    public ScoreRun run(Path goldenPath, Path predsPath, Path output) {
        // Golden is read once and held compacted; predictions are streamed, their keys held for pairing.
        Rows g = Rows.loaded(goldenPath, GOLDEN_FIELDS, ConvQaScorer::compact);
        Rows keys = Rows.loaded(Rows.of(predsPath, PRED_KEY_FIELDS), UnaryOperator.identity());
        Rows p = Rows.of(predsPath, PRED_FIELDS);
        int ng = g.count();
        int np = keys.count();
        Pairing pairing;
        if (variant == Variant.RELEASED) {
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
            ObjectNode head = evaluate(g, p, pairing, rows, true, judge != null, true, judgeStats);
            Path summary = rows.writeResults(output, head);
            return new ScoreRun(head, output, summary, judgeStats[0],
                    variant == Variant.FIXED ? judgeStats[1] : -1);
        }
    }

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
        double[] bleuAll = new double[2]; // sum, count
        double[] judgeAll = new double[2];
        Map<String, double[]> catBleu = new TreeMap<>(PyStr.ORDER);
        Map<String, double[]> catJudge = new TreeMap<>(PyStr.ORDER);
        int[] index = new int[1];
        pairing.forEach(goldenRows, predRows, ConvQaScorer::compact, (g, p) -> {
            int i = index[0]++;
            JsonNode goldAnswers = require(g, "answers");
            JsonNode predAnswers = p.has("answers") ? p.get("answers") : EMPTY;
            if (warnTurnCounts) {
                int gl = g.has("answers") ? PyJsonValue.len(g.get("answers")) : 0;
                int pl = p.has("answers") ? PyJsonValue.len(p.get("answers")) : 0;
                if (gl != pl) {
                    warn.accept("Conversation " + i + " has " + gl + " gold turns but " + pl + " pred turns.");
                }
            }
            int nGold = PyJsonValue.len(goldAnswers);
            int nPred = PyJsonValue.len(predAnswers);
            String category = g.has("category") ? PyJsonValue.str(g.get("category"))
                    : g.has("task") ? PyJsonValue.str(g.get("task")) : "";
            ObjectNode row = F.objectNode();
            row.put("index", i);
            row.set("video_path", g.has("video_path") ? g.get("video_path") : TextNode.valueOf(""));
            row.set("task", g.has("task") ? g.get("task") : TextNode.valueOf(""));
            row.put("category", category);
            row.put("num_turns", nGold);
            row.set("questions", require(g, "questions"));
            row.set("gold_answers", goldAnswers);
            row.set("pred_answers", predAnswers);
            if (runBleu) {
                ArrayNode perTurn = row.putArray("bleu_per_turn");
                double sum = 0.0;
                double[] cat = catBleu.computeIfAbsent(category, k -> new double[2]);
                for (int j = 0; j < nGold; j++) {
                    String gold = PyJsonValue.requireStr(goldAnswers.get(j), "lower");
                    double s = j < nPred ? Bleu.turn(gold, PyJsonValue.requireStr(predAnswers.get(j), "lower")) : 0.0;
                    perTurn.add(PyRound.round(s, 4));
                    sum += s;
                    bleuAll[0] += s;
                    bleuAll[1]++;
                    cat[0] += s;
                    cat[1]++;
                }
                row.put("bleu_avg", PyRound.round(nGold > 0 ? sum / nGold : 0.0, 4));
            }
            if (runJudge) {
                JsonNode questions = require(g, "questions");
                int nq = PyJsonValue.len(questions);
                ArrayNode perTurn = row.putArray("llm_judge_per_turn");
                double sum = 0.0;
                double[] cat = catJudge.computeIfAbsent(category, k -> new double[2]);
                for (int j = 0; j < nGold; j++) {
                    String question = j < nq ? PyJsonValue.str(questions.get(j)) : "";
                    String goldAns = PyJsonValue.str(goldAnswers.get(j));
                    String predAns = j < nPred ? PyJsonValue.requireStr(predAnswers.get(j), "strip") : "";
                    double s = PyWhitespace.strip(predAns).isEmpty() ? 0.0
                            : judgeTurn(question, goldAns, predAns, i, j, judgeStats);
                    perTurn.add(s);
                    sum += s;
                    judgeAll[0] += s;
                    judgeAll[1]++;
                    cat[0] += s;
                    cat[1]++;
                }
                judgeStats[0] += nGold;
                row.put("llm_judge_avg", PyRound.round(nGold > 0 ? sum / nGold : 0.0, 4));
            }
            perRow.add(row);
        });
        if (runJudge && variant == Variant.FIXED && judgeStats[1] > 0) {
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
            head.put("bleu", PyRound.round(bleuAll[1] > 0 ? bleuAll[0] / bleuAll[1] : 0.0, 4));
        }
        if (runJudge) {
            head.put("llm_judge", PyRound.round(judgeAll[1] > 0 ? judgeAll[0] / judgeAll[1] : 0.0, 4));
        }
        head.put("total_conversations", index[0]);
        head.put("total_turns", bleuAll[1] > 0 ? (long) bleuAll[1] : (long) judgeAll[1]);
        TreeSet<String> cats = new TreeSet<>(PyStr.ORDER);
        cats.addAll(catBleu.keySet());
        cats.addAll(catJudge.keySet());
        if (!cats.isEmpty()) {
            ObjectNode cs = head.putObject("category_scores");
            for (String c : cats) {
                ObjectNode e = cs.putObject(c);
                double[] b = catBleu.get(c);
                if (b != null) {
                    e.put("bleu", PyRound.round(b[1] > 0 ? b[0] / b[1] : 0.0, 4));
                }
                double[] jd = catJudge.get(c);
                if (jd != null) {
                    e.put("llm_judge", PyRound.round(jd[1] > 0 ? jd[0] / jd[1] : 0.0, 4));
                }
            }
        }
        return head;
    }

    /** One judged turn ({@code score_turn} of the vLLM loop). */
    private double judgeTurn(String question, String gold, String pred, int conv, int turn, int[] judgeStats) {
        String text;
        try {
            text = judge.reply(judgePrompt(question, gold, pred));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the judge", e);
        } catch (Exception e) {
            // Request failure or unexpected response shape: 0.0 in both variants; fixed also counts it.
            warn.accept("Judge request failed: " + e.getMessage());
            if (variant == Variant.FIXED) {
                judgeStats[1]++;
            }
            return 0.0;
        }
        // FIXES.md §B.3: released takes the first float-like token (no bounds); fixed prefers a labelled
        // Score:, rejects values outside [0,1] and flags unparseable replies.
        if (variant == Variant.RELEASED) {
            return JudgeParse.released(text);
        }
        JudgeParse.Parsed parsed = JudgeParse.fixed(text);
        if (!parsed.parsed()) {
            judgeStats[1]++;
            String shown = text == null ? "None" : dev.regrade.pycompat.PyRepr.repr(
                    text.length() > 120 ? text.substring(0, 120) : text);
            warn.accept("Unparseable judge reply, scoring 0.0: " + shown);
        }
        return parsed.score();
    }

    private static JsonNode require(ObjectNode g, String key) {
        JsonNode n = g.get(key);
        if (n == null) {
            throw PyKeyError.forKey(key);
        }
        return n;
    }
}
