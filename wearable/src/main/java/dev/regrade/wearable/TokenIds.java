package dev.regrade.wearable;

import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
import java.util.Arrays;

/**
 * The words of {@code s.lower().split()} as small ints, equal words equal ids, and the clipped n-gram
 * counts of BLEU over them, without building a string: each char is lower-cased as it is read
 * ({@link PyStr#lowerChar}), a word's lower-cased chars go to a pool, and words are found in an
 * open-addressing table by hash and chars. Two sequences ({@link #REF}, {@link #HYP}) share one
 * numbering. Scratch space for one thread, reused turn after turn ({@link #local()}); a table slot is
 * live only in the generation that wrote it, so clearing costs nothing.
 */
final class TokenIds {
    static final int REF = 0;
    static final int HYP = 1;
    /** Ids are packed 16 bits each into one long per n-gram (n at most 4). */
    static final int MAX_IDS = 1 << 16;

    private static final ThreadLocal<TokenIds> LOCAL = ThreadLocal.withInitial(TokenIds::new);

    private final int[][] seq = {new int[64], new int[64]};
    private final int[] count = new int[2];
    /** The distinct words' lower-cased chars, one after another. */
    private char[] pool = new char[1024];
    private int poolSize;
    private int[] from = new int[64];
    private int[] len = new int[64];
    private int[] hashes = new int[64];
    private int distinct;
    private int[] slots = new int[256];
    private int[] slotGen = new int[256];
    private int gen = 1;
    /** The word being read, lower-cased. */
    private char[] word = new char[64];
    /** Per id: reference occurrences not yet matched (unigrams). */
    private int[] unigrams = new int[64];
    /** Reference n-grams (n >= 2) and their unmatched counts: open addressing, generation-stamped. */
    private long[] gramKeys = new long[256];
    private int[] gramCounts = new int[256];
    private int[] gramGen = new int[256];
    private int gramGeneration = 1;

    static TokenIds local() {
        return LOCAL.get();
    }

    /** Forgets every word (the next ids start at 0 again). */
    void reset() {
        distinct = 0;
        poolSize = 0;
        count[REF] = 0;
        count[HYP] = 0;
        if (++gen == 0) { // wrapped: no stamp may look current
            Arrays.fill(slotGen, 0);
            gen = 1;
        }
    }

    int distinct() {
        return distinct;
    }

    /**
     * Splits {@code s.lower()} on Python white space into sequence {@code which}; returns the word count,
     * or -1 when some char of {@code s} has no one-char lower-case mapping: the caller then lowers the
     * string in full and adds that with {@link #addLowered}.
     */
    int add(String s, int which) {
        return add(s, which, true);
    }

    /** Splits an already lower-cased string on Python white space into sequence {@code which}. */
    int addLowered(String s, int which) {
        return add(s, which, false);
    }

    private int add(String s, int which, boolean lower) {
        int[] out = seq[which];
        int n = 0;
        int length = s.length();
        int i = 0;
        while (i < length) {
            int c = lower ? PyStr.lowerChar(s.charAt(i)) : s.charAt(i);
            if (c < 0) {
                return -1;
            }
            if (PyWhitespace.isSpace(c)) { // every Python space is one BMP char, its own lower case
                i++;
                continue;
            }
            int w = 0;
            int h = 0;
            do {
                if (w == word.length) {
                    word = Arrays.copyOf(word, w * 2);
                }
                word[w++] = (char) c;
                h = 31 * h + c;
                if (++i == length) {
                    break;
                }
                c = lower ? PyStr.lowerChar(s.charAt(i)) : s.charAt(i);
                if (c < 0) {
                    return -1;
                }
            } while (!PyWhitespace.isSpace(c));
            if (n == out.length) {
                out = seq[which] = Arrays.copyOf(out, n * 2);
            }
            out[n++] = id(w, h);
        }
        count[which] = n;
        return n;
    }

    private int id(int length, int h) {
        int mask = slots.length - 1;
        for (int k = mix(h) & mask; ; k = (k + 1) & mask) {
            if (slotGen[k] != gen) {
                return insert(k, length, h);
            }
            int id = slots[k];
            if (hashes[id] == h && len[id] == length && Arrays.equals(pool, from[id], from[id] + length, word, 0, length)) {
                return id;
            }
        }
    }

    private int insert(int slot, int length, int h) {
        int id = distinct++;
        if (id == from.length) {
            int cap = id * 2;
            from = Arrays.copyOf(from, cap);
            len = Arrays.copyOf(len, cap);
            hashes = Arrays.copyOf(hashes, cap);
        }
        if (poolSize + length > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + length));
        }
        System.arraycopy(word, 0, pool, poolSize, length);
        from[id] = poolSize;
        len[id] = length;
        hashes[id] = h;
        poolSize += length;
        slots[slot] = id;
        slotGen[slot] = gen;
        if (distinct * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int cap = slots.length * 2;
        slots = new int[cap];
        slotGen = new int[cap];
        int mask = cap - 1;
        for (int id = 0; id < distinct; id++) {
            int k = mix(hashes[id]) & mask;
            while (slotGen[k] == gen) {
                k = (k + 1) & mask;
            }
            slots[k] = id;
            slotGen[k] = gen;
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /**
     * For n = 1..maxN, the sum over the distinct hypothesis n-grams of min(hypothesis count, reference
     * count): each hypothesis n-gram takes one unmatched reference occurrence when one is left, which
     * counts the same. Needs fewer than {@link #MAX_IDS} distinct words.
     */
    long[] clipped(int maxN) {
        int[] ref = seq[REF];
        int[] hyp = seq[HYP];
        int r = count[REF];
        int h = count[HYP];
        long[] out = new long[maxN + 1];
        if (unigrams.length < distinct) {
            unigrams = new int[Math.max(distinct, unigrams.length * 2)];
        }
        for (int i = 0; i < r; i++) {
            unigrams[ref[i]]++;
        }
        long matched = 0;
        for (int i = 0; i < h; i++) {
            if (unigrams[hyp[i]] > 0) {
                unigrams[hyp[i]]--;
                matched++;
            }
        }
        out[1] = matched;
        for (int i = 0; i < r; i++) {
            unigrams[ref[i]] = 0;
        }
        for (int n = 2; n <= maxN; n++) {
            nextGramGeneration(r);
            for (int i = 0; i + n <= r; i++) {
                addGram(key(ref, i, n));
            }
            matched = 0;
            for (int i = 0; i + n <= h; i++) {
                if (takeGram(key(hyp, i, n))) {
                    matched++;
                }
            }
            out[n] = matched;
        }
        return out;
    }

    private static long key(int[] ids, int at, int n) {
        long k = 0;
        for (int j = 0; j < n; j++) {
            k = (k << 16) | ids[at + j];
        }
        return k;
    }

    private void nextGramGeneration(int entries) {
        if (entries * 2 > gramKeys.length) {
            int cap = Integer.highestOneBit(entries * 4 - 1);
            gramKeys = new long[cap];
            gramCounts = new int[cap];
            gramGen = new int[cap];
            gramGeneration = 1;
        } else if (++gramGeneration == 0) {
            Arrays.fill(gramGen, 0);
            gramGeneration = 1;
        }
    }

    private int slot(long key) {
        long x = key * 0x9E3779B97F4A7C15L;
        return (int) (x ^ (x >>> 32));
    }

    private void addGram(long key) {
        int mask = gramKeys.length - 1;
        for (int k = slot(key) & mask; ; k = (k + 1) & mask) {
            if (gramGen[k] != gramGeneration) {
                gramGen[k] = gramGeneration;
                gramKeys[k] = key;
                gramCounts[k] = 1;
                return;
            }
            if (gramKeys[k] == key) {
                gramCounts[k]++;
                return;
            }
        }
    }

    private boolean takeGram(long key) {
        int mask = gramKeys.length - 1;
        for (int k = slot(key) & mask; ; k = (k + 1) & mask) {
            if (gramGen[k] != gramGeneration) {
                return false;
            }
            if (gramKeys[k] == key) {
                if (gramCounts[k] > 0) {
                    gramCounts[k]--;
                    return true;
                }
                return false;
            }
        }
    }
}
