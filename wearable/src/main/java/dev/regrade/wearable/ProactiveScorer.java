package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.HashMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/** EgoProactive interrupt/silent scoring ({@code score_proactive}, {@code _run_proactive}), released or fixed. */
public final class ProactiveScorer {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String TAGS = "__gold_tags__";
    /** The fields the scorer reads: golden rows, prediction rows, and predictions while pairing. */
    private static final Set<String> GOLDEN_FIELDS = Set.of("video_path", "task", "answers");
    private static final Set<String> PRED_FIELDS = Set.of("video_path", "answers");
    private static final Set<String> PRED_KEY_FIELDS = Set.of("video_path");

    private final Variant variant;
    private final Consumer<String> warn;

    public ProactiveScorer(Variant variant, Consumer<String> warnings) {
        this.variant = Objects.requireNonNull(variant);
        this.warn = Objects.requireNonNull(warnings);
    }

    /** {@code parse_tag}: "interrupt" when the answer starts (after leading white space) with {@code $interrupt$}, else "silent". */
    public static String parseTag(String response) {
        return PyWhitespace.lstrip(response).startsWith("$interrupt$") ? "interrupt" : "silent";
    }

    /** {@code binary_metrics(tp, fp, tn, fn)}: interrupt is the positive class; values rounded to 4 places. */
    public static ObjectNode binaryMetrics(long tp, long fp, long tn, long fn) {
        double intP = tp + fp > 0 ? (double) tp / (tp + fp) : 0.0;
        double intR = tp + fn > 0 ? (double) tp / (tp + fn) : 0.0;
        double intF1 = intP + intR > 0 ? 2 * intP * intR / (intP + intR) : 0.0;
        double silP = tn + fn > 0 ? (double) tn / (tn + fn) : 0.0;
        double silR = tn + fp > 0 ? (double) tn / (tn + fp) : 0.0;
        double silF1 = silP + silR > 0 ? 2 * silP * silR / (silP + silR) : 0.0;
        double macro = (intF1 + silF1) / 2;
        double gmean = Math.sqrt(intF1 * silF1);
        ObjectNode m = F.objectNode();
        m.put("macro_f1", PyRound.round(macro, 4));
        m.put("gmean_f1", PyRound.round(gmean, 4));
        m.put("interrupt_precision", PyRound.round(intP, 4));
        m.put("interrupt_recall", PyRound.round(intR, 4));
        m.put("interrupt_f1", PyRound.round(intF1, 4));
        m.put("silent_precision", PyRound.round(silP, 4));
        m.put("silent_recall", PyRound.round(silR, 4));
        m.put("silent_f1", PyRound.round(silF1, 4));
        m.put("tp", tp);
        m.put("fp", fp);
        m.put("tn", tn);
        m.put("fn", fn);
        m.put("support", tp + fp + tn + fn);
        return m;
    }

    /**
     * The six possible per_row tag entries ({gold, pred}), for rows that are only written out: each
     * remembers its text in the results file's format, at the level tags sit, so that a million of them
     * cost one rendering each.
     */
    private static final ObjectNode[] SHARED_TAGS = {new SharedTag(true, 0), new SharedTag(true, 1),
        new SharedTag(true, 2), new SharedTag(false, 0), new SharedTag(false, 1), new SharedTag(false, 2)};

    /** A shared tag entry that gives its rendering in {@link PerRow#INDENT_2}. */
    private static final class SharedTag extends ObjectNode implements PyJson.Rendered {
        private final Map<Integer, String> byLevel = new java.util.concurrent.ConcurrentHashMap<>();

        SharedTag(boolean gold, int shown) {
            super(F);
            setAll(tag(gold, shown));
        }

        @Override
        public String rendering(PyJson.Format format, int level) {
            if (format != PerRow.INDENT_2) {
                return null;
            }
            return byLevel.computeIfAbsent(level, l -> {
                StringBuilder sb = new StringBuilder();
                PyJson.dump(deepCopy(), format, l, sb);
                return sb.toString();
            });
        }
    }

    /** A per_row tag entry; shown: 0 interrupt, 1 silent, 2 "(unanswered)". */
    private static ObjectNode tag(boolean gold, int shown) {
        ObjectNode tag = F.objectNode();
        tag.put("gold", gold ? "interrupt" : "silent");
        tag.put("pred", shown == 0 ? "interrupt" : shown == 1 ? "silent" : "(unanswered)");
        return tag;
    }

    /**
     * Golden row reduced to video_path, task and the parsed gold tags (true = interrupt), when its answers
     * are a list of str; any other row as it is (scored raw, as the original scores it).
     */
    static JsonNode compact(JsonNode g) {
        if (!(g instanceof ObjectNode o) || o.has(TAGS)) {
            return g;
        }
        JsonNode answers = o.get("answers");
        if (answers == null || !answers.isArray()) {
            return g;
        }
        for (JsonNode a : answers) {
            if (!a.isTextual()) {
                return g;
            }
        }
        ObjectNode c = F.objectNode();
        if (o.has("video_path")) {
            c.set("video_path", o.get("video_path"));
        }
        if (o.has("task")) {
            c.set("task", o.get("task"));
        }
        ArrayNode tags = c.putArray(TAGS);
        for (JsonNode a : answers) {
            tags.add(parseTag(a.textValue()).equals("interrupt"));
        }
        return c;
    }

    /** {@code parse_tag(answer) == "interrupt"} for an answer as loaded (AttributeError unless a str). */
    private static boolean isInterrupt(JsonNode answer) {
        return parseTag(PyJsonValue.requireStr(answer, "lstrip")).equals("interrupt");
    }

    /** {@code score_proactive(golden, preds)} in memory: the full results dict. */
    public ObjectNode score(List<? extends JsonNode> golden, List<? extends JsonNode> preds) {
        try (PerRow.Memory rows = PerRow.memory()) {
            Rows p = Rows.of(preds);
            ObjectNode head = score(Rows.of(golden), p, p, rows);
            head.set("per_row", rows.rows);
            return head;
        }
    }

    /**
     * {@code _run_proactive}: scores the files and writes results and summary. Where the original logs
     * "Proactive evaluation failed: ..." and exits 1, this throws a {@link PyException} with that message.
     */
    public ScoreRun run(Path goldenPath, Path predsPath, Path output) {
        Path dir = output.toAbsolutePath().getParent();
        try (PerRow.Spool rows = PerRow.spool(dir)) {
            ObjectNode head;
            try {
                // Golden is read once and held compacted (ids, tasks, tags); predictions are read once,
                // their ids held for pairing and their rows rebuilt from the file when scored.
                Rows golden = Rows.loaded(goldenPath, GOLDEN_FIELDS, ProactiveScorer::compact);
                IndexedRows predKeys = Rows.index(predsPath, PRED_KEY_FIELDS, PRED_FIELDS); // read once
                head = score(golden, predKeys, predKeys.scored(), rows);
            } catch (PyException e) {
                if (!e.pythonType().equals("ValueError")) {
                    throw e;
                }
                throw new PyValueError("Proactive evaluation failed: " + e.getMessage());
            }
            Path summary = rows.writeResults(output, head);
            return new ScoreRun(head, output, summary, 0, variant == Variant.FIXED ? 0 : -1);
        }
    }

    /** predKeys: the prediction rows as pairing needs them (video_path); preds: as scoring needs them. */
    private ObjectNode score(Rows golden, Rows predKeys, Rows preds, PerRow perRow) {
        int ng = golden.count();
        int np = predKeys.count();
        if (ng != np) {
            throw new PyValueError("golden has " + ng + " entries but predictions has " + np);
        }
        Pairing pairing;
        if (variant == Variant.FIXED) {
            // FIXES.md §B.2 (order-dependent pairing): fixed pairs by video_path after the count check, and a
            // right count with unknown/duplicate ids is an error.
            pairing = Pairing.pairToGolden(golden, predKeys, "Proactive", ProactiveScorer::compact, warn);
            if (pairing.pairedPreds() != np) {
                throw new PyValueError(np + " predictions supplied but only " + pairing.pairedPreds()
                        + " have a video_path present in golden -- check the prediction file covers exactly the "
                        + "golden sessions");
            }
        } else {
            pairing = Pairing.positional(ng, np);
        }
        // Rows written straight to a file never leave this class, so their tag entries can be shared.
        boolean shareTags = perRow instanceof PerRow.Spool;
        long[] total = new long[4]; // tp fp tn fn
        Map<String, long[]> perTask = new HashMap<>(); // looked up per row; put in Python's order at the end
        long[] skipped = new long[3]; // released skipped, fixed unanswered, fixed extra
        int[] index = new int[1];
        // Rows are scored on a second thread while the next ones are read (in order, as one pass would).
        pairing.forEachAsync(golden, preds, ProactiveScorer::compact, (g, p) -> {
            int i = index[0]++;
            // _score_proactive_session, in its order of operations: a compacted golden row has its tags
            // parsed; a raw one is read as the original reads it (g["answers"], then each answer).
            JsonNode goldTags = g.get(TAGS);
            JsonNode goldAnswers = goldTags == null ? PyJsonValue.item(g, "answers") : null;
            JsonNode predValue = PyJsonValue.get(p, "answers");
            JsonNode predAnswers = predValue != null ? predValue : F.arrayNode();
            String task = g.has("task") ? PyJsonValue.str(g.get("task")) : "unknown";
            int nGold = goldTags != null ? goldTags.size() : PyJsonValue.len(goldAnswers);
            int nPred = PyJsonValue.len(predAnswers);
            // Released indexes the gold answers (gold_answers[j]); fixed iterates them (enumerate).
            JsonNode goldIterated = goldTags == null && variant == Variant.FIXED
                    ? PyJsonValue.iterate(goldAnswers) : null;
            String vpShown = g.has("video_path") ? PyJsonValue.str(g.get("video_path")) : "?";
            long[] counts = new long[4];
            ArrayNode rowTags = F.arrayNode();
            int scored;
            if (variant == Variant.RELEASED) {
                // FIXES.md §B.1 (unanswered chunks): released scores only the first min(gold, pred) chunks.
                if (nGold != nPred) {
                    warn.accept("Session " + i + " (" + vpShown + ") has " + nGold + " gold chunks but " + nPred
                            + " pred chunks; scoring on the first min(gold,pred) chunks.");
                }
                scored = Math.min(nGold, nPred);
                skipped[0] += Math.abs(nGold - nPred);
            } else {
                // FIXES.md §B.1: fixed scores every gold chunk; an unanswered one counts against its gold label.
                int unanswered = Math.max(0, nGold - nPred);
                int extra = Math.max(0, nPred - nGold);
                if (unanswered > 0) {
                    warn.accept("Session " + i + " (" + vpShown + ") has " + nGold + " gold chunks but only " + nPred
                            + " pred chunks; the " + unanswered + " unanswered chunk(s) are scored as incorrect.");
                } else if (extra > 0) {
                    warn.accept("Session " + i + " (" + vpShown + ") has " + nGold + " gold chunks but " + nPred
                            + " pred chunks; ignoring the " + extra + " extra prediction chunk(s).");
                }
                skipped[1] += unanswered;
                skipped[2] += extra;
                scored = nGold;
            }
            for (int j = 0; j < scored; j++) {
                boolean gold = goldTags != null ? goldTags.get(j).booleanValue()
                        : isInterrupt(goldIterated != null ? goldIterated.get(j) : PyJsonValue.item(goldAnswers, j));
                boolean pred;
                int shown; // 0 interrupt, 1 silent, 2 (unanswered)
                if (j < nPred) {
                    pred = isInterrupt(PyJsonValue.item(predAnswers, j));
                    shown = pred ? 0 : 1;
                } else {
                    pred = !gold;
                    shown = 2;
                }
                rowTags.add(shareTags ? SHARED_TAGS[(gold ? 0 : 3) + shown] : tag(gold, shown));
                counts[gold ? (pred ? 0 : 3) : (pred ? 1 : 2)]++;
            }
            long[] t = perTask.computeIfAbsent(task, k -> new long[4]);
            for (int k = 0; k < 4; k++) {
                total[k] += counts[k];
                t[k] += counts[k];
            }
            ObjectNode row = F.objectNode();
            row.put("index", i);
            row.set("video_path", g.has("video_path") ? g.get("video_path") : TextNode.valueOf(""));
            row.put("task", task);
            row.put("num_chunks", nGold);
            row.set("tags", rowTags);
            perRow.add(row);
        });
        ObjectNode head = F.objectNode();
        head.set("overall", binaryMetrics(total[0], total[1], total[2], total[3]));
        ObjectNode pt = head.putObject("per_task");
        for (Map.Entry<String, long[]> e : sorted(perTask).entrySet()) {
            long[] c = e.getValue();
            pt.set(e.getKey(), binaryMetrics(c[0], c[1], c[2], c[3]));
        }
        head.put("total_sessions", index[0]);
        if (variant == Variant.RELEASED) {
            head.put("skipped_chunks", skipped[0]);
        } else {
            head.put("unanswered_chunks", skipped[1]);
            head.put("extra_pred_chunks", skipped[2]);
        }
        return head;
    }

    /** The entries in Python's order of their keys (code points). */
    private static <V> Map<String, V> sorted(Map<String, V> m) {
        Map<String, V> t = new TreeMap<>(PyStr.ORDER);
        t.putAll(m);
        return t;
    }
}
