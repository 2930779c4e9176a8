package dev.regrade.rubric.rescore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The outcome of rescoring one result.
 *
 * @param hadTree       false for a result without a tree (a crashed run): nothing to recompute
 * @param disagreements every stored value that differs from the recomputed one, in tree order
 * @param recomputed    the document with the recomputed scores, statuses and final score
 */
public record Rescore(boolean hadTree, List<Disagreement> disagreements, ObjectNode recomputed) {
    public Rescore {
        disagreements = List.copyOf(disagreements);
    }

    public boolean consistent() {
        return disagreements.isEmpty();
    }
}
