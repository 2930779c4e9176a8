package dev.regrade.pycompat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The iteration order of a Python {@code set} of strings, for ported code whose
 * output depends on it (for example {@code list(set(names))} or iterating a set).
 *
 * <p>CPython's order depends on the string hashes, hence on {@code PYTHONHASHSEED}:
 * it is only reproducible when the original run had a fixed seed. This class
 * replays CPython 3.11 (64-bit) exactly: SipHash-1-3 string hashing with the
 * secret derived from the seed, and the open-addressing table of
 * {@code Objects/setobject.c} (8 initial slots, linear probing of up to 9 further
 * slots, perturbed probing, growth to 4x the used count when 3/5 full).
 */
public final class PySet {

    private static final int MIN_SIZE = 8;
    private static final int LINEAR_PROBES = 9;
    private static final int PERTURB_SHIFT = 5;

    private PySet() {
    }

    /**
     * Returns the order of {@code list(set(items))} in CPython 3.11 run with
     * {@code PYTHONHASHSEED=hashSeed}. Duplicates keep their first occurrence.
     *
     * @param items    the strings, in the order they are added (no nulls)
     * @param hashSeed the PYTHONHASHSEED value, 0 to 4294967295; 0 means hash
     *                 randomisation disabled
     * @return the distinct strings in set iteration order
     * @throws IllegalArgumentException if the seed is out of range
     */
    public static List<String> iterationOrder(List<String> items, long hashSeed) {
        long[] key = PyHash.key(hashSeed);
        Table t = new Table();
        for (String s : items) {
            Objects.requireNonNull(s, "PySet supports str items only, got null");
            t.add(s, PyHash.strHash(s, key));
        }
        List<String> out = new ArrayList<>(t.used);
        for (String k : t.keys) {
            if (k != null) {
                out.add(k);
            }
        }
        return out;
    }

    /** The slots of a set that is only ever added to (so it has no dummy entries). */
    private static final class Table {
        String[] keys = new String[MIN_SIZE];
        long[] hashes = new long[MIN_SIZE];
        int mask = MIN_SIZE - 1;
        int fill;
        int used;

        void add(String key, long hash) {
            long perturb = hash;
            int i = (int) (hash & mask);
            while (true) {
                int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
                for (int e = i; e <= i + probes; e++) {
                    String k = keys[e];
                    if (k == null) {
                        keys[e] = key;
                        hashes[e] = hash;
                        fill++;
                        used++;
                        if ((long) fill * 5 >= (long) mask * 3) {
                            resize(used > 50000 ? used * 2 : used * 4);
                        }
                        return;
                    }
                    if (hashes[e] == hash && k.equals(key)) {
                        return;
                    }
                }
                perturb >>>= PERTURB_SHIFT;
                i = (int) ((i * 5L + 1 + perturb) & mask);
            }
        }

        private void resize(int minUsed) {
            int newSize = MIN_SIZE;
            while (newSize <= minUsed) {
                newSize <<= 1;
            }
            String[] oldKeys = keys;
            long[] oldHashes = hashes;
            keys = new String[newSize];
            hashes = new long[newSize];
            mask = newSize - 1;
            fill = used; // no dummies are ever left behind
            for (int e = 0; e < oldKeys.length; e++) {
                if (oldKeys[e] != null) {
                    insertClean(oldKeys[e], oldHashes[e]);
                }
            }
        }

        /** Inserts a key known to be absent, into the first free slot of its probe sequence. */
        private void insertClean(String key, long hash) {
            long perturb = hash;
            int i = (int) (hash & mask);
            while (true) {
                int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
                for (int e = i; e <= i + probes; e++) {
                    if (keys[e] == null) {
                        keys[e] = key;
                        hashes[e] = hash;
                        return;
                    }
                }
                perturb >>>= PERTURB_SHIFT;
                i = (int) ((i * 5L + 1 + perturb) & mask);
            }
        }
    }
}
