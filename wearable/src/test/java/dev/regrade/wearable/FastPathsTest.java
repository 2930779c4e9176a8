package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regrade.pycompat.PyRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The scorers' fast paths agree exactly with the plain implementations they replace. */
class FastPathsTest {
    @Test
    void round4MatchesPyRoundBitForBit() {
        SplittableRandom r = new SplittableRandom(4);
        List<Double> xs = new ArrayList<>(List.of(0.0, -0.0, 1.0, 0.5, 0.00005, 0.00015, 0.00025, 0.12345, 0.99995,
                2.675, 1e6, 1e-320, Double.MIN_VALUE, -0.3, 0.30000000000000004, Double.NaN, 2e6));
        for (int k = 0; k <= 20_000; k++) {
            double tie = (k + 0.5) / 10000; // near-ties: the nearest double and its neighbours
            xs.add(tie);
            xs.add(Math.nextUp(tie));
            xs.add(Math.nextDown(tie));
            xs.add(k / 10000.0);
        }
        for (int i = 0; i < 300_000; i++) {
            xs.add(r.nextDouble());
            xs.add(r.nextInt(1, 40) / (double) r.nextInt(1, 40)); // BLEU-like ratios
        }
        for (double x : xs) {
            assertEquals(Double.doubleToRawLongBits(PyRound.round(x, 4)), Double.doubleToRawLongBits(Round4.round4(x)),
                    () -> "round(" + x + ", 4)");
        }
    }

    @Test
    void fourPlaceReprMatchesPythonRepr() {
        SplittableRandom r = new SplittableRandom(5);
        List<Double> xs = new ArrayList<>(List.of(0.0, -0.0, 1.0, 0.5, 0.0001, 0.001, 0.1, 1e6, 999999.9999, 3.25,
                0.1 + 0.2, 1e-5, Double.MIN_VALUE, -0.5, Double.NaN, Double.POSITIVE_INFINITY, 2e6));
        for (int k = 0; k <= 20_000; k++) {
            xs.add(k / 10000.0);
            xs.add(Math.nextUp(k / 10000.0));
        }
        for (int i = 0; i < 200_000; i++) {
            xs.add(Round4.round4(r.nextDouble() * (i % 2 == 0 ? 1 : 1e6)));
            xs.add(r.nextDouble());
        }
        int taken = 0;
        for (double x : xs) {
            String fast = PyJsonOut.fourPlaces(x);
            if (fast != null) {
                taken++;
                assertEquals(dev.regrade.pycompat.PyRepr.repr(x), fast, () -> "repr(" + x + ")");
            }
        }
        assertEquals(true, taken > 220_000, "the fast path was taken " + taken + " times");
    }

    @Test
    void clippedCountsMatchTheStringNgramCounts() {
        SplittableRandom r = new SplittableRandom(9);
        String[] vocab = {"the", "a", "cat", "sat", "on", "mat", "dog", "b", "c", "the cat"};
        for (int i = 0; i < 5_000; i++) {
            List<String> ref = words(r, vocab, r.nextInt(0, 20));
            List<String> hyp = words(r, vocab, r.nextInt(1, 20));
            int maxN = Math.min(4, hyp.size());
            long[] fast = Bleu.clipped(ref, hyp, maxN);
            for (int n = 1; n <= maxN; n++) {
                Map<String, Integer> rc = Bleu.ngrams(ref, n);
                long slow = 0;
                for (Map.Entry<String, Integer> e : Bleu.ngrams(hyp, n).entrySet()) {
                    slow += Math.min(e.getValue(), rc.getOrDefault(e.getKey(), 0));
                }
                assertEquals(slow, fast[n], ref + " / " + hyp + " n=" + n);
            }
        }
    }

    @Test
    void clippedCountsWithManyDistinctTokensFallBackToStrings() {
        List<String> ref = new ArrayList<>();
        List<String> hyp = new ArrayList<>();
        for (int i = 0; i < 70_000; i++) {
            ref.add("r" + i);
            hyp.add(i % 7 == 0 ? "r" + i : "h" + i);
        }
        assertEquals(10_000, Bleu.clipped(ref, hyp, 1)[1]);
    }

    private static List<String> words(SplittableRandom r, String[] vocab, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(vocab[r.nextInt(vocab.length)]);
        }
        return out;
    }
}
