package dev.regrade.rubric.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;

/**
 * Rubric trees to and from the original's JSON: {@code {id, desc, critical, score, status,
 * strategy, children}} in that order, as pydantic's {@code .dict()} writes a node.
 */
public final class TreeJson {
    private TreeJson() {
    }

    /** A node and its subtree as the original's {@code node.dict()}. */
    public static ObjectNode toJson(Node node) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("id", node.id());
        o.put("desc", node.desc());
        o.put("critical", node.critical());
        o.put("score", node.score());
        o.put("status", node.status().value());
        o.put("strategy", node.strategy().value());
        ArrayNode children = o.putArray("children");
        for (Node c : node.children()) {
            children.add(toJson(c));
        }
        return o;
    }

    /**
     * Reads a tree; every problem is a {@link BadJsonException} naming the JSON path (for example
     * {@code $.eval_breakdown[0].verification_tree.children[2].score}).
     */
    public static Node fromJson(JsonNode json, String path) {
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
        Node node;
        try {
            node = new Node(id, desc, critical.booleanValue(), score.doubleValue(), status, strategy);
        } catch (RuntimeException e) {
            throw new BadJsonException(path, e.getMessage());
        }
        JsonNode children = json.get("children");
        if (children != null && !children.isNull()) {
            if (!children.isArray()) {
                throw new BadJsonException(path + ".children", "expected a list");
            }
            for (int i = 0; i < children.size(); i++) {
                node.addNode(fromJson(children.get(i), path + ".children[" + i + "]"));
            }
        }
        return node;
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
        int[] acc = new int[3];
        walk(root, 0, acc);
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("depth", acc[0]);
        o.put("total_nodes", acc[1]);
        o.put("leaf_nodes", acc[2]);
        return o;
    }

    private static void walk(Node n, int depth, int[] acc) {
        acc[0] = Math.max(acc[0], depth);
        acc[1]++;
        if (n.isLeaf()) {
            acc[2]++;
        }
        for (Node c : n.children()) {
            walk(c, depth + 1, acc);
        }
    }
}
