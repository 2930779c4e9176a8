package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ported {@code generate_result_summary} metrics, numpy's sums included, and the runner's latest-result rule. */
class AgentMetricsTest {
    @Test
    void numpysPairwiseSumIsReproducedWhereItDiffersFromASequentialSum() {
        double[] a = new double[37];
        for (int i = 0; i < a.length; i++) {
            a[i] = 0.1 * i + 0.01;
        }
        // np.sum(a) in Python 3 / numpy 1.x and 2.x; sum(a) is 66.97
        assertEquals(66.97000000000001, AgentMetrics.pairwiseSum(a, 0, a.length));
        double[] b = new double[300];
        for (int i = 0; i < b.length; i++) {
            b[i] = 0.1 * i + 0.013;
        }
        assertEquals(4488.900000000001, AgentMetrics.pairwiseSum(b, 0, b.length));
    }

    @Test
    void runsAreAnswerNamesAndTheMetricsAreTheOriginals() {
        List<AgentMetrics.Scored> answers = List.of(
                new AgentMetrics.Scored("t1", "answer_1.md", 1.0), new AgentMetrics.Scored("t2", "answer_1.md", 0.104),
                new AgentMetrics.Scored("t1", "answer_2.md", 0.5), new AgentMetrics.Scored("t2", "answer_2.md", 0.7),
                new AgentMetrics.Scored("t1", "answer_3.md", 0.1), new AgentMetrics.Scored("t2", "answer_3.md", 0.2));
        AgentMetrics m = AgentMetrics.of("a", answers);
        assertEquals(2, m.tasks());
        assertEquals(3, m.runs());
        // run means 0.552, 0.6, 0.15: np.mean 0.434, np.std(ddof=0) 0.2018
        assertEquals(0.434, m.avgScore());
        assertEquals(0.2018, m.avgScoreStd());
        assertEquals(0.1667, m.successRate());
        assertEquals(0.2357, m.successStd());
        assertEquals(0.5, m.passAtK());
        assertEquals(Map.of("answer_1.md", 0.552, "answer_2.md", 0.6, "answer_3.md", 0.15), m.perRun());
    }

    @Test
    void anAnswerWhoseAfterVariantRaisesIsLeftOutOfTheAfterMetricsAsTheRunnerLeavesItOut() {
        ReplayResult ok = replayed("t1", "answer_1.md", 0.5, 1.0, null);
        ReplayResult raises = replayed("t2", "answer_1.md", 1.0, null, "KeyError: 'x'");
        ReplayReport.MetricsRow row = new ReplayReport(List.of(ok, raises)).agents().get(0);
        assertEquals(2, row.before().tasks());
        assertEquals(0.75, row.before().avgScore());
        // The runner saves no result for the raising answer: one task, its score alone (not a 0.0 averaged in).
        assertEquals(1, row.afterLow().tasks());
        assertEquals(1.0, row.afterLow().avgScore());
        assertEquals(1.0, row.afterLow().passAtK());
        ReplayReport.MetricsRow none = new ReplayReport(List.of(raises)).agents().get(0);
        assertEquals(null, none.afterLow());
        assertEquals(List.of("1.0000 → none", "1.0000 → none", "1.0000 → none"), none.moves());
    }

    private static ReplayResult replayed(String task, String answer, double before, Double after, String error) {
        return new ReplayResult(task + ".json", task, "agent", answer, ReplayResult.Status.REPLAYED, null, before, after,
                after, true, true, null, null, null, List.of(), List.of(), List.of(), List.of(), false, error, 0, null, 0);
    }

    @Test
    void theLatestResultOfEachAnswerCountsAndOtherFilesStay() {
        assertEquals(true, ResultLayout.isRunnerAggregate(Paths.get("eval_results", "agent", "task", "summary.json")));
        assertEquals(false, ResultLayout.isRunnerAggregate(Paths.get("eval_results", "agent", "task", "answer_1.json")));
        Path dir = Paths.get("eval_results", "agent", "task", "answer_1", "results");
        Path old = dir.resolve("20250101_090000_answer_1.json");
        Path latest = dir.resolve("20250102_080000_answer_1.json");
        Path undated = dir.resolve("answer_1.json");
        Path loose = Paths.get("mine.json");
        assertEquals(List.of(latest, loose), ResultLayout.latestPerAnswer(List.of(old, latest, undated, loose)));
    }
}
