package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
     * problem is a {@link BadJsonException} naming the JSON path (for example
     * {@code $.eval_breakdown[0].verification_tree.children[2].score}).
     */
    public static Node fromJson(JsonNode json, String path) {
        ResultNode n = header(json, path);
        Node node;
        try {
            node = new Node(n.id(), n.desc(), n.critical(), n.score(), n.status(), n.strategy());
        } catch (RuntimeException e) {
            throw new BadJsonException(path, e.getMessage());
        }
        List<JsonNode> children = children(json, path);
        for (int i = 0; i < children.size(); i++) {
            node.addNode(fromJson(children.get(i), path + ".children[" + i + "]"));
        }
        return node;
    }

    /**
     * Reads a stored tree as it is (a scored tree need not satisfy the constructor's checks);
     * problems are {@link BadJsonException}s naming the JSON path.
     */
    public static ResultNode readStored(JsonNode json, String path) {
        ResultNode n = header(json, path);
        List<JsonNode> children = children(json, path);
        List<ResultNode> read = new ArrayList<>(children.size());
        for (int i = 0; i < children.size(); i++) {
            read.add(readStored(children.get(i), path + ".children[" + i + "]"));
        }
        return new ResultNode(n.id(), n.desc(), n.critical(), n.score(), n.status(), n.strategy(), read);
    }

    /** The node's own fields, without its children. */
    private static ResultNode header(JsonNode json, String path) {
        if (json == null || !json.isObject()) {
            throw new BadJsonException(path, "expected a node object");
        }
        String id = text(json, "id", path);
        String desc = text(json, "desc", path);
        JsonNode critical = json.get("critical");
        if (critical == null || !critical.isBoolean()) {
            throw new BadJsonException(path + ".critical", "expected true or false");
        }
        JsonNode score = json.get("score");
        if (score == null || !score.isNumber()) {
            throw new BadJsonException(path + ".score", "expected a number");
        }
        Status status;
        Strategy strategy;
        try {
            status = Status.fromValue(text(json, "status", path));
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(path + ".status", e.getMessage());
        }
        try {
            JsonNode s = json.get("strategy");
            strategy = s == null || s.isNull() ? Strategy.PARALLEL : Strategy.fromValue(s.asText());
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(path + ".strategy", e.getMessage());
        }
        return new ResultNode(id, desc, critical.booleanValue(), score.doubleValue(), status, strategy, List.of());
    }

    private static List<JsonNode> children(JsonNode json, String path) {
        JsonNode children = json.get("children");
        if (children == null || children.isNull()) {
            return List.of();
        }
        if (!children.isArray()) {
            throw new BadJsonException(path + ".children", "expected a list");
        }
        List<JsonNode> out = new ArrayList<>(children.size());
        children.forEach(out::add);
        return out;
    }

    private static String text(JsonNode json, String field, String path) {
        JsonNode v = json.get(field);
        if (v == null || !v.isTextual()) {
            throw new BadJsonException(path + "." + field, "expected a string");
        }
        return v.textValue();
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
