package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The BLEU fast path agrees exactly with the plain n-gram counts it replaces (round and repr: pycompat). */
class FastPathsTest {
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
