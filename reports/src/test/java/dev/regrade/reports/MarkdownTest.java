package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Crash;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTest {
    private static final String SMALL = Markdown.render(SmallReports.small());
    private static final String FULL = Markdown.renderFull(SmallReports.small());

    private static String section(String md, String heading) {
        int start = md.indexOf("## " + heading + "\n");
        assertTrue(start >= 0, heading);
        int end = md.indexOf("\n## ", start + 3);
        return md.substring(start, end < 0 ? md.length() : end + 1);
    }

    @Test
    void anEmptyAuditSaysNoneInEverySection() {
        assertEquals("""
                # Regrade audit: `released` → `fixed`

                **Verdict: pass.** Every change is on a node the expectations allow.

                0 runs · 0 inputs · 0 changed · **0 unexpected** · 0 crashes · 0 seed-dependent · 0 changed prompts · 0 prompt-lint findings

                Judge: in-process · hash seeds: [0] · expectations: (built-in) none.json

                Every row, every input's changes and the expectations: `report-full.md`, beside this report in the audit's output directory (in the pull-request workflow, the `regrade-audit` artifact of the run).

                ## Unexpected changes

                None: every structural, content and verdict change is on a node the expectations allow.

                ## Score impact

                0 of 0 rows changed or depend on the hash seed; 0 unchanged rows are not listed here.

                ## Changed nodes

                None.

                ## Changed prompts

                None: every prompt a script sent is the same before and after.

                ## Crashes

                None.

                ## Seed-dependent trees

                None: every tree is the same under every hash seed.

                ## Prompt lint (missing values reaching the judge)

                None.

                ## Changelog

                No scoring changes.
                """, Markdown.render(SmallReports.empty()));
    }

    @Test
    void theSectionsComeInReadingOrder() {
        for (String md : List.of(SMALL, FULL)) {
            int at = md.indexOf("**Verdict: FAIL.** 1 node has changes the expectations do not allow.");
            assertTrue(at > 0, md);
            for (String heading : List.of("Unexpected changes", "Score impact", "Changed nodes", "Changed prompts",
                    "Crashes",
                    "Seed-dependent trees", "Prompt lint (missing values reaching the judge)", "Changelog")) {
                int next = md.indexOf("\n## " + heading + "\n");
                assertTrue(next > at, heading + " after the previous section");
                at = next;
            }
        }
    }

    @Test
    void theSummaryListsTheChangedRowsAndCountsTheUnchanged() {
        assertEquals("""
                ## Score impact

                2 of 3 rows changed or depend on the hash seed; 1 unchanged row is not listed here.

                A score shown with a range differs across the hash seeds: the first seed's score, then the range, \
                linked to the seed-dependent trees.

                | Script | Input | released | fixed | Δ | Changed nodes |
                |---|---|---:|---:|---:|---|
                | gas_stations | fixture short-final-leg | 0.800 | 1.000 ([seeds: 0.800–1.000](#seed-dependent-trees)) \
                | +0.200 | `station_5_distance_check` |
                | rl_course_book | policy minimal | crashed (TypeError) | 0.500 | – | `(run)` (**1 unexpected**) |

                """, section(SMALL, "Score impact"));
        assertTrue(section(FULL, "Score impact").contains("| rl_course_book | policy empty | 0.000 | 0.000 | 0.000 | – |\n"));
        // report.md is pasted into a PR comment, where a relative link leads nowhere: it says where the file is
        assertFalse(SMALL.contains("](report-full.md"), SMALL);
        assertTrue(SMALL.contains("`report-full.md`, beside this report"), SMALL);
    }

    @Test
    void unexpectedChangesAreOneRowPerNodeAndFlaggedUnderTheirScript() {
        assertEquals("""
                ## Unexpected changes

                | Script | Input | Node | Class | Changes |
                |---|---|---|---|---|
                | rl_course_book | policy minimal | `(run)` | verdict | (run) outcome: crashed → scored |

                """, section(SMALL, "Unexpected changes"));
        assertEquals("""
                ## Changed nodes

                ### gas_stations

                Expected: Only the last station's distance check can change.

                - **fixture short-final-leg** (0.800 → 1.000 ([seeds: 0.800–1.000](#seed-dependent-trees))): \
                The last leg is short \\| 12 miles
                  - verdict: station_5_distance_check status: failed → passed

                ### rl_course_book

                - **policy minimal** (crashed (TypeError) → 0.500): one element per list
                  - **UNEXPECTED** verdict: (run) outcome: crashed → scored

                """, section(FULL, "Changed nodes"));
    }

    @Test
    void theSummaryStatesAChangeSharedByInputsOnce() {
        String md = Markdown.render(SmallReports.shared());
        assertEquals("""
                ## Changed nodes

                ### gas_stations

                In all 2 changed inputs:

                - verdict: station_5_distance_check status: failed → passed

                In 1 input (fixture long-final-leg):

                - content: station_1 desc: Station 1: A → Station 1: B
                - **UNEXPECTED** verdict: station_2_check status: passed → failed
                - **UNEXPECTED** verdict: station_2_check score: 1.0 → 0.0

                """, section(md, "Changed nodes"));
        assertTrue(section(md, "Unexpected changes").contains("| gas_stations | fixture long-final-leg | "
                + "`station_2_check` | verdict | station_2_check status: passed → failed; station_2_check score: "
                + "1.0 → 0.0 |\n"), md);
        assertTrue(section(md, "Score impact").contains("| 0.000 | score unchanged, 1 claim reworded, 2 verdicts changed: "
                + "`station_5_distance_check`, `station_1`, `station_2_check` (**1 unexpected**) |\n"),
                "one unexpected node, not two changes; what changed at the same score, in one phrase: " + md);
    }

    @Test
    void theChangelogIsWithheldBesideUnexpectedChangesAndNamesTheUnexercisedFixes() {
        assertEquals("""
                ## Changelog

                No changelog line: 1 node has unexpected changes; declare or fix them first.

                Declared fixes no input exercised (no comparison of the script changed): drone_delivery.
                """, section(SMALL, "Changelog"));
    }

    @Test
    void crashesSayWhatTheOtherVariantDid() {
        assertTrue(section(SMALL, "Crashes").contains(
                "| rl_course_book | policy minimal | released | TypeError: slice indices must be integers | fixed: scored 0.500 |\n"),
                SMALL);
    }

    @Test
    void seedDependentTreesNameTheSeedsAndTheNodes() {
        assertTrue(section(SMALL, "Seed-dependent trees").contains("| Script | Variant | Input | Seed vs 0 | Differing nodes |\n"
                + "|---|---|---|---|---|\n| gas_stations | fixed | fixture short-final-leg | 1 | `station_1` |\n"), SMALL);
    }

    @Test
    void pipesAndTagsInAClaimCannotBreakTheTable() {
        List<String> rows = section(SMALL, "Prompt lint (missing values reaching the judge)").lines()
                .filter(l -> l.startsWith("| rl_course_book")).toList();
        assertEquals(List.of("| rl_course_book | released | policy empty | `course_name_check` | None | "
                + "The course &lt;script&gt;alert('x')&lt;/script&gt; \\| None is taught |"), rows);
        assertFalse(SMALL.contains("<script>"));
    }

    @Test
    void aMultiLineCrashKeepsItsLineBreaksFoldedUnderItsFirstLine() {
        AuditReport small = SmallReports.small();
        String pydantic = "1 validation error for BookList\nbooks.0.title\n  Input should be a valid string "
                + "[type=string_type, input_value=None, input_type=NoneType]";
        Crash c = small.crashes().get(0);
        AuditReport withError = new AuditReport(small.version(), small.before(), small.after(), small.judge(),
                small.seeds(), small.expectations(), small.summary(), small.comparisons(), small.unexpected(),
                small.determinism(), small.lint(), List.of(new Crash(c.input(), c.variant(), "ValidationError", pydantic,
                        c.otherVariant(), c.otherOutcome(), c.otherScore())), small.changelog(), small.python(),
                small.prompts());
        String crashes = section(Markdown.render(withError), "Crashes");
        assertTrue(crashes.contains("| <details><summary>ValidationError: 1 validation error for BookList</summary>"
                + "ValidationError: 1 validation error for BookList<br>books.0.title<br>  Input should be a valid string "
                + "&#91;type=string&#95;type, input&#95;value=None, input&#95;type=NoneType]</details> |"), crashes);
        assertEquals(1, crashes.lines().filter(l -> l.startsWith("| rl_course_book")).count(), "one table row: " + crashes);
    }
}
