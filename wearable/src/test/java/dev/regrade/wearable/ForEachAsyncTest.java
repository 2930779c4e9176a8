package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.wearable.io.Rows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link Pairing#forEachAsync}: the same calls in the same order as {@link Pairing#forEach}, on one
 * thread; a consumer failure at pair k stops consumption after pairs 0..k-1 and is the exception thrown;
 * a reading failure at row k is thrown after pairs 0..k-1 are handled, unless the consumer failed at an
 * earlier pair, whose exception wins; the row iterators are closed in every case.
 */
class ForEachAsyncTest {
    private static final int[] SIZES = {0, 1, 2, 63, 64, 65, 127, 128, 129, 500, 5_000};
    private static final UnaryOperator<JsonNode> COMPACT = g -> IntNode.valueOf(g.intValue() * 10);

    @Test
    void sameCallsInTheSameOrderAsForEach() {
        for (int n : SIZES) {
            for (int m : new int[] {n, n / 2, n + 3}) {
                Pairing plan = Pairing.positional(n, m);
                Counted golden = Counted.golden(n, -1);
                Counted preds = Counted.preds(m, -1);
                List<String> sync = new ArrayList<>();
                plan.forEach(golden, preds, COMPACT, (g, p) -> sync.add(g + "/" + p));
                List<String> async = Collections.synchronizedList(new ArrayList<>());
                Set<Thread> threads = Collections.synchronizedSet(new HashSet<>());
                plan.forEachAsync(golden, preds, COMPACT, (g, p) -> {
                    threads.add(Thread.currentThread());
                    async.add(g + "/" + p);
                });
                assertEquals(Math.min(n, m), sync.size());
                assertEquals(sync, async, "n=" + n + " m=" + m);
                assertTrue(threads.size() <= 1, "one scoring thread");
                assertEquals(0, golden.open.get() + preds.open.get(), "iterators closed");
            }
        }
    }

    /** The prepared value reaches score with its own pair, in order. */
    @Test
    void preparedValuesTravelWithTheirPairs() {
        for (int n : SIZES) {
            Pairing plan = Pairing.positional(n, n);
            List<String> prepared = Collections.synchronizedList(new ArrayList<>());
            List<String> scored = Collections.synchronizedList(new ArrayList<>());
            plan.forEachAsync(Counted.golden(n, -1), Counted.preds(n, -1), COMPACT, (g, p) -> {
                prepared.add(g + "/" + p);
                return g + "+" + p;
            }, (g, p, x) -> scored.add(g + "/" + p + "=" + x));
            List<String> want = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                want.add(i * 10 + "/\"p" + i + "\"=" + i * 10 + "+\"p" + i + "\"");
            }
            assertEquals(n, prepared.size());
            assertEquals(want, scored);
        }
    }

    @Test
    void aConsumerFailureStopsAfterThePairsBeforeItAndIsThrown() {
        for (int n : new int[] {1, 64, 65, 500, 5_000}) {
            for (int k : new int[] {0, 1, 63, 64, 65, 200, n - 1}) {
                if (k >= n) {
                    continue;
                }
                Counted golden = Counted.golden(n, -1);
                Counted preds = Counted.preds(n, -1);
                List<Integer> handled = Collections.synchronizedList(new ArrayList<>());
                RuntimeException boom = new IllegalStateException("pair " + k);
                RuntimeException thrown = assertThrows(RuntimeException.class, () ->
                        Pairing.positional(n, n).forEachAsync(golden, preds, COMPACT, (g, p) -> {
                            int i = g.intValue() / 10;
                            handled.add(i);
                            if (i == k) {
                                throw boom;
                            }
                        }));
                assertSame(boom, thrown, "n=" + n + " k=" + k);
                assertEquals(range(k + 1), handled, "pairs 0..k handled, none after k");
                assertEquals(0, golden.open.get() + preds.open.get(), "iterators closed");
            }
        }
    }

    @Test
    void anErrorFromTheConsumerIsThrownAsIs() {
        Error oops = new StackOverflowError("deep");
        Error thrown = assertThrows(Error.class, () -> Pairing.positional(100, 100).forEachAsync(Counted.golden(100, -1),
                Counted.preds(100, -1), COMPACT, (g, p) -> {
                    if (g.intValue() == 500) {
                        throw oops;
                    }
                }));
        assertSame(oops, thrown);
    }

    @Test
    void aReadingFailureIsThrownAfterThePairsBeforeIt() {
        for (int n : new int[] {1, 64, 65, 500, 5_000}) {
            for (int k : new int[] {0, 1, 63, 64, 65, 200, n - 1}) {
                if (k >= n) {
                    continue;
                }
                for (boolean inGolden : new boolean[] {true, false}) {
                    Counted golden = Counted.golden(n, inGolden ? k : -1);
                    Counted preds = Counted.preds(n, inGolden ? -1 : k);
                    List<Integer> handled = Collections.synchronizedList(new ArrayList<>());
                    RuntimeException thrown = assertThrows(RuntimeException.class, () ->
                            Pairing.positional(n, n).forEachAsync(golden, preds, COMPACT,
                                    (g, p) -> handled.add(g.intValue() / 10)));
                    assertEquals("bad row " + k, thrown.getMessage());
                    assertEquals(range(k), handled, "pairs before the bad row all handled");
                    assertEquals(0, golden.open.get() + preds.open.get(), "iterators closed");
                }
            }
        }
    }

    @Test
    void aConsumerFailureAtAnEarlierPairWinsOverALaterReadingFailure() {
        for (int n : new int[] {64, 500, 5_000}) {
            for (int[] jk : new int[][] {{0, 1}, {0, n - 1}, {62, 63}, {63, 64}, {10, 200}, {n - 2, n - 1}}) {
                int j = jk[0];
                int k = jk[1];
                if (k >= n) {
                    continue;
                }
                List<Integer> handled = Collections.synchronizedList(new ArrayList<>());
                RuntimeException boom = new IllegalArgumentException("pair " + j);
                RuntimeException thrown = assertThrows(RuntimeException.class, () ->
                        Pairing.positional(n, n).forEachAsync(Counted.golden(n, -1), Counted.preds(n, k), COMPACT, (g, p) -> {
                            int i = g.intValue() / 10;
                            handled.add(i);
                            if (i == j) {
                                throw boom;
                            }
                        }));
                assertSame(boom, thrown, "n=" + n + " j=" + j + " k=" + k);
                assertEquals(range(j + 1), handled);
            }
        }
    }

    /** prepare runs on the reading thread: its failure at pair k is a reading failure. */
    @Test
    void aPrepareFailureIsThrownAfterThePairsBeforeIt() {
        for (int n : new int[] {1, 64, 65, 500}) {
            for (int k : new int[] {0, 63, 64, n - 1}) {
                if (k >= n) {
                    continue;
                }
                List<Integer> handled = Collections.synchronizedList(new ArrayList<>());
                RuntimeException boom = new ArithmeticException("prepare " + k);
                RuntimeException thrown = assertThrows(RuntimeException.class, () ->
                        Pairing.positional(n, n).forEachAsync(Counted.golden(n, -1), Counted.preds(n, -1), COMPACT,
                                (g, p) -> {
                                    if (g.intValue() / 10 == k) {
                                        throw boom;
                                    }
                                    return g.intValue() / 10;
                                }, (g, p, x) -> handled.add(x)));
                assertSame(boom, thrown);
                assertEquals(range(k), handled);
            }
        }
    }

    private static List<Integer> range(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /**
     * Rows 0..n-1 in memory (golden: ints; predictions: "p0", "p1", ...), failing when row {@code bad} is
     * read; counts the passes open.
     */
    private static final class Counted implements Rows {
        final int n;
        final int bad;
        final AtomicInteger open = new AtomicInteger();
        private final boolean texts;

        private Counted(int n, int bad, boolean texts) {
            this.n = n;
            this.bad = bad;
            this.texts = texts;
        }

        static Counted golden(int n, int bad) {
            return new Counted(n, bad, false);
        }

        static Counted preds(int n, int bad) {
            return new Counted(n, bad, true);
        }

        @Override
        public RowIterator open() {
            open.incrementAndGet();
            return new RowIterator() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < n;
                }

                @Override
                public JsonNode next() {
                    if (next == bad) {
                        throw new IllegalStateException("bad row " + bad);
                    }
                    int i = next++;
                    return texts ? TextNode.valueOf("p" + i) : IntNode.valueOf(i);
                }

                @Override
                public void close() {
                    open.decrementAndGet();
                }
            };
        }
    }
}
