package dev.regrade.reports.model;

import java.util.List;

/**
 * One script's declaration in the expectations.
 *
 * @param allow the node-id globs whose structural, content and verdict changes are expected
 * @param note  what the fix changes, in a sentence (empty when the declaration has none)
 * @param promptExtractions the extraction-name globs whose prompt changes are expected
 * @param promptNodes       the node-id globs whose check prompts may change
 */
public record AllowedChanges(List<String> allow, String note, List<String> promptExtractions,
                             List<String> promptNodes) {
    public AllowedChanges {
        allow = List.copyOf(allow);
        promptExtractions = List.copyOf(promptExtractions);
        promptNodes = List.copyOf(promptNodes);
    }

    /** A declaration that allows no prompt change. */
    public AllowedChanges(List<String> allow, String note) {
        this(allow, note, List.of(), List.of());
    }

    /** The prompt globs for people: {@code extractions a, b; nodes c}; empty when none. */
    public String promptsText() {
        List<String> parts = new java.util.ArrayList<>();
        if (!promptExtractions.isEmpty()) {
            parts.add("extractions " + String.join(", ", promptExtractions));
        }
        if (!promptNodes.isEmpty()) {
            parts.add("nodes " + String.join(", ", promptNodes));
        }
        return String.join("; ", parts);
    }
}
