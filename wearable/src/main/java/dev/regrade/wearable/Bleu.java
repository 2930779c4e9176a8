package dev.regrade.wearable;

import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The starter kit's self-contained sentence BLEU (max order 4, add-one smoothing at every order); same in both variants. */
public final class Bleu {
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
        int effectiveN = Math.min(4, hypothesis.size());
        return score(reference.size(), hypothesis.size(), clipped(reference, hypothesis, effectiveN), effectiveN);
    }

    /**
     * For n = 1..maxN, the sum over the distinct hypothesis n-grams of min(hypothesis count, reference
     * count), with the string n-gram counts of {@link #ngrams} (the reference the fast path is tested against).
     */
    static long[] clipped(List<String> reference, List<String> hypothesis, int maxN) {
        long[] out = new long[maxN + 1];
        for (int n = 1; n <= maxN; n++) {
            Map<String, Integer> rc = ngrams(reference, n);
            for (Map.Entry<String, Integer> e : ngrams(hypothesis, n).entrySet()) {
                out[n] += Math.min(e.getValue(), rc.getOrDefault(e.getKey(), 0));
            }
        }
        return out;
    }

    /** {@code _sentence_bleu} from the clipped counts (same arithmetic, same order as {@link #sentence}). */
    private static double score(int r, int h, long[] clipped, int effectiveN) {
        double bp = h < r ? StrictMath.exp(1 - (double) r / h) : 1.0;
        double weight = 1.0 / effectiveN;
        double logBleu = 0.0;
        for (int n = 1; n <= effectiveN; n++) {
            int total = h - n + 1;
            double precision = total > 0 ? (double) (clipped[n] + 1) / (total + 1) : 1e-7;
            logBleu += weight * StrictMath.log(precision);
        }
        return bp * StrictMath.exp(logBleu);
    }

    /**
     * One turn of {@code compute_bleu_scores}: {@code gold.lower().split()} and {@code pred.lower().split()},
     * BLEU (0.0 for no hypothesis tokens). The words are never built as strings: they are ids from
     * {@link TokenIds}, which lower-cases char by char (a string with a char it cannot, such as capital
     * sigma, is lowered in full first).
     */
    public static double turn(String gold, String pred) {
        TokenIds t = TokenIds.local();
        t.reset();
        int h = t.add(pred, TokenIds.HYP);
        if (h < 0) {
            h = t.addLowered(PyStr.lower(pred), TokenIds.HYP);
        }
        if (h == 0) {
            return 0.0;
        }
        int r = t.add(gold, TokenIds.REF);
        if (r < 0) {
            r = t.addLowered(PyStr.lower(gold), TokenIds.REF);
        }
        int effectiveN = Math.min(4, h);
        if (t.distinct() >= TokenIds.MAX_IDS) {
            return sentence(PyWhitespace.split(PyStr.lower(gold)), PyWhitespace.split(PyStr.lower(pred)));
        }
        return score(r, h, t.clipped(effectiveN), effectiveN);
    }
}
