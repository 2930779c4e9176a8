package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyTruth;
import dev.regrade.pycompat.PyValueError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * How predictions meet golden rows. A plan is either positional (golden and predictions streamed side
 * by side, Python's {@code zip}) or keyed: for each prediction, in prediction order, the golden row it
 * was matched to (or none: dropped). Keyed plans hold only the compacted golden rows and one int per
 * prediction.
 */
final class Pairing {
    final boolean positional;
    final int goldenCount;
    final int predCount;
    private final List<JsonNode> golden;
    private final int[] goldenOfPred;
    final int matched;

    private Pairing(boolean positional, int goldenCount, int predCount, List<JsonNode> golden, int[] goldenOfPred,
                    int matched) {
        this.positional = positional;
        this.goldenCount = goldenCount;
        this.predCount = predCount;
        this.golden = golden;
        this.goldenOfPred = goldenOfPred;
        this.matched = matched;
    }

    /** Pairs after pairing: (golden, prediction) counts as the scorer sees them. */
    int pairedGolden() {
        return positional ? goldenCount : matched;
    }

    int pairedPreds() {
        return positional ? predCount : matched;
    }

    static Pairing positional(int goldenCount, int predCount) {
        return new Pairing(true, goldenCount, predCount, null, null, 0);
    }

    /**
     * RELEASED {@code _filter_subset}: composite key {@code (video_path, question)} for LongQA, or
     * {@code (video_path, task)} when the task name lower-cases to "convqa"; first golden row wins a
     * repeated key; predictions with video_path None are dropped; a repeated prediction key is dropped.
     * Keys compare as Python's do ({@link PyJsonValue#hashKey}); a list or dict in one raises TypeError.
     */
    static Pairing releasedFilter(Rows goldenRows, Rows preds, String task, UnaryOperator<JsonNode> compact,
                                  Consumer<String> warn) {
        String keyField = PyStr.lower(task).equals("convqa") ? "task" : "question";
        List<JsonNode> golden = new ArrayList<>();
        Map<List<Object>, Integer> byKey = new HashMap<>();
        int goldenCount = 0;
        try (Rows.RowIterator it = goldenRows.open()) {
            while (it.hasNext()) {
                JsonNode g = it.next();
                goldenCount++;
                JsonNode vp = PyJsonValue.get(g, "video_path");
                JsonNode kf = PyJsonValue.get(g, keyField);
                List<Object> k = List.of(PyJsonValue.hashKey(vp), PyJsonValue.hashKey(kf));
                if (byKey.containsKey(k)) {
                    warn.accept(task + ": duplicate golden key " + tuple(vp, kf)
                            + " — keeping first, skipping duplicate");
                    continue;
                }
                byKey.put(k, golden.size());
                golden.add(compact.apply(g));
            }
        }
        IntList plan = new IntList();
        Set<List<Object>> seen = new HashSet<>();
        int matched = 0;
        try (Rows.RowIterator it = preds.open()) {
            while (it.hasNext()) {
                JsonNode p = it.next();
                JsonNode vp = PyJsonValue.get(p, "video_path");
                if (vp == null || vp.isNull()) {
                    warn.accept(task + ": prediction missing video_path — skipping: {'" + keyField + "': "
                            + PyJsonValue.repr(p.get(keyField)) + ", 'mcq_answer': "
                            + PyJsonValue.repr(p.get("mcq_answer")) + "}");
                    plan.add(-1);
                    continue;
                }
                JsonNode kf = p.get(keyField);
                List<Object> k = List.of(PyJsonValue.hashKey(vp), PyJsonValue.hashKey(kf));
                if (!seen.add(k)) {
                    warn.accept(task + ": duplicate prediction key " + tuple(vp, kf)
                            + " — keeping first, skipping duplicate");
                    plan.add(-1);
                    continue;
                }
                Integer gi = byKey.get(k);
                plan.add(gi == null ? -1 : gi);
                if (gi != null) {
                    matched++;
                }
            }
        }
        matchWarnings(task, matched, goldenCount, warn);
        return new Pairing(false, goldenCount, plan.size, golden, plan.toArray(), matched);
    }

    /**
     * FIXED {@code _filter_subset}: key on video_path alone. A golden row without one, or two golden rows
     * sharing one, raises ValueError; predictions with no (falsy) video_path, a repeated one, or one not
     * in golden are dropped with a warning. No positional fallback. Ids compare as Python's do
     * ({@link PyJsonValue#hashKey}); a list or dict id raises TypeError.
     */
    static Pairing fixedFilter(Rows goldenRows, Rows preds, String task, UnaryOperator<JsonNode> compact,
                               Consumer<String> warn) {
        List<JsonNode> golden = new ArrayList<>();
        Map<Object, Integer> byId = new HashMap<>();
        int i = 0;
        try (Rows.RowIterator it = goldenRows.open()) {
            while (it.hasNext()) {
                JsonNode g = it.next();
                JsonNode vp = PyJsonValue.get(g, "video_path");
                if (!PyTruth.truthy(vp)) {
                    throw new PyValueError(task + ": golden row " + i + " has no video_path. Predictions are "
                            + "paired to golden by video_path, so every golden row needs one.");
                }
                Object k = PyJsonValue.hashKey(vp);
                if (byId.containsKey(k)) {
                    throw new PyValueError(task + ": golden contains more than one row with video_path "
                            + PyJsonValue.repr(vp) + ". Predictions are paired to golden by video_path, so it must be unique "
                            + "within golden.");
                }
                byId.put(k, golden.size());
                golden.add(compact.apply(g));
                i++;
            }
        }
        IntList plan = new IntList();
        Set<Object> seen = new HashSet<>();
        int matched = 0;
        try (Rows.RowIterator it = preds.open()) {
            while (it.hasNext()) {
                JsonNode p = it.next();
                JsonNode vp = PyJsonValue.get(p, "video_path");
                if (!PyTruth.truthy(vp)) {
                    warn.accept(task + ": prediction missing video_path — skipping");
                    plan.add(-1);
                    continue;
                }
                Object k = PyJsonValue.hashKey(vp);
                if (!seen.add(k)) {
                    warn.accept(task + ": duplicate prediction video_path " + PyJsonValue.str(vp)
                            + " — keeping first, skipping duplicate");
                    plan.add(-1);
                    continue;
                }
                Integer gi = byId.get(k);
                if (gi == null) {
                    warn.accept(task + ": prediction video_path " + PyJsonValue.str(vp) + " not in golden — skipping");
                    plan.add(-1);
                    continue;
                }
                plan.add(gi);
                matched++;
            }
        }
        matchWarnings(task, matched, golden.size(), warn);
        return new Pairing(false, golden.size(), plan.size, golden, plan.toArray(), matched);
    }

    /**
     * FIXED {@code _pair_to_golden}: no predictions, or none carrying a truthy video_path, keeps positional
     * pairing; a mixed batch warns; otherwise {@link #fixedFilter}.
     */
    static Pairing pairToGolden(Rows goldenRows, Rows preds, String task, UnaryOperator<JsonNode> compact,
                                Consumer<String> warn) {
        int n = 0;
        int withId = 0;
        try (Rows.RowIterator it = preds.open()) {
            while (it.hasNext()) {
                n++;
                if (PyTruth.truthy(PyJsonValue.get(it.next(), "video_path"))) {
                    withId++;
                }
            }
        }
        if (n == 0 || withId == 0) {
            return positional(goldenRows.count(), n);
        }
        if (withId != n) {
            warn.accept(task + ": only " + withId + " of " + n + " predictions have a video_path — pairing by "
                    + "video_path; rows without one are dropped");
        }
        return fixedFilter(goldenRows, preds, task, compact, warn);
    }

    private static void matchWarnings(String task, int matched, int goldenCount, Consumer<String> warn) {
        if (matched == 0) {
            warn.accept(task + ": zero predictions matched golden entries — evaluation will be empty");
        } else if (matched * 2L < goldenCount) {
            warn.accept(task + ": only " + matched + "/" + goldenCount + " predictions matched golden entries (< 50%) — "
                    + "check that predictions are from the correct dataset");
        }
    }

    /** Streams the (golden, prediction) pairs in order: zip for a positional plan, prediction order otherwise. */
    void forEach(Rows goldenRows, Rows preds, UnaryOperator<JsonNode> compact, BiConsumer<JsonNode, JsonNode> pair) {
        if (positional) {
            try (Rows.RowIterator g = goldenRows.open(); Rows.RowIterator p = preds.open()) {
                while (g.hasNext() && p.hasNext()) {
                    pair.accept(compact.apply(g.next()), p.next());
                }
            }
            return;
        }
        int i = 0;
        try (Rows.RowIterator p = preds.open()) {
            while (p.hasNext()) {
                JsonNode row = p.next();
                int gi = goldenOfPred[i++];
                if (gi >= 0) {
                    pair.accept(golden.get(gi), row);
                }
            }
        }
    }

    /** A 2-tuple as Python's %s shows it. */
    private static String tuple(JsonNode a, JsonNode b) {
        return "(" + PyJsonValue.repr(a) + ", " + PyJsonValue.repr(b) + ")";
    }

    /** A growable int array. */
    private static final class IntList {
        int[] a = new int[64];
        int size;

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
