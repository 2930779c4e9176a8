package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BinaryNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Rows;
import dev.regrade.wearable.io.Utf8Sink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/** EgoProactive interrupt/silent scoring ({@code score_proactive}, {@code _run_proactive}), released or fixed. */
public final class ProactiveScorer extends RowScorer {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String TAGS = "__gold_tags__";
    /** A prediction row's answers as their parsed tags (see {@link #compactPredFromBytes}). */
    private static final String PRED_TAGS = "__pred_tags__";
    /** The fields the scorer reads: golden rows, prediction rows, and predictions while pairing. */
    private static final Set<String> GOLDEN_FIELDS = Set.of("video_path", "task", "answers");
    /** The golden fields built as they are (answers are read as their tags). */
    private static final Set<String> GOLDEN_KEYS = Set.of("video_path", "task");
    /** The fields of a compacted golden row. */
    private static final Set<String> HELD_FIELDS = Set.of("video_path", "task", TAGS);
    private static final Set<String> PRED_FIELDS = Set.of("video_path", "answers");
    private static final Set<String> PRED_KEY_FIELDS = Set.of("video_path");

    public ProactiveScorer(Variant variant, Consumer<String> warnings) {
        super(variant, warnings);
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
     * A per_row entry: {@code {index, video_path, task, num_chunks, tags}}, each tag one of the six
     * {gold, pred} pairs by its code ({@link #tagCode}).
     */
    record Row(int index, JsonNode videoPath, String task, int numChunks, byte[] tags, int tagCount)
            implements PerRow.Entry {
        private static final String TASK = PerRow.key("task", false);
        private static final String NUM_CHUNKS = PerRow.key("num_chunks", false);
        private static final String TAGS_KEY = PerRow.key("tags", false);
        private static final String TAGS_END = PerRow.indent(3) + "]" + PerRow.indent(2) + "}";
        /** Each tag's text as an item of the tags list: [0][code] the first item, [1][code] a later one. */
        private static final byte[][][] TAG_TEXT = new byte[2][6][];

        static {
            for (int code = 0; code < 6; code++) {
                StringBuilder sb = new StringBuilder();
                PyJson.dump(tag(code < 3, code % 3), PerRow.INDENT_2, 4, sb);
                String item = PerRow.indent(4) + sb;
                TAG_TEXT[0][code] = item.getBytes(StandardCharsets.US_ASCII);
                TAG_TEXT[1][code] = ("," + item).getBytes(StandardCharsets.US_ASCII);
            }
        }

        @Override
        public ObjectNode node() {
            ObjectNode row = PerRow.startNode(index, videoPath);
            row.put("task", task);
            row.put("num_chunks", numChunks);
            ArrayNode t = row.putArray("tags");
            for (int k = 0; k < tagCount; k++) {
                t.add(tag(tags[k] < 3, tags[k] % 3));
            }
            return row;
        }

        @Override
        public void writeTo(Utf8Sink out) throws IOException {
            PerRow.writeStart(out, index, videoPath);
            out.appendAscii(TASK);
            PyJson.dumpString(task, true, out);
            out.appendAscii(NUM_CHUNKS);
            out.appendInt(numChunks);
            out.appendAscii(TAGS_KEY);
            if (tagCount == 0) {
                out.appendAscii("[]" + PerRow.indent(2) + "}");
                return;
            }
            out.appendAscii("[");
            for (int k = 0; k < tagCount; k++) {
                out.appendAscii(TAG_TEXT[k == 0 ? 0 : 1][tags[k]]);
            }
            out.appendAscii(TAGS_END);
        }
    }

    /** A tag's code: gold interrupt 0-2, gold silent 3-5, plus what is shown (0 interrupt, 1 silent, 2 unanswered). */
    static int tagCode(boolean gold, int shown) {
        return (gold ? 0 : 3) + shown;
    }

    /** A per_row tag entry; shown: 0 interrupt, 1 silent, 2 "(unanswered)". */
    private static ObjectNode tag(boolean gold, int shown) {
        ObjectNode tag = F.objectNode();
        tag.put("gold", gold ? "interrupt" : "silent");
        tag.put("pred", shown == 0 ? "interrupt" : shown == 1 ? "silent" : "(unanswered)");
        return tag;
    }

    /**
     * Golden row reduced to video_path, task and the parsed gold tags (a byte each, 1 = interrupt), when its answers
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
        byte[] tags = new byte[answers.size()]; // 1 interrupt, 0 silent; bytes: a million chunks at 100×
        for (int j = 0; j < tags.length; j++) {
            tags[j] = (byte) (parseTag(answers.get(j).textValue()).equals("interrupt") ? 1 : 0);
        }
        return compacted(o, tags);
    }

    /** The compacted golden row: video_path and task when {@code o} has them, and the tags. */
    private static ObjectNode compacted(ObjectNode o, byte[] tags) {
        ObjectNode c = F.objectNode();
        if (o.has("video_path")) {
            c.set("video_path", o.get("video_path"));
        }
        if (o.has("task")) {
            c.set("task", o.get("task"));
        }
        c.set(TAGS, BinaryNode.valueOf(tags));
        return c;
    }

    /**
     * {@link #compact} of a golden row from the bytes of its answers, a list the scanner checked, when each
     * answer is a string whose tag shows in its bytes (no escape before the tag is decided); else null.
     */
    static JsonNode compactFromBytes(JsonNode built, byte[] b, int start, int end) {
        if (start < 0 || b[start] != '[' || !(built instanceof ObjectNode o)) {
            return null;
        }
        TagBytes tags = new TagBytes();
        if (!Rows.strings(b, start, end, tags)) {
            return null;
        }
        return compacted(o, java.util.Arrays.copyOf(tags.tags, tags.count));
    }

    /**
     * A prediction row with its answers replaced by their tags (a byte each, 1 = interrupt), read from the
     * bytes of the answers, a list the scanner checked, when each is a string whose tag shows in its bytes;
     * else null (the row is then built with its answers, which are parsed as the original parses them).
     */
    static JsonNode compactPredFromBytes(JsonNode built, byte[] b, int start, int end) {
        if (b[start] != '[' || !(built instanceof ObjectNode o)) {
            return null;
        }
        TagBytes tags = new TagBytes();
        if (!Rows.strings(b, start, end, tags)) {
            return null;
        }
        o.set(PRED_TAGS, BinaryNode.valueOf(java.util.Arrays.copyOf(tags.tags, tags.count)));
        return o;
    }

    /** parse_tag of answers from their bytes (1 interrupt, 0 silent): golden ones as {@link #compact} keeps them, and predictions. */
    private static final class TagBytes implements Rows.StringItem {
        private static final byte[] INTERRUPT = "$interrupt$".getBytes(StandardCharsets.US_ASCII);
        byte[] tags = new byte[16];
        int count;

        @Override
        public boolean take(byte[] b, int from, int to) {
            int i = from;
            while (i < to && b[i] == ' ') { // the only white space a JSON string holds unescaped in ASCII
                i++;
            }
            byte tag = 1;
            for (int k = 0; k < INTERRUPT.length; k++, i++) {
                if (i >= to) {
                    tag = 0;
                    break;
                }
                if (b[i] == '\\') {
                    return false; // an escape: only the decoded text can say
                }
                if (b[i] != INTERRUPT[k]) {
                    tag = 0;
                    break;
                }
            }
            if (count == tags.length) {
                tags = java.util.Arrays.copyOf(tags, count * 2);
            }
            tags[count++] = tag;
            return true;
        }
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
            head.set("per_row", rows.rows());
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
                Rows golden = Rows.loaded(goldenPath, GOLDEN_KEYS, "answers", ProactiveScorer::compactFromBytes,
                        ProactiveScorer::compact, HELD_FIELDS);
                Rows.FileIndex predKeys = Rows.index(predsPath, PRED_KEY_FIELDS, PRED_FIELDS); // read once

                head = score(golden, predKeys, predKeys.scored("answers", ProactiveScorer::compactPredFromBytes), rows);
            } catch (PyException e) {
                if (!e.pythonType().equals("ValueError")) {
                    throw e;
                }
                throw new PyValueError("Proactive evaluation failed: " + e.getMessage());
            }
            Path summary = rows.writeResults(output, head);
            return new ScoreRun(head, output, summary, 0, variant.isFixed() ? 0 : -1);
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
        if (variant.isFixed()) {
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
        long[] total = new long[4]; // tp fp tn fn
        Map<String, long[]> perTask = new HashMap<>(); // looked up per row; put in Python's order at the end
        long[] skipped = new long[3]; // released skipped, fixed unanswered, fixed extra
        int[] index = new int[1];
        // Rows are scored on a second thread while the next ones are read (in order, as one pass would).
        pairing.forEachAsync(golden, preds, ProactiveScorer::compact, (g, p) -> {
            int i = index[0]++;
            // _score_proactive_session, in its order of operations: a compacted golden row has its tags
            // parsed; a raw one is read as the original reads it (g["answers"], then each answer).
            JsonNode goldTagNode = g.get(TAGS);
            byte[] goldTags = goldTagNode != null ? ((BinaryNode) goldTagNode).binaryValue() : null;
            JsonNode goldAnswers = goldTags == null ? PyJsonValue.item(g, "answers") : null;
            JsonNode predTagNode = p.get(PRED_TAGS);
            byte[] predTags = predTagNode != null ? ((BinaryNode) predTagNode).binaryValue() : null;
            JsonNode predValue = predTags == null ? PyJsonValue.get(p, "answers") : null;
            JsonNode predAnswers = predValue != null ? predValue : F.arrayNode();
            String task = g.has("task") ? PyJsonValue.str(g.get("task")) : "unknown";
            int nGold = goldTags != null ? goldTags.length : PyJsonValue.len(goldAnswers);
            int nPred = predTags != null ? predTags.length : PyJsonValue.len(predAnswers);
            // Released indexes the gold answers (gold_answers[j]); fixed iterates them (enumerate).
            JsonNode goldIterated = goldTags == null && variant.isFixed()
                    ? PyJsonValue.iterate(goldAnswers) : null;
            String vpShown = g.has("video_path") ? PyJsonValue.str(g.get("video_path")) : "?";
            long[] counts = new long[4];
            int scored;
            if (variant.isReleased()) {
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
            byte[] rowTags = new byte[scored];
            for (int j = 0; j < scored; j++) {
                boolean gold = goldTags != null ? goldTags[j] != 0
                        : isInterrupt(goldIterated != null ? goldIterated.get(j) : PyJsonValue.item(goldAnswers, j));
                boolean pred;
                int shown; // 0 interrupt, 1 silent, 2 (unanswered)
                if (j < nPred) {
                    pred = predTags != null ? predTags[j] != 0 : isInterrupt(PyJsonValue.item(predAnswers, j));
                    shown = pred ? 0 : 1;
                } else {
                    pred = !gold;
                    shown = 2;
                }
                rowTags[j] = (byte) tagCode(gold, shown);
                counts[gold ? (pred ? 0 : 3) : (pred ? 1 : 2)]++;
            }
            long[] t = perTask.computeIfAbsent(task, k -> new long[4]);
            for (int k = 0; k < 4; k++) {
                total[k] += counts[k];
                t[k] += counts[k];
            }
            Row row = new Row(i, g.has("video_path") ? g.get("video_path") : TextNode.valueOf(""), task, nGold,
                    rowTags, scored);
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
        if (variant.isReleased()) {
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
