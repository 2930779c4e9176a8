package dev.regrade.wearable;

import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The starter kit's self-contained sentence BLEU (max order 4, add-one smoothing at every order); same in both variants. */
public final class Bleu {
    /** Token ids are packed 16 bits each into one long per n-gram (n at most 4). */
    private static final int MAX_IDS = 1 << 16;

    private Bleu() {
    }

    /** {@code _ngrams(tokens, n)}: n-gram counts (an n-gram is its tokens joined by a space, which no token contains). */
    public static Map<String, Integer> ngrams(List<String> tokens, int n) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            counts.merge(String.join(" ", tokens.subList(i, i + n)), 1, Integer::sum);
        }
        return counts;
    }

    /** {@code _sentence_bleu(reference, hypothesis)}. */
    public static double sentence(List<String> reference, List<String> hypothesis) {
        if (hypothesis.isEmpty()) {
            return 0.0;
        }
        int h = hypothesis.size();
        int r = reference.size();
        double bp = h < r ? StrictMath.exp(1 - (double) r / h) : 1.0;
        int effectiveN = Math.min(4, h);
        double weight = 1.0 / effectiveN;
        long[] clipped = clipped(reference, hypothesis, effectiveN);
        double logBleu = 0.0;
        for (int n = 1; n <= effectiveN; n++) {
            int total = h - n + 1;
            double precision = total > 0 ? (double) (clipped[n] + 1) / (total + 1) : 1e-7;
            logBleu += weight * StrictMath.log(precision);
        }
        return bp * StrictMath.exp(logBleu);
    }

    /**
     * For n = 1..maxN, the sum over the distinct hypothesis n-grams of min(hypothesis count, reference
     * count). Tokens become small ints and n-grams packed longs, counted by sorting (no string keys);
     * with 65,536 or more distinct tokens in one turn, counted with {@link #ngrams}.
     */
    static long[] clipped(List<String> reference, List<String> hypothesis, int maxN) {
        Map<String, Integer> ids = new HashMap<>();
        int[] ref = ids(reference, ids);
        int[] hyp = ids(hypothesis, ids);
        long[] out = new long[maxN + 1];
        for (int n = 1; n <= maxN; n++) {
            if (ids.size() >= MAX_IDS) {
                Map<String, Integer> rc = ngrams(reference, n);
                for (Map.Entry<String, Integer> e : ngrams(hypothesis, n).entrySet()) {
                    out[n] += Math.min(e.getValue(), rc.getOrDefault(e.getKey(), 0));
                }
                continue;
            }
            long[] hk = keys(hyp, n);
            long[] rk = keys(ref, n);
            int j = 0;
            for (int i = 0; i < hk.length; ) {
                long k = hk[i];
                int ch = 0;
                while (i < hk.length && hk[i] == k) {
                    ch++;
                    i++;
                }
                while (j < rk.length && rk[j] < k) {
                    j++;
                }
                int cr = 0;
                while (j < rk.length && rk[j] == k) {
                    cr++;
                    j++;
                }
                out[n] += Math.min(ch, cr);
            }
        }
        return out;
    }

    private static int[] ids(List<String> tokens, Map<String, Integer> ids) {
        int[] out = new int[tokens.size()];
        for (int i = 0; i < out.length; i++) {
            String t = tokens.get(i);
            Integer id = ids.get(t);
            if (id == null) {
                id = ids.size();
                ids.put(t, id);
            }
            out[i] = id;
        }
        return out;
    }

    /** The sorted packed n-grams of a token-id sequence. */
    private static long[] keys(int[] tokens, int n) {
        int count = Math.max(0, tokens.length - n + 1);
        long[] k = new long[count];
        for (int i = 0; i < count; i++) {
            long key = 0;
            for (int j = 0; j < n; j++) {
                key = (key << 16) | tokens[i + j];
            }
            k[i] = key;
        }
        Arrays.sort(k);
        return k;
    }

    /** One turn of {@code compute_bleu_scores}: lower-case, split on white space, BLEU (0.0 for no hypothesis tokens). */
    public static double turn(String gold, String pred) {
        List<String> hyp = PyWhitespace.split(PyStr.lower(pred));
        return hyp.isEmpty() ? 0.0 : sentence(PyWhitespace.split(PyStr.lower(gold)), hyp);
    }
}
