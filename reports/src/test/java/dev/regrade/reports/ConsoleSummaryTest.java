package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
    @Test
    void theCountsEachUnexpectedNodeAndWhyThereIsNoChangelogLine() {
        assertEquals(List.of("12 runs, 3 inputs: 2 changed trees, 1 unexpected changes, 1 crashes, 1 seed-dependent "
                        + "trees, 0 changed prompts, 1 prompt-lint findings",
                "UNEXPECTED rl_course_book policy minimal: verdict (run) outcome: crashed → scored",
                "No changelog line: 1 node has unexpected changes; declare or fix them first.",
                "Declared fixes no input exercised: drone_delivery"), ConsoleSummary.lines(SmallReports.small()));
    }

    @Test
    void aNodeWhoseStatusAndScoreChangedIsOneUnexpectedChange() {
        assertEquals(List.of("4 runs, 2 inputs: 2 changed trees, 1 unexpected changes, 0 crashes, 0 seed-dependent "
                        + "trees, 0 changed prompts, 0 prompt-lint findings",
                "UNEXPECTED gas_stations fixture long-final-leg: verdict station_2_check status: passed → failed; "
                        + "station_2_check score: 1.0 → 0.0",
                "No changelog line: 1 node has unexpected changes; declare or fix them first."),
                ConsoleSummary.lines(SmallReports.shared()));
    }

    @Test
    void anEmptyAuditHasNoUnexpectedLines() {
        assertEquals(List.of("0 runs, 0 inputs: 0 changed trees, 0 unexpected changes, 0 crashes, 0 seed-dependent "
                + "trees, 0 changed prompts, 0 prompt-lint findings", "No scoring changes."), ConsoleSummary.lines(SmallReports.empty()));
    }
}
