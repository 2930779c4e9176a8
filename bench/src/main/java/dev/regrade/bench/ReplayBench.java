package dev.regrade.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.Leaderboard;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The replay section: {@code regrade replay --after fixed} over the synthetic leaderboard (every ported
 * task × 20 agents × 3 runs, 660 results) and over twice as many agents, each in a child process timed
 * from process start; the ratio of the two says whether the time is linear in the number of files.
 */
final class ReplayBench {
    static final double TARGET_MS = 5000;
    private static final long TIMEOUT_S = 600;

    private ReplayBench() {
    }

    static ObjectNode run(List<String> prefix, int repeat, Consumer<String> progress) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("target_ms", TARGET_MS);
        n.put("command", String.join(" ", prefix) + " replay --after fixed <leaderboard>/eval_results");
        for (int agents : new int[] {20, 40}) {
            Path dir = ChildProcesses.tempDir("regrade-bench-replay-");
            try {
                int files = Leaderboard.write(dir, RubricScripts.all(), agents, 3);
                List<Double> walls = new ArrayList<>();
                for (int i = 0; i <= repeat; i++) {
                    progress.accept("replay of " + files + " results (child process) " + (i == 0 ? "warm-up" : i + "/" + repeat));
                    List<String> cmd = new ArrayList<>(prefix);
                    cmd.addAll(List.of("replay", "--after", "fixed", dir.resolve("eval_results").toString()));
                    ChildProcesses.Timed t = ChildProcesses.run(cmd, TIMEOUT_S);
                    if (t.status() != 0) {
                        throw new IllegalStateException("regrade replay exited " + t.status());
                    }
                    if (i > 0) {
                        walls.add(t.wallMs());
                    }
                }
                ObjectNode m = n.putObject(String.valueOf(files));
                m.put("agents", agents);
                m.put("wall_ms_median", Stats.round1(Stats.median(walls)));
                walls.forEach(m.putArray("wall_ms_samples")::add);
            } finally {
                ChildProcesses.deleteTree(dir);
            }
        }
        double one = n.get("660").get("wall_ms_median").asDouble();
        n.put("met", one < TARGET_MS);
        n.put("ratio_2x", Math.round(n.get("1320").get("wall_ms_median").asDouble() / one * 100) / 100.0);
        return n;
    }

    static String table(JsonNode n) {
        return String.format(Locale.ROOT, "replay (child process, from process start)%n"
                        + "  660 results   %8.1f ms  (target < %.0f ms: %s)%n  1,320 results %8.1f ms  (ratio %.2f)%n%n",
                n.get("660").get("wall_ms_median").asDouble(), TARGET_MS, n.get("met").asBoolean() ? "met" : "MISSED",
                n.get("1320").get("wall_ms_median").asDouble(), n.get("ratio_2x").asDouble());
    }

    /** The command prefix of the child processes: the launcher, else {@code java -jar} on the jar. */
    static List<String> prefix(Path launcher, Path jar) {
        return launcher != null ? List.of(launcher.toString())
                : List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString());
    }
}
