package dev.regrade.audit.core;

import dev.regrade.api.BadInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shard {@code index} of {@code count} of an audit's matrix. The matrix is split by input (a script
 * with one policy or fixture), never within one: an input's before and after runs under every seed
 * stay together, so a run reused across seeds is reused within its shard and sharding evaluates
 * nothing twice. Inputs are dealt in matrix order, the i-th (from 0) to shard {@code i mod count + 1}:
 * a script's inputs sit side by side in the matrix, so each shard gets a share of every costly
 * script, and the split depends on nothing but the matrix (the same on every machine).
 *
 * @param index the shard, 1 to {@code count}
 * @param count the number of shards
 */
public record Shard(int index, int count) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a shard K/N needs 1 <= K <= N, not " + index + "/" + count);
        }
    }

    /** Parses {@code K/N} (the {@code --shard} option); anything else is bad input naming the option. */
    public static Shard parse(String text) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            throw new BadInputException("--shard: expected K/N (shard K of N, 1 <= K <= N, e.g. 2/4), not '"
                    + text + "'");
        }
        int k = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n < 1 || k < 1 || k > n) {
            throw new BadInputException("--shard: " + text + ": K must be 1 to N and N at least 1 (e.g. 1/" + Math.max(n, 2)
                    + " … " + Math.max(n, 2) + "/" + Math.max(n, 2) + ")");
        }
        return new Shard(k, n);
    }

    /** The shard (1 to {@code count}) of {@code count} that holds the input at {@code inputIndex} (from 0). */
    public static int holderOf(int inputIndex, int count) {
        return inputIndex % count + 1;
    }

    /** Whether this shard holds the input at {@code inputIndex} (from 0) of the matrix. */
    public boolean holds(int inputIndex) {
        return holderOf(inputIndex, count) == index;
    }

    /** {@code K/N}. */
    public String label() {
        return index + "/" + count;
    }
}
