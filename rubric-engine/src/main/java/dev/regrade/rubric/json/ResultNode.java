package dev.regrade.rubric.json;

import dev.regrade.rubric.Node;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;
import java.util.List;
import java.util.Objects;

/**
 * One node of a result's verification tree, as the result stores it (the original's
 * {@code node.dict()}): an immutable copy of a scored {@link Node} and its subtree.
 *
 * @param id       the node id, unique in its tree
 * @param desc     the description (the claim of a leaf)
 * @param critical whether a zero here zeroes the parent
 * @param score    the score in [0.0, 1.0]
 * @param status   the status the score came with
 * @param strategy how the children are combined (written for leaves too)
 * @param children the child nodes in order; empty for a leaf
 */
public record ResultNode(String id, String desc, boolean critical, double score, Status status, Strategy strategy,
                         List<ResultNode> children) {
    public ResultNode {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(strategy, "strategy");
        children = List.copyOf(children);
    }

    /** A copy of a node and its subtree as they are now. */
    public static ResultNode of(Node node) {
        List<ResultNode> children = node.children().stream().map(ResultNode::of).toList();
        return new ResultNode(node.id(), node.desc(), node.critical(), node.score(), node.status(), node.strategy(),
                children);
    }

    /** True for a node without children. */
    public boolean isLeaf() {
        return children.isEmpty();
    }
}
