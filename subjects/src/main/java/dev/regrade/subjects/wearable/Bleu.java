package dev.regrade.subjects.wearable;

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
        int h = hypothesis.size();
        int r = reference.size();
        double bp = h < r ? StrictMath.exp(1 - (double) r / h) : 1.0;
        int effectiveN = Math.min(4, h);
        double weight = 1.0 / effectiveN;
        double logBleu = 0.0;
        for (int n = 1; n <= effectiveN; n++) {
            Map<String, Integer> ref = ngrams(reference, n);
            Map<String, Integer> hyp = ngrams(hypothesis, n);
            long clipped = 0;
            for (Map.Entry<String, Integer> e : hyp.entrySet()) {
                clipped += Math.min(e.getValue(), ref.getOrDefault(e.getKey(), 0));
            }
            int total = h - n + 1;
            double precision = total > 0 ? (double) (clipped + 1) / (total + 1) : 1e-7;
            logBleu += weight * StrictMath.log(precision);
        }
        return bp * StrictMath.exp(logBleu);
    }

    /** One turn of {@code compute_bleu_scores}: lower-case, split on white space, BLEU (0.0 for no hypothesis tokens). */
    public static double turn(String gold, String pred) {
        List<String> hyp = Py.split(Py.lower(pred));
        return hyp.isEmpty() ? 0.0 : sentence(Py.split(Py.lower(gold)), hyp);
    }
}
