package dev.regrade.rubric.rescore;

/**
 * One stored value that the recomputation does not reproduce.
 *
 * @param path       JSON path of the stored value
 * @param nodeId     the node's id ({@code root} for document-level values)
 * @param field      {@code score}, {@code status}, {@code final_score} or {@code tree_statistics}
 * @param stored     the stored value as text
 * @param recomputed the recomputed value as text
 */
public record Disagreement(String path, String nodeId, String field, String stored, String recomputed) {
    @Override
    public String toString() {
        return nodeId + " " + field + ": stored " + stored + ", recomputed " + recomputed;
    }
}
