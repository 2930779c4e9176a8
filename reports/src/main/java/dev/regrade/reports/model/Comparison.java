package dev.regrade.reports.model;

import java.util.List;

/**
 * One script × input, before against after: a row of the score-impact table.
 *
 * @param input       the script and input
 * @param description the input's description (a fixture's own; a policy's summary)
 * @param before      the before variant's run
 * @param after       the after variant's run
 * @param delta       the after score minus the before score; null when either run crashed
 * @param changes     every difference in diff order, each checked against the expectations; a run that
 *                    crashed on one side only is one {@code (run)} outcome change
 * @param changed     whether any non-derived difference exists or the final score changed
 * @param unexpected  the number of nodes with a difference the expectations do not allow
 * @param trees       both trees when {@code changed}, else null
 */
public record Comparison(ScriptInput input, String description, ComparedRun before, ComparedRun after, Double delta,
                         List<CheckedChange> changes, boolean changed, int unexpected, ChangedTrees trees) {
    public Comparison {
        changes = List.copyOf(changes);
    }

    /** True when either side's final score depends on the hash seed. */
    public boolean seedDependent() {
        return before.seedDependent() || after.seedDependent();
    }

    /** The changes a reader is shown: every one but the derived. */
    public List<CheckedChange> shownChanges() {
        return changes.stream().filter(c -> !c.change().derived()).toList();
    }
}
