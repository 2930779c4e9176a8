package dev.regrade.rubric.diff;

/**
 * One difference between a before and an after tree.
 *
 * @param changeClass structural, content, verdict or derived
 * @param kind        what happened: {@code added}, {@code removed}, {@code moved}, or the field
 *                    that changed ({@code desc}, {@code critical}, {@code strategy},
 *                    {@code status}, {@code score})
 * @param nodeId      the node's id
 * @param before      the value before (for {@code moved}: {@code parent[index]}; for
 *                    {@code added}: null)
 * @param after       the value after (for {@code removed}: null)
 */
public record Change(ChangeClass changeClass, String kind, String nodeId, String before, String after) {
    /** One line for people, e.g. {@code verdict station_5_distance_check status: failed → passed}. */
    public String describe() {
        return switch (kind) {
            case "added" -> "added " + nodeId + " under " + after;
            case "removed" -> "removed " + nodeId + " from " + before;
            case "moved" -> "moved " + nodeId + " from " + before + " to " + after;
            default -> nodeId + " " + kind + ": " + before + " → " + after;
        };
    }
}
