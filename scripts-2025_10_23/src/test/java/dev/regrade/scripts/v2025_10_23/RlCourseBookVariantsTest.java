package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the rl_course_book fix (FIXES.md §A and its decision point): where the
 * instructors subtree hangs in each variant, what a wrong instructor costs, which checks a failed
 * course page or a failed book check skips, and when the instructor claim reaches the judge.
 */
class RlCourseBookVariantsTest {
    private static final String RELEASED = "released";
    private static final String FIXED = "fixed";
    private static final String LAST = "instructors-last";

    private static final String STANFORD_INSTRUCTORS =
            "This is a webpage for a course, and the instructor(s) for this course include Emma Brunskill.";
    private static final String STANFORD_COURSE =
            "This webpage is for a reinforcement learning (RL) course at Stanford with course name "
                    + "'CS234: Reinforcement Learning'.";
    private static final String STANFORD_AUTHORS = "The book titled 'Reinforcement Learning: An Introduction' is "
            + "written by Richard S. Sutton, Andrew G. Barto.";
    private static final String STANFORD_FORMAT = "The book titled 'Reinforcement Learning: An Introduction' is "
            + "listed in paperback or hardcover format on this webpage (no need to be currently available).";

    /** The complete, correct answer's extractions (the full_correct golden case). */
    private static JsonNode correct;

    @BeforeAll
    static void load() throws IOException {
        correct = RlCourseBookGoldenTest.MAPPER.readTree(
                RlCourseBookGoldenTest.resources("golden").resolve("released__full_correct.json").toFile())
                .get("extractions");
    }

    private static Evaluator run(String variant, String... rejectedClaims) {
        ObjectNode judge = RlCourseBookGoldenTest.MAPPER.createObjectNode().put("default", true);
        ObjectNode table = judge.putObject("table");
        for (String c : rejectedClaims) {
            table.put(c, false);
        }
        RlCourseBookGoldenTest.Run r = RlCourseBookGoldenTest.run(variant, correct, judge);
        assertEquals(null, r.crash());
        ResultJson.summary(r.evaluator());
        return r.evaluator();
    }

    private static List<String> childIds(Node n) {
        return n.children().stream().map(Node::id).toList();
    }

    private static Node find(Node n, String id) {
        if (n.id().equals(id)) {
            return n;
        }
        for (Node c : n.children()) {
            Node f = find(c, id);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static List<String> claims(Evaluator e) {
        return RlCourseBookGoldenTest.claims(e);
    }

    @Test
    void hasExactlyTheThreeVariantsAndRejectsOthers() {
        RubricScript script = RlCourseBook.SCRIPT;
        assertEquals("rl_course_book", script.name());
        assertEquals(List.of("released", "fixed", "instructors-last"), script.variantNames());
        assertThrows(IllegalArgumentException.class,
                () -> script.evaluate(new Evaluator(EvaluationContext.of("")), "instructors_last"));
    }

    @Test
    void releasedHangsEachInstructorsSubtreeUnderTheRootBecauseOfTheParentNodeTypo() {
        Evaluator e = run(RELEASED);
        assertEquals(List.of("book_uniqueness_check", "stanford_verification", "stanford_instructors",
                "cmu_verification", "cmu_instructors", "uc_berkeley_verification", "uc_berkeley_instructors"),
                childIds(e.root()));
        assertEquals(List.of("stanford_course_urls_exist", "stanford_course_exists", "stanford_book"),
                childIds(find(e.root(), "stanford_course_verification")));
    }

    @Test
    void fixedHangsInstructorsUnderTheCourseNodeAfterTheBookRecommendedCheck() {
        Evaluator e = run(FIXED);
        assertEquals(List.of("book_uniqueness_check", "stanford_verification", "cmu_verification",
                "uc_berkeley_verification"), childIds(e.root()));
        assertEquals(List.of("stanford_course_urls_exist", "stanford_course_exists", "stanford_book",
                "stanford_instructors"), childIds(find(e.root(), "stanford_course_verification")));
        assertEquals(List.of("stanford_course_verification", "stanford_book_verification"),
                childIds(find(e.root(), "stanford_verification")));
    }

    @Test
    void instructorsLastMakesInstructorsTheLastChildOfTheUniversityNode() {
        Evaluator e = run(LAST);
        assertEquals(List.of("book_uniqueness_check", "stanford_verification", "cmu_verification",
                "uc_berkeley_verification"), childIds(e.root()));
        assertEquals(List.of("stanford_course_verification", "stanford_book_verification", "stanford_instructors"),
                childIds(find(e.root(), "stanford_verification")));
        assertEquals(List.of("stanford_course_urls_exist", "stanford_course_exists", "stanford_book"),
                childIds(find(e.root(), "stanford_course_verification")));
    }

    @Test
    void oneWrongInstructorCostsASixthReleasedAQuarterFixedANinthInstructorsLast() {
        assertEquals(5.0 / 6.0, run(RELEASED, STANFORD_INSTRUCTORS).score(), 1e-15);
        assertEquals(0.75, run(FIXED, STANFORD_INSTRUCTORS).score(), 0.0);
        assertEquals(8.0 / 9.0, run(LAST, STANFORD_INSTRUCTORS).score(), 1e-15);
    }

    @Test
    void fixedWrongInstructorSkipsThatUniversitysBookChecks() {
        Evaluator fixed = run(FIXED, STANFORD_INSTRUCTORS);
        assertFalse(claims(fixed).contains(STANFORD_AUTHORS));
        assertEquals(Status.SKIPPED, find(fixed.root(), "stanford_book_verification").status());
        assertTrue(claims(run(RELEASED, STANFORD_INSTRUCTORS)).contains(STANFORD_AUTHORS));
        assertTrue(claims(run(LAST, STANFORD_INSTRUCTORS)).contains(STANFORD_AUTHORS));
    }

    @Test
    void failedCoursePageStillSendsTheInstructorClaimToTheJudgeOnlyInReleased() {
        Evaluator released = run(RELEASED, STANFORD_COURSE);
        assertTrue(claims(released).contains(STANFORD_INSTRUCTORS));
        assertEquals(Status.PASSED, find(released.root(), "stanford_instructors_correct").status());
        assertEquals(5.0 / 6.0, released.score(), 1e-15);
        for (String variant : List.of(FIXED, LAST)) {
            Evaluator e = run(variant, STANFORD_COURSE);
            assertFalse(claims(e).contains(STANFORD_INSTRUCTORS), variant);
            assertEquals(Status.SKIPPED, find(e.root(), "stanford_instructors_correct").status(), variant);
            assertEquals(2.0 / 3.0, e.score(), 1e-15, variant);
        }
    }

    @Test
    void instructorsLastJudgesTheInstructorClaimAfterTheBookChecksInsteadOfBefore() {
        for (String variant : List.of(RELEASED, FIXED)) {
            List<String> c = claims(run(variant));
            assertTrue(c.indexOf(STANFORD_INSTRUCTORS) < c.indexOf(STANFORD_AUTHORS), variant);
        }
        List<String> last = claims(run(LAST));
        assertTrue(last.indexOf(STANFORD_INSTRUCTORS) > last.lastIndexOf(STANFORD_FORMAT));
        assertTrue(last.indexOf(STANFORD_INSTRUCTORS) < last.indexOf(
                "This webpage is for a reinforcement learning (RL) course at CMU with course name "
                        + "'10-703 Deep Reinforcement Learning and Control'."));
    }

    @Test
    void failedBookCheckSkipsTheInstructorCheckOnlyInInstructorsLast() {
        for (String variant : List.of(RELEASED, FIXED)) {
            Evaluator e = run(variant, STANFORD_AUTHORS);
            assertTrue(claims(e).contains(STANFORD_INSTRUCTORS), variant);
            assertEquals(Status.PASSED, find(e.root(), "stanford_instructors_correct").status(), variant);
        }
        Evaluator last = run(LAST, STANFORD_AUTHORS);
        assertFalse(claims(last).contains(STANFORD_INSTRUCTORS));
        assertEquals(Status.SKIPPED, find(last.root(), "stanford_instructors_correct").status());
        assertEquals(Status.SKIPPED, find(last.root(), "stanford_instructors").status());
    }
}
