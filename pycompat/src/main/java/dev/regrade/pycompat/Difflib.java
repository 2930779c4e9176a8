package dev.regrade.pycompat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Python's {@code difflib.SequenceMatcher} applied to two strings, for ported code
 * that scores string similarity.
 *
 * <p>Strings are compared as sequences of Unicode code points (as Python indexes a
 * {@code str}), with no junk function and {@code autojunk=True}.
 */
public final class Difflib {

    private static final int[] NO_POSITIONS = new int[0];

    private Difflib() {
    }

    /**
     * Returns {@code difflib.SequenceMatcher(None, a, b).ratio()}: {@code 2.0 * M / T}
     * where {@code M} is the total size of the matching blocks and {@code T} the total
     * number of code points, or {@code 1.0} when both strings are empty. The result is
     * the same double Python computes.
     *
     * @param a the first sequence (not null)
     * @param b the second sequence (not null)
     * @return the similarity ratio in [0, 1]
     */
    public static double ratio(String a, String b) {
        int[] sa = a.codePoints().toArray();
        int[] sb = b.codePoints().toArray();
        int matches = new Matcher(sa, sb).matchingCharacters();
        int length = sa.length + sb.length;
        if (length == 0) {
            return 1.0;
        }
        return 2.0 * matches / length;
    }

    /** One SequenceMatcher(None, a, b) with its b2j index. */
    private static final class Matcher {
        private final int[] a;
        private final int[] b;
        /** Code point of b -> ascending positions in b; popular elements removed. */
        private final Map<Integer, int[]> b2j;
        /** j2len of find_longest_match, as arrays indexed by j + 1. */
        private int[] j2len;
        private int[] newj2len;
        private final int[] touched;
        private final int[] newTouched;

        Matcher(int[] a, int[] b) {
            this.a = a;
            this.b = b;
            this.b2j = buildB2j(b);
            this.j2len = new int[b.length + 1];
            this.newj2len = new int[b.length + 1];
            this.touched = new int[b.length];
            this.newTouched = new int[b.length];
        }

        private static Map<Integer, int[]> buildB2j(int[] b) {
            Map<Integer, Integer> counts = new HashMap<>();
            for (int x : b) {
                counts.merge(x, 1, Integer::sum);
            }
            int n = b.length;
            // autojunk: with 200 or more elements, drop the "popular" ones, i.e. those
            // occurring more than n // 100 + 1 times.
            int limit = n >= 200 ? n / 100 + 1 : Integer.MAX_VALUE;
            Map<Integer, int[]> result = new HashMap<>();
            Map<Integer, Integer> fill = new HashMap<>();
            for (int j = 0; j < n; j++) {
                int x = b[j];
                int count = counts.get(x);
                if (count > limit) {
                    continue;
                }
                int[] positions = result.computeIfAbsent(x, k -> new int[count]);
                int k = fill.merge(x, 1, Integer::sum) - 1;
                positions[k] = j;
            }
            return result;
        }

        /** Sum of the sizes of get_matching_blocks(). */
        int matchingCharacters() {
            int total = 0;
            Deque<int[]> queue = new ArrayDeque<>();
            queue.push(new int[] {0, a.length, 0, b.length});
            while (!queue.isEmpty()) {
                int[] q = queue.pop();
                int alo = q[0];
                int ahi = q[1];
                int blo = q[2];
                int bhi = q[3];
                int[] m = findLongestMatch(alo, ahi, blo, bhi);
                int i = m[0];
                int j = m[1];
                int k = m[2];
                if (k > 0) {
                    total += k;
                    if (alo < i && blo < j) {
                        queue.push(new int[] {alo, i, blo, j});
                    }
                    if (i + k < ahi && j + k < bhi) {
                        queue.push(new int[] {i + k, ahi, j + k, bhi});
                    }
                }
            }
            return total;
        }

        /**
         * find_longest_match(alo, ahi, blo, bhi): the longest matching block, the
         * earliest in a and then in b among the longest, extended on both sides by
         * equal elements (popular elements can match here, as in Python).
         */
        int[] findLongestMatch(int alo, int ahi, int blo, int bhi) {
            int besti = alo;
            int bestj = blo;
            int bestsize = 0;
            // j2len[j + 1] = length of the match ending at a[i - 1], b[j]; 0 if none.
            int touchedCount = 0;
            for (int i = alo; i < ahi; i++) {
                int newCount = 0;
                int[] positions = b2j.getOrDefault(a[i], NO_POSITIONS);
                for (int j : positions) {
                    if (j < blo) {
                        continue;
                    }
                    if (j >= bhi) {
                        break;
                    }
                    int k = j2len[j] + 1; // j2len entry for j - 1
                    newj2len[j + 1] = k;
                    newTouched[newCount++] = j + 1;
                    if (k > bestsize) {
                        besti = i - k + 1;
                        bestj = j - k + 1;
                        bestsize = k;
                    }
                }
                // j2len = newj2len
                for (int t = 0; t < touchedCount; t++) {
                    j2len[touched[t]] = 0;
                }
                int[] swap = j2len;
                j2len = newj2len;
                newj2len = swap;
                System.arraycopy(newTouched, 0, touched, 0, newCount);
                touchedCount = newCount;
            }
            for (int t = 0; t < touchedCount; t++) {
                j2len[touched[t]] = 0;
            }
            while (besti > alo && bestj > blo && a[besti - 1] == b[bestj - 1]) {
                besti--;
                bestj--;
                bestsize++;
            }
            while (besti + bestsize < ahi && bestj + bestsize < bhi
                    && a[besti + bestsize] == b[bestj + bestsize]) {
                bestsize++;
            }
            return new int[] {besti, bestj, bestsize};
        }
    }
}
