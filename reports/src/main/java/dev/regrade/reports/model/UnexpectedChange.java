package dev.regrade.reports.model;

import java.util.List;

/**
 * A node whose before → after differences the expectations do not allow: the audit fails on it.
 * One node is one unexpected change, whatever number of its aspects (status, score, …) changed.
 *
 * @param input   the script and input
 * @param node    the node id; {@code (run)} for a run that crashed on one side only
 * @param changes the node's unexpected differences, in diff order (at least one)
 */
public record UnexpectedChange(ScriptInput input, String node, List<NodeChange> changes) {
    public UnexpectedChange {
        changes = List.copyOf(changes);
    }

    /** The changes in one line for people, e.g. {@code status passed → failed; score 1 → 0}. */
    public String text() {
        return String.join("; ", changes.stream().map(NodeChange::text).toList());
    }

    /** The distinct change classes, in order, e.g. {@code verdict}. */
    public String classes() {
        return String.join(", ", changes.stream().map(c -> c.changeClass().label()).distinct().toList());
    }
}
