package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyRe;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Rows;
import dev.regrade.wearable.io.Utf8Sink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** EgoLongQA multiple-choice accuracy ({@code evaluate_longqa}, {@code _run_longqa}), released or fixed. */
public final class LongQaScorer extends RowScorer {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int CI = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern LETTER_PUNCT = Pattern.compile("^([A-Da-d])" + PyRe.SPACE + "*[.:)]");
    private static final Pattern PAREN = Pattern.compile("^\\(([A-Da-d])\\)");
    private static final Pattern OPTION = Pattern.compile(
            "^(?:option|answer)" + PyRe.SPACE + "*[:.]?" + PyRe.SPACE + "*([A-Da-d])(?!" + PyRe.WORD + ")", CI);
    private static final Pattern IS_AT_END = Pattern.compile("(?<!" + PyRe.WORD + ")(?:is|answer)" + PyRe.SPACE
            + "*[:.]?" + PyRe.SPACE + "*([A-Da-d])" + PyRe.SPACE + "*\\.?" + PyRe.SPACE + "*\\z", CI);
    private static final Pattern STANDALONE = Pattern.compile("(?<!" + PyRe.WORD + ")([A-Da-d])(?!" + PyRe.WORD + ")");

    /** The fields the scorer reads from golden rows and from prediction rows (pairing included). */
    private static final Set<String> GOLDEN_FIELDS = Set.of("video_path", "question", "mcq_answer", "category");
    private static final Set<String> PRED_FIELDS = Set.of("video_path", "question", "mcq_answer");
    /** What pairing reads of golden rows: released's composite key, fixed's id. */
    private static final Set<String> RELEASED_KEYS = Set.of("video_path", "question");
    private static final Set<String> FIXED_KEYS = Set.of("video_path");

    public LongQaScorer(Variant variant, Consumer<String> warnings) {
        super(variant, warnings);
    }

    /** {@code normalize_answer} (identical in both variants): the letter A-D a free-text answer names, or "". */
    public static String normalizeAnswer(String raw) {
        raw = PyWhitespace.strip(raw);
        if (raw.isEmpty()) {
            return "";
        }
        String upper = PyStr.upper(raw);
        if (upper.equals("A") || upper.equals("B") || upper.equals("C") || upper.equals("D")) {
            return upper;
        }
        Matcher m = LETTER_PUNCT.matcher(raw);
        if (m.lookingAt()) {
            return PyStr.upper(m.group(1));
        }
        m = PAREN.matcher(raw);
        if (m.lookingAt()) {
            return PyStr.upper(m.group(1));
        }
        m = OPTION.matcher(raw);
        if (m.lookingAt()) {
            return PyStr.upper(m.group(1));
        }
        m = IS_AT_END.matcher(raw);
        if (m.find()) {
            return PyStr.upper(m.group(1));
        }
        m = STANDALONE.matcher(raw);
        if (m.find()) {
            return PyStr.upper(m.group(1));
        }
        int first = upper.codePointAt(0);
        return first >= 'A' && first <= 'D' ? String.valueOf((char) first) : "";
    }

    /** The golden fields scoring and per_row need (presence preserved); a row that is not an object as it is. */
    static JsonNode compact(JsonNode g) {
        if (!g.isObject() || onlyGoldenFields(g)) {
            return g; // a row read with those fields only (their order does not matter to scoring)
        }
        ObjectNode c = F.objectNode();
        for (String k : new String[] {"video_path", "question", "mcq_answer", "category"}) {
            if (g.has(k)) {
                c.set(k, g.get(k));
            }
        }
        return c;
    }

    private static boolean onlyGoldenFields(JsonNode g) {
        for (Iterator<String> it = g.fieldNames(); it.hasNext(); ) {
            if (!GOLDEN_FIELDS.contains(it.next())) {
                return false;
            }
        }
        return true;
    }

    /** {@code evaluate_longqa(golden, preds)} on rows in memory: the full results dict, per_row included. */
    public ObjectNode evaluate(List<? extends JsonNode> golden, List<? extends JsonNode> preds) {
        Rows g = Rows.of(golden);
        Rows p = Rows.of(preds);
        try (PerRow.Memory rows = PerRow.memory()) {
            ObjectNode head = evaluate(g, p, pairForEvaluate(g, p), rows);
            head.set("per_row", rows.rows());
            return head;
        }
    }

    private Pairing pairForEvaluate(Rows g, Rows p) {
        // FIXES.md §B.2 (order-dependent pairing): fixed evaluate_longqa pairs by video_path itself (_pair_to_golden);
        // released pairs by position.
        return variant.isFixed()
                ? Pairing.pairToGolden(g, p, "LongQA", LongQaScorer::compact, warn)
                : Pairing.positional(g.count(), p.count());
    }

    /** {@code _run_longqa}: scores the files and writes {@code output} and its {@code _summary} file. */
    public ScoreRun run(Path goldenPath, Path predsPath, Path output) {
        // Each file is read holding only what pairing reads (fixed's id; released's composite key, whose
        // warnings show all three prediction fields) and where the scored fields lie: a row is built again
        // when it is scored, so fewer objects live through the collections.
        Rows.FileIndex g;
        Rows.FileIndex p;
        if (variant.isReleased()) {
            // Released pairs by position unless the counts differ, so its composite keys (the questions: most
            // of what would be held) are read only then, in a second pass over each file.
            g = Rows.index(goldenPath, Set.of(), GOLDEN_FIELDS);
            p = Rows.index(predsPath, Set.of(), PRED_FIELDS);
            if (g.count() != p.count()) {
                g = Rows.index(goldenPath, RELEASED_KEYS, GOLDEN_FIELDS);
                p = Rows.index(predsPath, PRED_FIELDS, PRED_FIELDS);
            }
        } else {
            g = Rows.index(goldenPath, FIXED_KEYS, GOLDEN_FIELDS);
            p = Rows.index(predsPath, FIXED_KEYS, PRED_FIELDS);
        }
        int ng = g.count();
        int np = p.count();
        Pairing pairing;
        if (variant.isReleased()) {
            // FIXES.md §B.2: released runs the (video_path, question) matcher only on a length mismatch.
            if (ng != np) {
                warn.accept("LongQA golden has " + ng + " entries but predictions has " + np
                        + " — filtering to matched subset");
                pairing = Pairing.releasedFilter(g, p, "LongQA", LongQaScorer::compact, warn);
                if (pairing.matched == 0) {
                    throw new PyValueError("LongQA: zero predictions matched golden entries -- check that "
                            + "prediction file has correct video_path and question fields");
                }
            } else {
                pairing = Pairing.positional(ng, np);
            }
        } else {
            // FIXES.md §B.2: fixed pairs by video_path unconditionally (then evaluate_longqa's own
            // _pair_to_golden re-pairs the already-paired rows, which changes nothing).
            if (ng != np) {
                warn.accept("LongQA golden has " + ng + " entries but predictions has " + np
                        + " — scoring the matched subset");
            }
            pairing = Pairing.fixedFilter(g, p, "LongQA", LongQaScorer::compact, warn);
            if (pairing.matched == 0) {
                throw new PyValueError("LongQA: zero predictions matched golden entries -- check that "
                        + "prediction file has a video_path on every row");
            }
        }
        Path dir = output.toAbsolutePath().getParent();
        try (PerRow.Spool rows = PerRow.spool(dir)) {
            ObjectNode head = evaluate(g.scored(), p.scored(), pairing, rows);
            Path summary = rows.writeResults(output, head);
            return new ScoreRun(head, output, summary, 0, variant.isFixed() ? 0 : -1);
        }
    }

    /**
     * One pair scored: its per_row entry {@code {index, video_path, question, gold_answer, pred_raw,
     * pred_parsed, correct, category}}, and the category as the accuracy table keys it.
     */
    record Scored(int index, JsonNode videoPath, JsonNode question, String goldAnswer, String predRaw,
                          String predAnswer, boolean correct, JsonNode category, String categoryKey)
            implements PerRow.Entry {
        private static final String QUESTION = PerRow.key("question", false);
        private static final String GOLD_ANSWER = PerRow.key("gold_answer", false);
        private static final String PRED_RAW = PerRow.key("pred_raw", false);
        private static final String PRED_PARSED = PerRow.key("pred_parsed", false);
        private static final String CORRECT = PerRow.key("correct", false);
        private static final String CATEGORY = PerRow.key("category", false);
        private static final String END = PerRow.indent(2) + "}";

        @Override
        public ObjectNode node() {
            ObjectNode row = PerRow.startNode(index, videoPath);
            row.set("question", question);
            row.put("gold_answer", goldAnswer);
            row.put("pred_raw", predRaw);
            row.put("pred_parsed", predAnswer);
            row.put("correct", correct);
            row.set("category", category);
            return row;
        }

        @Override
        public void writeTo(Utf8Sink out) throws IOException {
            PerRow.writeStart(out, index, videoPath);
            out.appendAscii(QUESTION);
            PyJson.dump(question, PerRow.INDENT_2, 3, out);
            out.appendAscii(GOLD_ANSWER);
            PyJson.dumpString(goldAnswer, true, out);
            out.appendAscii(PRED_RAW);
            PyJson.dumpString(predRaw, true, out);
            out.appendAscii(PRED_PARSED);
            PyJson.dumpString(predAnswer, true, out);
            out.appendAscii(CORRECT);
            out.appendAscii(correct ? "true" : "false");
            out.appendAscii(CATEGORY);
            PyJson.dump(category, PerRow.INDENT_2, 3, out);
            out.appendAscii(END);
        }
    }

    /** evaluate_longqa's loop body for the pair at {@code index}, in the original's order of operations. */
    private static Scored score(JsonNode g, JsonNode p, int index) {
        String goldAnswer = PyStr.upper(PyWhitespace.strip(PyJsonValue.str(PyJsonValue.item(g, "mcq_answer"))));
        JsonNode predValue = PyJsonValue.get(p, "mcq_answer");
        String predRaw = predValue != null ? PyJsonValue.str(predValue) : "";
        String predAnswer = normalizeAnswer(predRaw);
        boolean correct = predAnswer.equals(goldAnswer);
        JsonNode category = g.has("category") ? g.get("category") : TextNode.valueOf("");
        return new Scored(index, g.has("video_path") ? g.get("video_path") : TextNode.valueOf(""),
                g.has("question") ? g.get("question") : TextNode.valueOf(""), goldAnswer, predRaw, predAnswer,
                correct, category, PyJsonValue.str(category));
    }

    private ObjectNode evaluate(Rows goldenRows, Rows predRows, Pairing pairing, PerRow perRow) {
        if (pairing.pairedGolden() != pairing.pairedPreds()) {
            throw new PyValueError("Golden (" + pairing.pairedGolden() + ") and predictions ("
                    + pairing.pairedPreds() + ") must have the same number of entries.");
        }
        int[] counts = new int[2]; // index, correct
        Map<String, int[]> cats = new HashMap<>(); // looked up per row; put in Python's order at the end
        // A row's scoring and its per_row entry are made on the reading thread, ahead (they depend on the
        // pair and its index only, and an error is taken up in order); the second thread writes the rows
        // and adds up the counts.
        int[] made = new int[1];
        pairing.forEachAsync(goldenRows, predRows, LongQaScorer::compact,
                (g, p) -> Outcome.of(() -> score(g, p, made[0]++)),
                (g, p, outcome) -> {
                    Scored s = outcome.get();
                    counts[0]++;
                    if (s.correct()) {
                        counts[1]++;
                    }
                    perRow.add(s);
                    int[] c = cats.computeIfAbsent(s.categoryKey(), k -> new int[2]);
                    c[1]++;
                    if (s.correct()) {
                        c[0]++;
                    }
                });
        int total = counts[0];
        double accuracy = total > 0 ? (double) counts[1] / total : 0.0;
        ObjectNode catAcc = F.objectNode();
        Map<String, int[]> ordered = new TreeMap<>(PyStr.ORDER);
        ordered.putAll(cats);
        for (Map.Entry<String, int[]> e : ordered.entrySet()) {
            catAcc.put(e.getKey(), PyRound.round((double) e.getValue()[0] / e.getValue()[1], 4));
        }
        ObjectNode head = F.objectNode();
        head.put("accuracy", PyRound.round(accuracy, 4));
        head.put("correct", counts[1]);
        head.put("total", total);
        head.set("category_accuracy", catAcc);
        return head;
    }
}
