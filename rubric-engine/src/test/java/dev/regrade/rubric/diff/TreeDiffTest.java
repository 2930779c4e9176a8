package dev.regrade.rubric.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.JudgeReply;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TreeDiffTest {
    private static JsonNode tree(Consumer<Evaluator> build) {
        Evaluator e = new Evaluator(EvaluationContext.of("a")
                .withJudge(r -> new JudgeReply("r", !r.claim().contains("wrong"))));
        e.initialize("t", Strategy.PARALLEL, "task");
        build.accept(e);
        return ResultJson.summary(e).get("eval_breakdown").get(0).get("verification_tree");
    }

    private static List<String> lines(JsonNode before, JsonNode after) {
        return TreeDiff.diff(before, after).stream().map(c -> c.changeClass().label() + " " + c.describe()).toList();
    }

    @Test
    void identicalTreesHaveNoChanges() {
        JsonNode t = tree(e -> e.verify("ok", e.addLeaf("a", "a")));
        assertEquals(List.of(), TreeDiff.diff(t, t));
    }

    @Test
    void aMovedSubtreeIsOneMoveNamingBothParents() {
        JsonNode before = tree(e -> {
            Node course = e.addSequential("course", "course");
            e.addCustomNode(true, "exists", "exists", course);
            Node instr = e.addParallel("instructors", "instructors", null, false);
            e.verify("ok", e.addLeaf("instructors_correct", "c", instr, true));
        });
        JsonNode after = tree(e -> {
            Node course = e.addSequential("course", "course");
            e.addCustomNode(true, "exists", "exists", course);
            Node instr = e.addParallel("instructors", "instructors", course, false);
            e.verify("ok", e.addLeaf("instructors_correct", "c", instr, true));
        });
        assertEquals(List.of("structural moved instructors from root[1] to course[1]"), lines(before, after));
    }

    @Test
    void verdictContentAndDerivedChangesAreClassified() {
        JsonNode before = tree(e -> {
            Node p = e.addParallel("p", "p");
            e.verify("wrong claim", e.addLeaf("leaf", "leaf desc", p));
            e.verify("ok", e.addLeaf("other", "other", p));
        });
        JsonNode after = tree(e -> {
            Node p = e.addParallel("p", "p");
            e.verify("right claim", e.addLeaf("leaf", "leaf desc (fixed)", p));
            e.verify("ok", e.addLeaf("other", "other", p));
        });
        assertEquals(List.of(
                "derived root status: partial → passed",
                "derived root score: 0.5 → 1.0",
                "derived p status: partial → passed",
                "derived p score: 0.5 → 1.0",
                "content leaf desc: leaf desc → leaf desc (fixed)",
                "verdict leaf status: failed → passed",
                "verdict leaf score: 0.0 → 1.0"), lines(before, after));
    }

    @Test
    void insertionAndRemovalDoNotMakeLaterSiblingsMoved() {
        JsonNode before = tree(e -> {
            e.addCustomNode(true, "a", "a", null, false);
            e.addCustomNode(true, "b", "b", null, false);
            e.addCustomNode(true, "gone", "gone", null, false);
        });
        JsonNode after = tree(e -> {
            e.addCustomNode(true, "new", "new", null, false);
            e.addCustomNode(true, "a", "a", null, false);
            e.addCustomNode(true, "b", "b", null, false);
        });
        assertEquals(List.of("structural added new under root[0]", "structural removed gone from root[2]"),
                lines(before, after));
    }

    @Test
    void swappedSiblingsAreMoved() {
        JsonNode before = tree(e -> {
            e.addCustomNode(true, "a", "a", null, false);
            e.addCustomNode(true, "b", "b", null, false);
        });
        JsonNode after = tree(e -> {
            e.addCustomNode(true, "b", "b", null, false);
            e.addCustomNode(true, "a", "a", null, false);
        });
        assertEquals(List.of("structural moved b from root[1] to root[0]", "structural moved a from root[0] to root[1]"),
                lines(before, after));
    }

    @Test
    void aMissingTreeMakesEveryNodeAddedOrRemoved() {
        JsonNode t = tree(e -> e.addCustomNode(true, "a", "a"));
        assertEquals(List.of("structural added root under (top)", "structural added a under root[0]"), lines(null, t));
        assertEquals(2, TreeDiff.diff(t, null).size());
    }
}
