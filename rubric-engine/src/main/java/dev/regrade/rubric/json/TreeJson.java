package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;
import java.util.ArrayList;
import java.util.List;

/**
 * Rubric trees to and from the original's JSON: {@code {id, desc, critical, score, status,
 * strategy, children}} in that order, as pydantic's {@code .dict()} writes a node; and the
 * original's {@code tree_statistics}.
 */
public final class TreeJson {
    private TreeJson() {
    }

    /** A node and its subtree as the original's {@code node.dict()}. */
    public static ObjectNode toJson(Node node) {
        return toJson(ResultNode.of(node));
    }

    /** A stored node and its subtree as the original's {@code node.dict()}. */
    public static ObjectNode toJson(ResultNode node) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("id", node.id()).put("desc", node.desc())
                .put("critical", node.critical()).put("score", node.score()).put("status", node.status().value())
                .put("strategy", node.strategy().value());
        ArrayNode children = o.putArray("children");
        for (ResultNode c : node.children()) {
            children.add(toJson(c));
        }
        return o;
    }

    /**
     * Reads a tree into engine nodes (checked as the original's constructor checks them); every
     * problem is a {@link BadInputException} naming the file and JSON path (for example
     * {@code $.eval_breakdown[0].verification_tree.children[2].score}).
     */
    public static Node fromJson(JsonField json) {
        ResultNode n = header(json);
        Node node;
        try {
            node = new Node(n.id(), n.desc(), n.critical(), n.score(), n.status(), n.strategy());
        } catch (RuntimeException e) {
            throw json.bad(e.getMessage());
        }
        for (JsonField child : children(json)) {
            node.addNode(fromJson(child));
        }
        return node;
    }

    /**
     * Reads a stored tree as it is (a scored tree need not satisfy the constructor's checks);
     * problems are {@link BadInputException}s naming the file and JSON path.
     */
    public static ResultNode readStored(JsonField json) {
        ResultNode n = header(json);
        List<JsonField> children = children(json);
        List<ResultNode> read = new ArrayList<>(children.size());
        for (JsonField child : children) {
            read.add(readStored(child));
        }
        return new ResultNode(n.id(), n.desc(), n.critical(), n.score(), n.status(), n.strategy(), read);
    }

    /** The node's own fields, without its children. */
    private static ResultNode header(JsonField json) {
        json.as(JsonField.Kind.OBJECT.as("a node object"));
        String id = json.get("id").text();
        String desc = desc(json);
        boolean critical = json.get("critical").bool();
        double score = json.get("score").number();
        Status status = json.get("status").parsed(Status::fromValue);
        JsonField s = json.get("strategy");
        Strategy strategy = s.isMissingOrNull() ? Strategy.PARALLEL : s.parsed(Strategy::fromValue);
        return new ResultNode(id, desc, critical, score, status, strategy, List.of());
    }

    /**
     * {@code desc}; a node of the older format (the upstream site's example trees: {@code claim}, {@code func},
     * no {@code desc}) is read by what it holds, its {@code claim} as the description. A node with neither
     * says that {@code desc} is missing.
     */
    private static String desc(JsonField json) {
        JsonField desc = json.get("desc");
        JsonField claim = json.get("claim");
        return desc.isMissing() && !claim.isMissing() ? claim.text() : desc.text();
    }

    private static List<JsonField> children(JsonField json) {
        JsonField children = json.get("children");
        return children.isMissingOrNull() ? List.of() : children.elements();
    }

    /** The original's {@code tree_statistics}: depth (root = 0), total nodes, leaf nodes. */
    public static ObjectNode statistics(Node root) {
        return toJson(TreeStatistics.of(ResultNode.of(root)));
    }

    /** {@code tree_statistics} as the original writes it. */
    public static ObjectNode toJson(TreeStatistics s) {
        return JsonNodeFactory.instance.objectNode().put("depth", s.depth()).put("total_nodes", s.totalNodes())
                .put("leaf_nodes", s.leafNodes());
    }
}
