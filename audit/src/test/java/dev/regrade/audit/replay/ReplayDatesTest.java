package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.Policies;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The evaluation date of a runner result: the date of its file's time stamp, searched around (up to
 * {@link Replayer#DATE_SEARCH_DAYS} days) when a date-dependent tree is not reproduced on it, as a run
 * that crossed midnight leaves it; Regrade's stored date is kept. county_AQI's year window
 * ("within the last 10 years (2017-2026)") reads the clock.
 */
class ReplayDatesTest {
    private static final RubricScript COUNTY = RubricScripts.byName("county_AQI").orElseThrow();
    private static final Replayer TO_FIXED = new Replayer(RubricScripts::byName, "released", "fixed");

    /** county_AQI evaluated on {@code date}, as the runner stores it (no regrade object) under {@code fileName}. */
    private static StoredResult runnerResult(LocalDate date, String fileName) {
        ObjectNode doc = document(date);
        doc.remove("regrade");
        return StoredResult.read(path(fileName), doc);
    }

    private static ObjectNode document(LocalDate date) {
        try (Runner runner = new Runner()) {
            RunRecord r = runner.run(new RunSpec(COUNTY, "released", Policies.FULL, date, 0L), JudgeMode.IN_PROCESS);
            return ResultJson.toJson(r.document());
        }
    }

    private static Path path(String fileName) {
        return Paths.get("eval_results", "agent_01", "county_AQI", "answer_1", "results", fileName);
    }

    @Test
    void theFileNamesDateIsTheEvaluationDate() {
        assertEquals(Optional.of(LocalDate.of(2026, 11, 29)), ResultLayout.fileDate(path("20261129_101500_answer_1.md.json")));
        assertEquals(Optional.empty(), ResultLayout.fileDate(path("20261340_101500_answer_1.md.json")), "no calendar date");
        assertEquals(Optional.empty(), ResultLayout.fileDate(Paths.get("results", "20261129_101500_a.json")), "not the layout");

        ReplayResult r = TO_FIXED.replay(runnerResult(LocalDate.of(2026, 11, 29), "20261129_101500_answer_1.md.json"));
        assertEquals(Status.REPLAYED, r.status(), r.reason());
        assertEquals("2026-11-29", r.evalDate());
        assertEquals("from the file name", r.dateSource());
        assertEquals("replayed under evaluation date 2026-11-29, from the file name", ReplayReport.dateLine(r));
        assertTrue(new ReplayReport(java.util.List.of(r)).text().contains("replayed under evaluation date 2026-11-29, "
                + "from the file name"));
    }

    @Test
    void aRunThatCrossedMidnightIsFoundByTheSearchAndSaidSo() {
        // Stamped as the evaluation began on New Year's Eve; the script read the clock after midnight (window
        // 2018-2027): the file says 2026-12-31.
        StoredResult stored = runnerResult(LocalDate.of(2027, 1, 1), "20261231_235959_answer_1.md.json");
        assertTrue(!document(LocalDate.of(2026, 12, 31)).get("eval_breakdown")
                .equals(document(LocalDate.of(2027, 1, 1)).get("eval_breakdown")), "the tree depends on the year");
        ReplayResult r = TO_FIXED.replay(stored);
        assertEquals(Status.REPLAYED, r.status(), r.reason());
        assertEquals("2027-01-01", r.evalDate());
        assertEquals("replayed under evaluation date 2027-01-01, the nearest date to 2026-12-31 (from the file name) "
                + "that reproduces the tree", ReplayReport.dateLine(r));
    }

    @Test
    void theDateSearchSpendsTheBudgetAndSaysSoWhenItRunsOut() {
        StoredResult stored = runnerResult(LocalDate.of(2027, 1, 1), "20261231_235959_answer_1.md.json");
        // 2027-01-01 is the search's first run (the later date first): a budget of one run finds it.
        ReplayResult one = TO_FIXED.withSearchBudget(1).replay(stored);
        assertEquals(Status.REPLAYED, one.status(), one.reason());
        assertEquals("2027-01-01", one.evalDate());
        ReplayResult none = TO_FIXED.withSearchBudget(0).replay(stored);
        assertEquals(Status.OVER_BUDGET, none.status());
        assertTrue(none.reason().startsWith("no evaluation date within the search budget of 0 runs reproduces the "
                + "stored tree; raise --search-budget ("), none.reason());
        assertEquals("2026-12-31", none.evalDate(), "the date its self-check ran under");
        assertTrue(new ReplayReport(java.util.List.of(none)).selfCheckFailed(), "exit 1, as a mismatch");
    }

    @Test
    void beyondTheSearchItIsAMismatchNamingTheSearch() {
        StoredResult stored = runnerResult(LocalDate.of(2025, 10, 23), "20270615_120000_answer_1.md.json");
        ReplayResult r = TO_FIXED.replay(stored);
        assertEquals(Status.MISMATCH, r.status());
        assertTrue(r.reason().endsWith("; nor under any evaluation date within " + Replayer.DATE_SEARCH_DAYS
                + " days of 2027-06-15 (from the file name)"), r.reason());
    }

    @Test
    void aRegradeResultKeepsItsStoredDateAndIsNeverSearched() {
        ObjectNode doc = document(LocalDate.of(2026, 12, 31));
        StoredResult kept = StoredResult.read(path("20270101_000004_answer_1.md.json"), doc);
        ReplayResult r = TO_FIXED.replay(kept);
        assertEquals(Status.REPLAYED, r.status(), r.reason());
        assertEquals("2026-12-31", r.evalDate());
        assertEquals("stored", r.dateSource());

        ((ObjectNode) doc.get("regrade")).put("eval_date", "2027-01-01"); // a stored date that does not reproduce it
        ReplayResult wrong = TO_FIXED.replay(StoredResult.read(path("20261231_120000_answer_1.md.json"), doc));
        assertEquals(Status.MISMATCH, wrong.status());
        assertTrue(!wrong.reason().contains("nor under any evaluation date"), wrong.reason());
    }

    @Test
    void aResultThatReadsNoClockNamesNoDate() {
        RubricScript ikea = RubricScripts.byName("ikea_shopping_list").orElseThrow();
        try (Runner runner = new Runner()) {
            ObjectNode doc = ResultJson.toJson(runner.run(new RunSpec(ikea, "released", Policies.FULL, null, 0L),
                    JudgeMode.IN_PROCESS).document());
            doc.remove("regrade");
            ReplayResult r = TO_FIXED.replay(StoredResult.read(Paths.get("eval_results", "a", "ikea_shopping_list", "answer_1",
                    "results", "20261129_101500_answer_1.md.json"), doc));
            assertEquals(Status.REPLAYED, r.status(), r.reason());
            assertNull(r.evalDate());
            assertNull(ReplayReport.dateLine(r));
        }
    }
}
