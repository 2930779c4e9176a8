package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Bleu#turn} (BLEU on token ids, lowered char by char) equals, bit for bit, {@link Bleu#sentence} of
 * {@code PyWhitespace.split(PyStr.lower(...))} of gold and prediction, or 0.0 with no hypothesis tokens.
 */
class BleuTurnTest {
    /** Words whose lower() is special: sigma, dotted I, sharp s, astral letters, lone surrogates, title case, ohm, kelvin. */
    private static final String[] VOCAB = {"the", "The", "THE", "tHe", "a", "A", "cat", "CAT", "\u03a3", "\u03a3\u0391\u03a3",
        "\u03c3\u03b1\u03c2", "\u03a3\u0391\u03a3.", "\u03c2", "\u03c3", ".\u03a3", "A\u03a3'", "\u0130", "i\u0307", "i", "I", "\u0131",
        "\u00df", "SS", "ss", "\u1e9e", "\ud83d\ude00", "\ud801\udc00", "\ud801\udc28", "\ud800", "\udc00", "x\ud800", "\udbff\udfff",
        "\u01c5", "\u01c6", "\u03a9", "\u03c9", "\u2126", "K", "\u212a", "k", "\ufb00", "\u0149", "\u0345", "\u00c5", "\u212b",
        "\u00e5", "$silent$", "$interrupt$", "don't", "l'\u00e9t\u00e9", "\u00c9T\u00c9", "\u216b", "\uff21", "\u01c8", "\u1f88",
        "\u0390", "\u200b", "\ufeff", "\u180e", "\u0000", "\u00ad"};

    private static final List<String> SPACES = new ArrayList<>();

    static {
        for (int cp = 0; cp <= 0x10ffff; cp++) {
            if (PyWhitespace.isSpace(cp)) {
                SPACES.add(new String(Character.toChars(cp)));
            }
        }
    }

    @Test
    void everyPythonSpaceIsKnown() {
        assertEquals(29, SPACES.size(), "Python 3.11 has 29 white space code points: " + SPACES);
    }

    @Test
    void randomTurnsEqualTheStringPathBitForBit() {
        SplittableRandom r = new SplittableRandom(4);
        int nonZero = 0;
        for (int i = 0; i < 40_000; i++) {
            String gold = turn(r, r.nextInt(0, 30));
            String pred = r.nextInt(10) == 0 ? gold : turn(r, r.nextInt(0, 30));
            nonZero += check(gold, pred) != 0.0 ? 1 : 0;
        }
        assertTrue(nonZero > 20_000, "most turns score: " + nonZero);
    }

    @Test
    void repeatedWordsAndShortTurns() {
        for (String[] c : new String[][] {{"the the the the", "the the the the the the the"}, {"", ""}, {"a", ""},
            {"", "a"}, {" \u3000 ", "\u2028"}, {"the cat", "THE CAT"}, {"\u03a3\u0391\u03a3 \u03a3\u0391\u03a3", "\u03c3\u03b1\u03c2 \u03c3\u03b1\u03c3"},
            {"\u0130stanbul", "i\u0307stanbul"}, {"a b c d e", "e d c b a"}, {"x\ud800 y", "X\ud800 Y"}}) {
            check(c[0], c[1]);
            check(c[1], c[0]);
        }
    }

    /** Past 65,536 distinct words the ids do not fit 16 bits: around that count, and a short turn after. */
    @Test
    void veryLongTurnsAroundTheIdLimit() {
        int limit = TokenIds.MAX_IDS;
        for (int distinct : new int[] {limit - 1, limit, limit + 1, limit + 5_000}) {
            // Gold words w0..w(g-1), prediction words w(g-overlap).. so that they share `overlap` words.
            int g = distinct / 2 + 10;
            int overlap = 20;
            int p = distinct - g + overlap;
            StringBuilder gold = new StringBuilder();
            for (int i = 0; i < g; i++) {
                gold.append(i % 3 == 0 ? "W" : "w").append(i).append(i % 5 == 0 ? "\t" : " ");
            }
            StringBuilder pred = new StringBuilder();
            for (int i = g - overlap; i < g - overlap + p; i++) {
                pred.append("w").append(i).append(i % 7 == 0 ? "\u3000" : " ").append(i % 11 == 0 ? "w1 w2 " : "");
            }
            check(gold.toString(), pred.toString());
            check("w1 w2 w3", "w1 w2 w3 w4"); // the scratch space after a long turn
        }
    }

    private static double check(String gold, String pred) {
        List<String> ref = PyWhitespace.split(PyStr.lower(gold));
        List<String> hyp = PyWhitespace.split(PyStr.lower(pred));
        double want = hyp.isEmpty() ? 0.0 : Bleu.sentence(ref, hyp);
        double got = Bleu.turn(gold, pred);
        assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits(got),
                () -> "gold " + escape(gold) + " pred " + escape(pred) + ": " + want + " vs " + got);
        return got;
    }

    private static String turn(SplittableRandom r, int words) {
        StringBuilder sb = new StringBuilder();
        if (r.nextInt(4) == 0) {
            sb.append(SPACES.get(r.nextInt(SPACES.size())));
        }
        for (int i = 0; i < words; i++) {
            sb.append(VOCAB[r.nextInt(r.nextBoolean() ? 8 : VOCAB.length)]);
            int k = r.nextInt(10);
            if (k == 0) {
                continue; // glued to the next word
            }
            for (int s = k < 8 ? 1 : 3; s > 0; s--) {
                sb.append(k < 5 ? " " : SPACES.get(r.nextInt(SPACES.size())));
            }
        }
        return sb.toString();
    }

    private static String escape(String s) {
        if (s.length() > 200) {
            return "(" + s.length() + " chars)";
        }
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return sb.toString();
    }
}
