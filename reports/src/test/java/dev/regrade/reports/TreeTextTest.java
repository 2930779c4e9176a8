package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.EvalBreakdown;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.json.RunMeta;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.json.TreeStatistics;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreeTextTest {
    private static final JudgeCall CALL = new JudgeCall("station_5_distance_check", "claim", null, 1, "00", true, null);

    private static RunMeta meta(RunOutcome outcome, String errorType, String error) {
        return new RunMeta("gas_stations", "fixed", "fixture", "short-final-leg", "2025-10-23", 3, outcome, errorType,
                error, List.of(CALL, CALL), List.of());
    }

    @Test
    void aScoredTreeIsOneLinePerNodeThenTheFinalScore() {
        ResultNode root = SmallReports.tree(0.8, Status.PARTIAL, Status.FAILED);
        ResultSummary summary = new ResultSummary("regrade", "short-final-leg", 0.8, "m", "m",
                List.of(new EvalBreakdown(List.of(), root)), TreeStatistics.of(root));
        assertEquals("""
                gas_stations · fixed · fixture short-final-leg · eval date 2025-10-23 · hash seed 3
                ◐ 0.8       seq root: Find gas stations
                  ✗ 0.0   [C]     station_5_distance_check: Station 5 is within <510> miles
                final score: 0.8
                judge requests: 2
                """, TreeText.render(new ResultDocument(summary, meta(RunOutcome.SCORED, null, null))));
    }

    @Test
    void aCrashedRunHasNoTreeAndNamesThePythonError() {
        ResultSummary summary = new ResultSummary("regrade", "minimal", null, "m", "m", List.of(), null);
        assertEquals("""
                gas_stations · fixed · fixture short-final-leg · eval date 2025-10-23 · hash seed 3
                crashed: TypeError: slice indices must be integers
                judge requests: 2
                """, TreeText.render(new ResultDocument(summary,
                meta(RunOutcome.CRASHED, "TypeError", "slice indices must be integers"))));
    }
}
