package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTest {
    private static final String SMALL = Markdown.render(SmallReports.small());

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

                0 runs · 0 inputs · 0 changed · **0 unexpected** · 0 crashes · 0 seed-dependent · 0 prompt-lint findings

                Judge: in-process · hash seeds: [0] · expectations: (built-in) none.json

                ## Unexpected changes

                None: every structural, content and verdict change is on a node the expectations allow.

                ## Score impact

                | Script | Input | released | fixed | Δ | Changed nodes |
                |---|---|---:|---:|---:|---|

                ## Changelog

                No scoring changes.

                ## Changes by script


                ## Crashes

                None.

                ## Seed-dependent trees

                None: every tree is the same under every hash seed.

                ## Prompt lint (missing values reaching the judge)

                None.
                """, Markdown.render(SmallReports.empty()));
    }

    @Test
    void theScoreTableHasOneRowPerComparisonWithTheCrashAndTheUnexpectedCount() {
        assertEquals("""
                ## Score impact

                | Script | Input | released | fixed | Δ | Changed nodes |
                |---|---|---:|---:|---:|---|
                | gas_stations | fixture short-final-leg | 0.800 | 1.000 | +0.200 | `station_5_distance_check` |
                | rl_course_book | policy minimal | crashed (TypeError) | 0.500 | – | `(run)` (**1 unexpected**) |
                | rl_course_book | policy empty | 0.000 | 0.000 | 0 | – |

                """, section(SMALL, "Score impact"));
    }

    @Test
    void unexpectedChangesComeFirstAndAreFlaggedUnderTheirScript() {
        assertTrue(SMALL.indexOf("## Unexpected changes") < SMALL.indexOf("## Score impact"));
        assertEquals("""
                ## Unexpected changes

                | Script | Input | Class | Change |
                |---|---|---|---|
                | rl_course_book | policy minimal | verdict | (run) outcome: crashed → scored |

                """, section(SMALL, "Unexpected changes"));
        assertEquals("""
                ## Changes by script

                ### gas_stations

                Expected: Only the last station's distance check can change.

                - **fixture short-final-leg** (0.800 → 1.000): The last leg is short \\| 12 miles
                  - verdict: station_5_distance_check status: failed → passed

                ### rl_course_book

                - **policy minimal** (crashed (TypeError) → 0.500): one element per list
                  - **UNEXPECTED** verdict: (run) outcome: crashed → scored

                """, section(SMALL, "Changes by script"));
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
}
