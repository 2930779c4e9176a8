package dev.regrade.reports.model;

import java.util.List;

/**
 * A tree that differs under another hash seed: the script's outcome depends on Python's hash order.
 *
 * @param input    the script and input
 * @param variant  the variant that ran
 * @param baseSeed the first seed, whose run is reported
 * @param seed     the seed whose run differs
 * @param changes  every difference from the first seed's tree to this seed's, in diff order
 */
public record SeedDifference(ScriptInput input, String variant, long baseSeed, long seed, List<NodeChange> changes) {
    public SeedDifference {
        changes = List.copyOf(changes);
    }
}
