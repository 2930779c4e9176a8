package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.pycompat.PyValueError;
import org.junit.jupiter.api.Test;

/** One scenario per rule of the original's VerificationNode, written from its source. */
class NodeScoringTest {
    private static Node leaf(String id, boolean critical, boolean passed) {
        return new Node(id, id, critical, passed ? 1.0 : 0.0, passed ? Status.PASSED : Status.FAILED,
                Strategy.PARALLEL);
    }

    private static Node container(String id, boolean critical, Strategy s) {
        return Node.of(id, id, critical, s);
    }

    @Test
    void constructorRejectsAStatusThatDoesNotFitTheScore() {
        assertThrows(PyValueError.class, () -> new Node("a", "a", false, 0.5, Status.PASSED, Strategy.PARALLEL));
        assertThrows(PyValueError.class, () -> new Node("a", "a", false, 1.0, Status.PARTIAL, Strategy.PARALLEL));
        assertThrows(PyValueError.class, () -> new Node("a", "a", false, 1.0, Status.SKIPPED, Strategy.PARALLEL));
        assertThrows(PyValueError.class, () -> new Node("a", "a", false, 1.5, Status.INITIALIZED, Strategy.PARALLEL));
    }

    @Test
    void criticalParentRefusesNonCriticalChildWithTheOriginalMessage() {
        Node parent = container("p", true, Strategy.PARALLEL);
        PyValueError e = assertThrows(PyValueError.class, () -> parent.addNode(leaf("c", false, true)));
        assertEquals("Critical node 'p' cannot have non-critical child 'c'. "
                + "All children of critical nodes must also be critical.", e.getMessage());
        assertEquals("ValueError", e.pythonType());
    }

    @Test
    void sequentialShortCircuitMarksLaterSiblingsSkippedButKeepsTheirDescendants() {
        Node root = container("root", false, Strategy.SEQUENTIAL);
        root.addNode(leaf("a", false, true));
        root.addNode(leaf("b", false, false));
        Node later = container("c", false, Strategy.PARALLEL);
        later.addNode(leaf("c1", false, true));
        root.addNode(later);
        double score = root.computeScore(true);
        assertEquals((1.0 + 0.0 + 0.0) / 3, score);
        assertEquals(Status.SKIPPED, later.status());
        assertEquals(0.0, later.score());
        assertEquals(Status.PASSED, later.children().get(0).status(), "descendants keep their values");
        assertEquals(1.0, later.children().get(0).score());
    }

    @Test
    void nonMutatingComputationDoesNotShortCircuitOrWrite() {
        Node root = container("root", false, Strategy.SEQUENTIAL);
        root.addNode(leaf("a", false, false));
        root.addNode(leaf("b", false, true));
        assertEquals(0.5, root.computeScore(false));
        assertEquals(Status.PASSED, root.children().get(1).status());
        assertEquals(Status.INITIALIZED, root.status());
        assertEquals(0.0, root.score());
    }

    @Test
    void failingCriticalChildZeroesTheParent() {
        Node p = container("p", false, Strategy.PARALLEL);
        p.addNode(leaf("gate", true, false));
        p.addNode(leaf("soft", false, true));
        assertEquals(0.0, p.computeScore(true));
        assertEquals(Status.FAILED, p.status());
    }

    @Test
    void averageRunsOverNonCriticalChildrenOnly() {
        Node p = container("p", false, Strategy.PARALLEL);
        p.addNode(leaf("gate", true, true));
        p.addNode(leaf("s1", false, true));
        p.addNode(leaf("s2", false, false));
        p.addNode(leaf("s3", false, false));
        assertEquals(1.0 / 3.0, p.computeScore(true));
        assertEquals(Status.PARTIAL, p.status());
    }

    @Test
    void onlyCriticalChildrenAllPassingGiveOne() {
        Node p = container("p", false, Strategy.PARALLEL);
        p.addNode(leaf("g1", true, true));
        p.addNode(leaf("g2", true, true));
        assertEquals(1.0, p.computeScore(true));
        assertEquals(Status.PASSED, p.status());
    }

    @Test
    void zeroScoreIsFailedOnlyWhenADirectChildFailed() {
        Node p = container("p", false, Strategy.PARALLEL);
        p.addNode(new Node("s", "s", false, 0.0, Status.SKIPPED, Strategy.PARALLEL));
        p.addNode(Node.of("i", "i", false, Strategy.PARALLEL));
        assertEquals(0.0, p.computeScore(true));
        assertEquals(Status.SKIPPED, p.status(), "no direct child failed");
        Node q = container("q", false, Strategy.PARALLEL);
        Node inner = container("inner", false, Strategy.PARALLEL);
        inner.addNode(leaf("x", false, false));
        q.addNode(inner);
        assertEquals(0.0, q.computeScore(true));
        assertEquals(Status.FAILED, inner.status());
        assertEquals(Status.FAILED, q.status(), "the child container failed");
    }

    @Test
    void aggregatedScoreIsCachedAndIgnoresNodesAddedLater() {
        Node root = container("root", false, Strategy.PARALLEL);
        root.addNode(leaf("a", false, true));
        assertEquals(1.0, root.aggregatedScore());
        root.addNode(leaf("b", false, false));
        assertEquals(1.0, root.aggregatedScore(), "the cache is never invalidated");
        assertEquals(0.5, root.computeScore(true), "a fresh computation sees the new child");
    }

    @Test
    void neverVerifiedLeafKeepsInitializedAndCountsZero() {
        Node root = container("root", false, Strategy.PARALLEL);
        root.addNode(Node.of("a", "a", false, Strategy.PARALLEL));
        root.addNode(leaf("b", false, true));
        assertEquals(0.5, root.computeScore(true));
        assertEquals(Status.INITIALIZED, root.children().get(0).status());
    }
}
