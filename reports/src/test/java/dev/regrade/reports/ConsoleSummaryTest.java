package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
    @Test
    void theCountsEachUnexpectedChangeAndTheChangelog() {
        assertEquals(List.of("12 runs, 3 inputs: 2 changed trees, 1 unexpected changes, 1 crashes, 1 seed-dependent "
                        + "trees, 1 prompt-lint findings",
                "UNEXPECTED rl_course_book policy minimal: verdict (run) outcome: crashed → scored",
                "Fixed scoring bugs in 2 evaluation scripts (gas_stations, rl_course_book); scores of affected answers "
                        + "change."), ConsoleSummary.lines(SmallReports.small()));
    }

    @Test
    void anEmptyAuditHasNoUnexpectedLines() {
        assertEquals(List.of("0 runs, 0 inputs: 0 changed trees, 0 unexpected changes, 0 crashes, 0 seed-dependent "
                + "trees, 0 prompt-lint findings", "No scoring changes."), ConsoleSummary.lines(SmallReports.empty()));
    }
}
