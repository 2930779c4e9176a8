package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.regrade.api.JsonField;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.TreeJson;
import dev.regrade.rubric.json.TreeStatistics;
import org.junit.jupiter.api.Test;

/** Stored trees: their JSON, read back, counted and diffed, agree with the engine's nodes. */
class ResultNodeTest {
    private static Node scored(long seed) {
        Node root = RandomTrees.build(seed);
        root.computeScore(true);
        return root;
    }

    @Test
    void aStoredTreeReadsBackFromItsJson() {
        for (long seed = 0; seed < 200; seed++) {
            ResultNode stored = ResultNode.of(scored(seed));
            assertEquals(stored, TreeJson.readStored(JsonField.root(null, TreeJson.toJson(stored))), "seed " + seed);
        }
    }

    @Test
    void statisticsCountEveryNodeAndLeaf() {
        for (long seed = 0; seed < 200; seed++) {
            Node root = scored(seed);
            TreeStatistics s = TreeStatistics.of(ResultNode.of(root));
            assertEquals(RandomTrees.all(root).size(), s.totalNodes(), "seed " + seed);
            assertEquals(RandomTrees.all(root).stream().filter(Node::isLeaf).count(), s.leafNodes(), "seed " + seed);
        }
    }

    @Test
    void diffingStoredTreesGivesWhatDiffingTheirJsonGives() {
        int changes = 0;
        for (long seed = 0; seed < 200; seed++) {
            Node a = scored(seed);
            Node b = scored(seed + 1000);
            var typed = TreeDiff.diff(ResultNode.of(a), ResultNode.of(b));
            assertEquals(TreeDiff.diff(TreeJson.toJson(a), TreeJson.toJson(b)), typed, "seed " + seed);
            changes += typed.size();
        }
        assertFalse(changes == 0, "the random trees differ");
        assertEquals(TreeDiff.diff(TreeJson.toJson(scored(1)), null), TreeDiff.diff(ResultNode.of(scored(1)), null));
    }
}
