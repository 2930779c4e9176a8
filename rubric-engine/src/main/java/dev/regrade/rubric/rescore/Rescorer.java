package dev.regrade.rubric.rescore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.TreeJson;
import java.util.ArrayList;
import java.util.List;

/**
 * Recomputes a saved result's aggregates from its stored leaves, exactly as the original's
 * {@code compute_score(mutate=True)} would, and lists every stored value that disagrees.
 */
public final class Rescorer {
    private static final String TREE_PATH = "$.eval_breakdown[0].verification_tree";

    private Rescorer() {
    }

    /**
     * Rescores one result document (written by Regrade or by the Python original). Throws
     * {@link BadInputException} naming the file and JSON path when the document is not a result.
     */
    public static Rescore rescore(JsonField result) {
        JsonField treeJson = ResultJson.treeOf(result);
        JsonNode document = result.node();
        result.get("final_score").asOrNull(JsonField.Kind.NUMBER);
        JsonNode finalScore = document.get("final_score");
        if (treeJson == null) {
            return new Rescore(false, List.of(), (ObjectNode) document.deepCopy());
        }
        Node root = TreeJson.fromJson(treeJson);
        List<Node> nodes = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        collect(root, TREE_PATH, nodes, paths);
        double[] storedScores = new double[nodes.size()];
        String[] storedStatus = new String[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            storedScores[i] = nodes.get(i).score();
            storedStatus[i] = nodes.get(i).status().value();
        }
        double recomputed = root.computeScore(true);
        List<Disagreement> out = new ArrayList<>();
        if (finalScore.isNull() || finalScore.doubleValue() != recomputed) {
            out.add(new Disagreement("$.final_score", "root", "final_score",
                    finalScore.isNull() ? "null" : PyRepr.repr(finalScore.doubleValue()),
                    PyRepr.repr(recomputed)));
        }
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (n.score() != storedScores[i]) {
                out.add(new Disagreement(paths.get(i) + ".score", n.id(), "score",
                        PyRepr.repr(storedScores[i]), PyRepr.repr(n.score())));
            }
            if (!n.status().value().equals(storedStatus[i])) {
                out.add(new Disagreement(paths.get(i) + ".status", n.id(), "status", storedStatus[i],
                        n.status().value()));
            }
        }
        JsonNode stats = document.get("tree_statistics");
        ObjectNode recomputedStats = TreeJson.statistics(root);
        if (stats != null && !stats.equals(recomputedStats)) {
            out.add(new Disagreement("$.tree_statistics", "root", "tree_statistics", stats.toString(),
                    recomputedStats.toString()));
        }
        ObjectNode doc = (ObjectNode) document.deepCopy();
        doc.put("final_score", recomputed);
        ((ObjectNode) doc.get("eval_breakdown").get(0)).set("verification_tree", TreeJson.toJson(root));
        if (stats != null) {
            doc.set("tree_statistics", recomputedStats);
        }
        return new Rescore(true, out, doc);
    }

    private static void collect(Node n, String path, List<Node> nodes, List<String> paths) {
        nodes.add(n);
        paths.add(path);
        for (int i = 0; i < n.children().size(); i++) {
            collect(n.children().get(i), path + ".children[" + i + "]", nodes, paths);
        }
    }
}
