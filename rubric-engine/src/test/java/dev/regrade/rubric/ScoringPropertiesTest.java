package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.json.TreeJson;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Properties of scoring over 2,000 random valid trees. */
class ScoringPropertiesTest {
    /** {@code json.dumps(obj, indent=4, ensure_ascii=False)}. */
    private static final PyJson.Format INDENT_4 = PyJson.DUMPS.indent(4).ensureAscii(false);

    private static final int TREES = 2_000;

    @Test
    void everyScoreLiesInTheUnitInterval() {
        for (long seed = 0; seed < TREES; seed++) {
            Node root = RandomTrees.build(seed);
            root.computeScore(true);
            for (Node n : RandomTrees.all(root)) {
                assertTrue(n.score() >= 0.0 && n.score() <= 1.0, "seed " + seed + " node " + n);
            }
        }
    }

    @Test
    void passingAFailedLeafNeverLowersAnyAncestor() {
        int flips = 0;
        for (long seed = 0; seed < TREES; seed++) {
            List<Node> leaves = RandomTrees.all(RandomTrees.build(seed)).stream()
                    .filter(n -> n.isLeaf() && n.status() == Status.FAILED).toList();
            for (Node failed : leaves) {
                Node before = RandomTrees.build(seed);
                before.computeScore(true);
                Map<String, Double> beforeScores = new HashMap<>();
                RandomTrees.all(before).forEach(n -> beforeScores.put(n.id(), n.score()));
                Node after = RandomTrees.build(seed);
                RandomTrees.all(after).stream().filter(n -> n.id().equals(failed.id())).findFirst()
                        .orElseThrow().set(1.0, Status.PASSED);
                after.computeScore(true);
                for (Node n : RandomTrees.all(after)) {
                    if (!n.isLeaf()) {
                        assertTrue(n.score() >= beforeScores.get(n.id()),
                                "seed " + seed + ": passing " + failed.id() + " lowered " + n.id() + " from "
                                        + beforeScores.get(n.id()) + " to " + n.score());
                    }
                }
                flips++;
            }
        }
        assertTrue(flips > 1_000, "the property was exercised on " + flips + " flips");
    }

    @Test
    void scoringIsDeterministicAndIdempotent() {
        for (long seed = 0; seed < TREES; seed++) {
            Node a = RandomTrees.build(seed);
            Node b = RandomTrees.build(seed);
            double sa = a.computeScore(true);
            double sb = b.computeScore(true);
            assertEquals(sa, sb, "seed " + seed);
            String once = PyJson.dumps(TreeJson.toJson(a), INDENT_4);
            assertEquals(once, PyJson.dumps(TreeJson.toJson(b), INDENT_4), "seed " + seed);
            assertEquals(sa, a.computeScore(true), "seed " + seed + " second computation");
            assertEquals(once, PyJson.dumps(TreeJson.toJson(a), INDENT_4), "seed " + seed + " second computation changed the tree");
        }
    }
}
