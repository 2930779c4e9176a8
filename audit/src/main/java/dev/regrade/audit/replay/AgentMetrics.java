package dev.regrade.audit.replay;

import dev.regrade.pycompat.PyRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The agent-level metrics of Mind2Web 2's {@code generate_result_summary} ({@code eval_runner.py}):
 * answers grouped into runs by answer name, each run's mean score and success rate (a final score of
 * 1.0) over its tasks, their mean and population standard deviation (ddof 0; 0.0 for one run) over
 * the runs, pass@k (a task passes when any of its answers succeeded), rounded to 4 decimals.
 *
 * @param agent       the agent
 * @param tasks       the number of tasks with a scored answer
 * @param runs        the number of runs (answer names)
 * @param avgScore    the mean over runs of each run's mean score
 * @param avgScoreStd its standard deviation over runs
 * @param successRate the mean over runs of each run's success rate
 * @param successStd  its standard deviation over runs
 * @param passAtK     the share of tasks with a successful answer
 * @param perRun      each run's mean score, by answer name in name order
 */
public record AgentMetrics(String agent, int tasks, int runs, double avgScore, double avgScoreStd, double successRate,
                           double successStd, double passAtK, Map<String, Double> perRun) {
    /** One scored answer: its task, run (answer name) and final score. */
    public record Scored(String task, String answer, double score) {
    }

    /** The metrics of one agent's scored answers. */
    public static AgentMetrics of(String agent, List<Scored> answers) {
        Map<String, List<Scored>> byRun = new TreeMap<>();
        Map<String, Boolean> taskPasses = new TreeMap<>();
        for (Scored s : answers) {
            byRun.computeIfAbsent(s.answer(), k -> new ArrayList<>()).add(s);
            taskPasses.merge(s.task(), s.score() == 1.0, Boolean::logicalOr);
        }
        List<Double> runScores = new ArrayList<>();
        List<Double> runSuccess = new ArrayList<>();
        Map<String, Double> perRun = new TreeMap<>();
        byRun.forEach((run, list) -> {
            double avg = mean(list, Scored::score);
            runScores.add(avg);
            runSuccess.add(mean(list, s -> s.score() == 1.0 ? 1.0 : 0.0));
            perRun.put(run, PyRound.round(avg, 4));
        });
        int runs = runScores.size();
        long passing = taskPasses.values().stream().filter(b -> b).count();
        double passAtK = taskPasses.isEmpty() ? 0.0 : (double) passing / taskPasses.size();
        return new AgentMetrics(agent, taskPasses.size(), runs, PyRound.round(mean(runScores), 4),
                PyRound.round(runs > 1 ? std(runScores) : 0.0, 4), PyRound.round(mean(runSuccess), 4),
                PyRound.round(runs > 1 ? std(runSuccess) : 0.0, 4), PyRound.round(passAtK, 4), perRun);
    }

    private static double mean(List<Scored> list, ToDoubleFunction<Scored> f) {
        List<Double> values = new ArrayList<>(list.size());
        list.forEach(s -> values.add(f.applyAsDouble(s)));
        return mean(values);
    }

    /** {@code np.mean}: numpy's pairwise sum over n. */
    private static double mean(List<Double> values) {
        double[] a = values.stream().mapToDouble(Double::doubleValue).toArray();
        return pairwiseSum(a, 0, a.length) / a.length;
    }

    /**
     * numpy's {@code pairwise_sum} for doubles: a plain loop below 8 values, eight interleaved
     * accumulators up to 128, halves (cut at a multiple of 8) beyond; so a mean of many runs rounds
     * exactly as the original's.
     */
    static double pairwiseSum(double[] a, int from, int n) {
        if (n < 8) {
            double res = 0.0;
            for (int i = 0; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        if (n <= 128) {
            double[] r = new double[8];
            System.arraycopy(a, from, r, 0, 8);
            int i = 8;
            for (; i < n - n % 8; i += 8) {
                for (int j = 0; j < 8; j++) {
                    r[j] += a[from + i + j];
                }
            }
            double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            for (; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        int half = n / 2;
        half -= half % 8;
        return pairwiseSum(a, from, half) + pairwiseSum(a, from + half, n - half);
    }

    /** {@code np.std(values, ddof=0)}: the root of the mean squared deviation from the mean. */
    private static double std(List<Double> values) {
        double m = mean(values);
        List<Double> squares = new ArrayList<>(values.size());
        values.forEach(v -> squares.add((v - m) * (v - m)));
        return Math.sqrt(mean(squares));
    }
}
