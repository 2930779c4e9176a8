package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyTruth;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.wearable.io.Rows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * How predictions meet golden rows. A plan is either positional (golden and predictions streamed side
 * by side, Python's {@code zip}) or keyed: for each prediction, in prediction order, the golden row it
 * was matched to (or none: dropped). Keyed plans hold one int per prediction and, per golden row kept,
 * its index in the {@link Rows.Indexed} rows it came from (the row is built again when it is scored), or the
 * compacted row itself for rows held in memory.
 */
final class Pairing {
    final boolean positional;
    final int goldenCount;
    final int predCount;
    private final Held golden;
    private final int[] goldenOfPred;
    final int matched;

    private Pairing(boolean positional, int goldenCount, int predCount, Held golden, int[] goldenOfPred,
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
        Held golden = new Held(goldenRows);
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
                golden.add(it, g, compact);
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
        Held golden = new Held(goldenRows);
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
                golden.add(it, g, compact);
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
        try (Rows.RowIterator p = preds.open(); Rows.Lookup lookup = golden.lookup()) {
            while (p.hasNext()) {
                JsonNode row = p.next();
                int gi = goldenOfPred[i++];
                if (gi >= 0) {
                    pair.accept(golden.get(gi, lookup, compact), row);
                }
            }
        }
    }

    /**
     * {@link #forEach} with {@code pair} run on one other thread, in the same order, so that reading and
     * parsing the rows overlap scoring them; returns when every pair is done. Side effects are those of
     * {@link #forEach}: the pairs before a failure are all handled, and the exception is the first in
     * pair order (one thrown by {@code pair} before one from reading a later row). With one processor
     * it is {@link #forEach} itself.
     */
    void forEachAsync(Rows goldenRows, Rows preds, UnaryOperator<JsonNode> compact, BiConsumer<JsonNode, JsonNode> pair) {
        forEachAsync(goldenRows, preds, compact, (g, p) -> null, (g, p, none) -> pair.accept(g, p));
    }

    /** What the scoring thread does with a pair and what was prepared for it on the reading thread. */
    interface Scored<T> {
        void accept(JsonNode golden, JsonNode prediction, T prepared);
    }

    /**
     * {@link #forEachAsync(Rows, Rows, UnaryOperator, BiConsumer)} with part of the work done on the reading
     * thread: {@code prepare} (which must have no side effects: it runs for every pair, in order, ahead of
     * {@code score}) gives each pair a value that {@code score} then receives with it.
     */
    <T> void forEachAsync(Rows goldenRows, Rows preds, UnaryOperator<JsonNode> compact,
                          BiFunction<JsonNode, JsonNode, T> prepare, Scored<T> score) {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            forEach(goldenRows, preds, compact, (g, p) -> score.accept(g, p, prepare.apply(g, p)));
            return;
        }
        @SuppressWarnings("unchecked")
        HandOff handOff = new HandOff((g, p, x) -> score.accept(g, p, (T) x));
        try {
            forEach(goldenRows, preds, compact, (g, p) -> handOff.add(g, p, prepare.apply(g, p)));
        } catch (HandOff.Stopped stopped) {
            // the consumer failed; its exception is rethrown below
        } catch (RuntimeException | Error e) {
            handOff.finish();
            throw e;
        }
        handOff.finish();
    }

    /** Pairs passed to a consumer thread in batches, through a bounded queue. */
    private static final class HandOff {
        private static final int BATCH = 64;
        private static final Object[] END = new Object[0];
        private final BlockingQueue<Object[]> queue = new ArrayBlockingQueue<>(8);
        private final Thread consumer;
        private volatile Throwable failure;
        private Object[] batch = new Object[BATCH * 3];
        private int n;

        /** Thrown into the reading loop to stop it once the consumer has failed. */
        static final class Stopped extends RuntimeException {
            Stopped() {
                super(null, null, false, false);
            }
        }

        HandOff(Scored<Object> pair) {
            consumer = new Thread(() -> {
                try {
                    for (Object[] b = take(); b != END; b = take()) {
                        if (failure == null) {
                            try {
                                for (int k = 0; k < b.length && b[k] != null; k += 3) {
                                    pair.accept((JsonNode) b[k], (JsonNode) b[k + 1], b[k + 2]);
                                }
                            } catch (Throwable t) {
                                failure = t; // then drain, so that the reader never blocks
                            }
                        }
                    }
                } catch (InterruptedException e) {
                    failure = e;
                }
            }, "regrade-score-rows");
            consumer.setDaemon(true);
            consumer.start();
        }

        private Object[] take() throws InterruptedException {
            return queue.take();
        }

        void add(JsonNode g, JsonNode p, Object prepared) {
            batch[n++] = g;
            batch[n++] = p;
            batch[n++] = prepared;
            if (n == batch.length) {
                flush();
            }
        }

        private void flush() {
            if (failure != null) {
                throw new Stopped();
            }
            put(batch);
            batch = new Object[BATCH * 3];
            n = 0;
        }

        private void put(Object[] b) {
            try {
                queue.put(b);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while scoring", e);
            }
        }

        /** Hands over what is left, waits for the consumer, and rethrows its failure. */
        void finish() {
            if (n > 0 && failure == null) {
                put(batch);
            }
            put(END);
            try {
                consumer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while scoring", e);
            }
            Throwable t = failure;
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error err) {
                throw err;
            }
            if (t != null) {
                throw new IllegalStateException(t);
            }
        }
    }

    /**
     * The golden rows a keyed plan keeps: for {@link Rows.Indexed} rows (a {@link Rows.FileIndex} or rows
     * held in memory), their index there (the row is built again when it is scored); for other rows, the
     * compacted row.
     */
    private static final class Held {
        /** Golden rows that can be built again by index (then only indexes are kept), else null. */
        private final Rows.Indexed source;
        private int[] index = new int[1024];
        private int size;
        private final List<JsonNode> rows = new ArrayList<>();

        Held(Rows goldenRows) {
            this.source = goldenRows instanceof Rows.Indexed ix ? ix : null;
        }

        int size() {
            return source != null ? size : rows.size();
        }

        /** Keeps the row {@code it} just returned. */
        void add(Rows.RowIterator it, JsonNode row, UnaryOperator<JsonNode> compact) {
            if (source == null) {
                rows.add(compact.apply(row));
                return;
            }
            if (size == index.length) {
                index = Arrays.copyOf(index, size * 2);
            }
            index[size++] = it.lastIndex();
        }

        /** A lookup of the golden rows when they are kept by index, else null. */
        Rows.Lookup lookup() {
            return source != null ? source.lookup() : null;
        }

        JsonNode get(int i, Rows.Lookup lookup, UnaryOperator<JsonNode> compact) {
            return source != null ? compact.apply(lookup.row(index[i])) : rows.get(i);
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
