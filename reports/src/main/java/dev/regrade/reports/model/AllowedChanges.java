package dev.regrade.reports.model;

import java.util.List;

/**
 * One script's declaration in the expectations.
 *
 * @param allow the node-id globs whose structural, content and verdict changes are expected
 * @param note  what the fix changes, in a sentence (empty when the declaration has none)
 */
public record AllowedChanges(List<String> allow, String note) {
    public AllowedChanges {
        allow = List.copyOf(allow);
    }
}
