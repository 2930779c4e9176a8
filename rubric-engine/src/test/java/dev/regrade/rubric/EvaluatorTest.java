package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.template.Default;
import dev.regrade.rubric.template.PyValidationError;
import dev.regrade.rubric.template.Required;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One scenario per rule of the original's Evaluator, written from its source. */
class EvaluatorTest {
    private ScriptedJudge judge = new ScriptedJudge(true);

    private Evaluator evaluator(Strategy rootStrategy) {
        EvaluationContext ctx = EvaluationContext.of("the answer")
                .withJudge(judge)
                .withPages(url -> url.contains("gone") ? Optional.empty() : Optional.of(new Page("text of " + url, List.of())))
                .withExtractor(r -> JsonNodeFactory.instance.objectNode().put("name", "Ada").put("year", 1843));
        Evaluator e = new Evaluator(ctx);
        e.initialize("task", rootStrategy, null);
        return e;
    }

    @Test
    void rootIsNonCriticalWithTheDefaultDescription() {
        Evaluator e = evaluator(Strategy.SEQUENTIAL);
        assertEquals("root", e.root().id());
        assertEquals("Evaluation for task", e.root().desc());
        assertFalse(e.root().critical());
        assertEquals(Strategy.SEQUENTIAL, e.root().strategy());
    }

    @Test
    void duplicateIdsGetNumberedSuffixes() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        assertEquals("x", e.addLeaf("x", "d").id());
        assertEquals("x_1", e.addLeaf("x", "d").id());
        assertEquals("x_2", e.addParallel("x", "d").id());
        assertEquals("root_1", e.addLeaf("root", "d").id());
        assertEquals("x_1_1", e.addLeaf("x_1", "d").id());
    }

    @Test
    void customNodeIsCriticalByDefault() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addCustomNode(false, "exists", "exists");
        assertTrue(n.critical());
        assertEquals(Status.FAILED, n.status());
        assertTrue(e.addCustomNode(true, "ok", "ok").critical());
        assertFalse(e.addCustomNode(true, "soft", "soft", null, false).critical());
    }

    @Test
    void nullParentAttachesToTheRoot() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node course = e.addSequential("course", "course");
        Node detached = e.addParallel("instructors", "instructors", null, false);
        assertEquals(List.of(course, detached), e.root().children());
    }

    @Test
    void majorityVoteStopsAfterTwoAgreeingVotes() {
        judge.votes("c", true, true, false);
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertTrue(e.verify("c", n));
        assertEquals(2, judge.requests.size());
        assertEquals(Status.PASSED, n.status());
        judge.votes("d", false, false, true);
        Node m = e.addLeaf("m", "m");
        assertFalse(e.verify("d", m));
        assertEquals(4, judge.requests.size());
        assertEquals(Status.FAILED, m.status());
    }

    @Test
    void majorityVoteTakesAThirdVoteOnDisagreement() {
        judge.votes("c", true, false, true).votes("d", false, true, false);
        Evaluator e = evaluator(Strategy.PARALLEL);
        assertTrue(e.verify("c", e.addLeaf("n", "n")));
        assertFalse(e.verify("d", e.addLeaf("m", "m")));
        assertEquals(6, judge.requests.size());
        assertEquals(List.of(1, 2, 3, 1, 2, 3), judge.requests.stream().map(r -> r.vote()).toList());
    }

    @Test
    void aFailingCriticalSiblingSkipsTheCheckWithoutAJudgeCall() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        e.addCustomNode(false, "gate", "gate");
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n));
        assertEquals(Status.SKIPPED, n.status());
        assertTrue(judge.requests.isEmpty());
    }

    @Test
    void aFailedSequentialPredecessorSkipsLaterChecks() {
        judge.votes("first", false, false);
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node seq = e.addSequential("seq", "seq");
        Node a = e.addLeaf("a", "a", seq);
        Node b = e.addLeaf("b", "b", seq);
        e.verify("first", a);
        assertFalse(e.verify("second", b));
        assertEquals(Status.SKIPPED, b.status());
        assertEquals(2, judge.requests.size());
    }

    @Test
    void preconditionsAreCollectedAtEveryLevelUpToTheRoot() {
        Evaluator e = evaluator(Strategy.SEQUENTIAL);
        Node first = e.addLeaf("first", "first");
        first.set(0.0, Status.FAILED);
        Node branch = e.addParallel("branch", "branch");
        Node inner = e.addParallel("inner", "inner", branch);
        Node n = e.addLeaf("n", "n", inner);
        assertFalse(e.verify("c", n));
        assertEquals(Status.SKIPPED, n.status(), "blocked by the root's earlier sequential child two levels up");
    }

    @Test
    void preconditionsSeeOnlyNodesThatExistAtCallTime() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertTrue(e.verify("c", n));
        e.addCustomNode(false, "late_gate", "late gate");
        assertEquals(Status.PASSED, n.status());
    }

    @Test
    void aChildlessContainerCountsAsALeafWithItsOwnStatus() {
        Evaluator e = evaluator(Strategy.SEQUENTIAL);
        Node empty = e.addParallel("placeholder", "placeholder");
        empty.set(0.0, Status.SKIPPED);
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n));
        assertEquals(Status.SKIPPED, n.status());
    }

    @Test
    void extraPrerequisitesBlockAndANodeCannotDependOnItself() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node other = e.addLeaf("other", "other");
        other.set(0.0, Status.FAILED);
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n, Sources.none(), List.of(other), null));
        assertEquals(Status.SKIPPED, n.status());
        Node m = e.addLeaf("m", "m");
        assertFalse(e.verify("c", m, Sources.none(), List.of(m), null));
        assertEquals(Status.FAILED, m.status(), "the ValueError is caught by verify");
    }

    @Test
    void severalUrlsPassIfAnyPasses() {
        judge.urlVotes("c", "https://a.test", false, false).urlVotes("c", "https://b.test", true, true);
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertTrue(e.verify("c", n, Sources.urls(List.of("https://a.test", "https://b.test"))));
        assertEquals(Status.PASSED, n.status());
        assertEquals(4, judge.requests.size());
        assertEquals("n", judge.requests.get(0).nodeId(), "per-URL checks are journaled under the verified node");
    }

    @Test
    void severalUrlsAllFailingFailTheNode() {
        judge.votes("c", false, false, false, false);
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n, Sources.urls(List.of("https://a.test", "https://gone.test"))));
        assertEquals(Status.FAILED, n.status());
        assertEquals(2, judge.requests.size(), "the page that could not be loaded makes no judge call");
    }

    @Test
    void singleUrlRoutingIncludesEmptyStringAndOneElementList() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        assertTrue(e.verify("c", e.addLeaf("a", "a"), Sources.url("")));
        assertTrue(e.verify("c", e.addLeaf("b", "b"), Sources.urls(List.of("https://x.test"))));
        assertTrue(e.verify("c", e.addLeaf("c", "c"), Sources.urls(List.of())));
        assertEquals("", judge.requests.get(0).url());
        assertEquals("https://x.test", judge.requests.get(2).url());
        assertEquals(null, judge.requests.get(4).url(), "[] is the simple check");
    }

    @Test
    void aNullUrlFailsTheNodeAsTheOriginalsAttributeError() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n, Sources.url(null)));
        assertEquals(Status.FAILED, n.status());
    }

    @Test
    void aJudgeExceptionFailsTheNode() {
        judge.raising("c");
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node n = e.addLeaf("n", "n");
        assertFalse(e.verify("c", n));
        assertEquals(Status.FAILED, n.status());
        assertEquals(1, judge.requests.size(), "no further votes after a failed request");
        assertEquals(null, e.judgeRequests().get(0).verdict());
    }

    @Test
    void verifyWithoutANodeReturnsTheVerdict() {
        judge.votes("c", false, false);
        Evaluator e = evaluator(Strategy.PARALLEL);
        assertFalse(e.verify("c", null));
        assertEquals(2, e.judgeRequests().size());
    }

    @Test
    void emptyInstructionBecomesTheStringNone() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        e.verify("c", e.addLeaf("n", "n"), Sources.none(), "");
        assertTrue(judge.requests.get(0).prompt().contains("```\nNone\n```"));
    }

    record Person(String name, Integer year, @Default("[]") List<String> tags) {
    }

    record Strict(@Required String name, @Required List<String> titles) {
    }

    @Test
    void extractionIsRecordedInOrderWithInfoAfterIt() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        e.addCustomInfo(Map.of("k", 1), "custom_type", "named");
        e.addGroundTruth(Map.of("gt", "v"));
        Person p = e.extract("prompt", Person.class, "person");
        assertEquals(new Person("Ada", 1843, List.of()), p);
        e.addCustomInfo(Map.of("k", 2), "plain");
        JsonNode info = ResultJson.summary(e).get("eval_breakdown").get(0).get("info");
        assertEquals("[{\"person\":{\"name\":\"Ada\",\"year\":1843,\"tags\":[]}},{\"ground_truth\":{\"gt\":\"v\"}},"
                + "{\"named\":{\"k\":1}},{\"plain\":{\"k\":2}}]", info.toString());
    }

    @Test
    void summaryHasThePlaceholderWhenNothingWasRecorded() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        assertEquals("[{\"no_info\":\"No information recorded\"}]",
                ResultJson.summary(e).get("eval_breakdown").get(0).get("info").toString());
    }

    @Test
    void failedExtractionFallsBackToTheEmptyInstance() {
        EvaluationContext ctx = EvaluationContext.of("a").withExtractor(r -> {
            throw new IllegalStateException("model down");
        });
        Evaluator e = new Evaluator(ctx);
        e.initialize("t", Strategy.PARALLEL, "desc");
        assertEquals(new Person(null, null, List.of()), e.extract("p", Person.class, "person"));
        PyValidationError crash = assertThrows(PyValidationError.class, () -> e.extract("p", Strict.class, "strict"));
        assertEquals("ValidationError", crash.pythonType());
        assertTrue(crash.getMessage().startsWith("2 validation errors for Strict\nname\n  Field required [type=missing"),
                crash.getMessage());
    }

    @Test
    void summaryHasTheOriginalShapeAndStatistics() {
        Evaluator e = evaluator(Strategy.PARALLEL);
        Node p = e.addParallel("p", "p");
        e.addCustomNode(true, "c", "c", p, false);
        JsonNode s = ResultJson.summary(e);
        assertEquals(List.of("agent_name", "answer_name", "final_score", "judge_model", "extract_model",
                "eval_breakdown", "tree_statistics"), iterable(s.fieldNames()));
        assertEquals("unknown_agent", s.get("agent_name").textValue());
        assertEquals("o4-mini", s.get("judge_model").textValue());
        assertEquals("{\"depth\":2,\"total_nodes\":3,\"leaf_nodes\":1}", s.get("tree_statistics").toString());
        assertEquals(List.of("id", "desc", "critical", "score", "status", "strategy", "children"),
                iterable(s.get("eval_breakdown").get(0).get("verification_tree").fieldNames()));
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
