package dev.regrade.reports.model;

import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;

/**
 * One difference between two trees, as the report records it.
 *
 * @param changeClass structural, content, verdict or derived
 * @param kind        {@code added}, {@code removed}, {@code moved}, or the field that changed
 *                    ({@code desc}, {@code critical}, {@code strategy}, {@code status}, {@code score})
 * @param node        the node id; {@code (run)} for a run that crashed on one side only
 * @param before      the value before; null for {@code added}
 * @param after       the value after; null for {@code removed}
 * @param text        the change in one line for people
 */
public record NodeChange(ChangeClass changeClass, String kind, String node, String before, String after,
                         String text) {
    /** A tree difference with its one-line description. */
    public static NodeChange of(Change c) {
        return new NodeChange(c.changeClass(), c.kind(), c.nodeId(), c.before(), c.after(), c.describe());
    }

    /** True for an aggregate that changed only because its children did. */
    public boolean derived() {
        return changeClass == ChangeClass.DERIVED;
    }
}
