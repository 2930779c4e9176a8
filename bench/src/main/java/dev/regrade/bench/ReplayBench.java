package dev.regrade.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.Leaderboard;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The replay section: {@code regrade replay --after fixed} over the synthetic leaderboard (every ported
 * task × 20 agents × 3 runs, 660 results) and over twice as many agents, each in a child process timed
 * from process start; the ratio of the two says whether the time is linear in the number of files. Then over
 * the 699 files the upstream runner wrote ({@code tools/runoracle}, zipped in the audit module's test
 * resources), unzipped as a user's {@code eval_results}: their self-check searches PYTHONHASHSEEDs.
 */
final class ReplayBench {
    static final double TARGET_MS = 5000;
    /** The target for the runner's 699 files (issue 27). */
    static final double TARGET_RUNNER_MS = 10_000;
    /** The runner's files, one zip per judge, under the repository (REGRADE_HOME). */
    static final String RUNNER_ZIPS = "audit/src/test/resources/dev/regrade/audit/replay/runner";
    static final List<String> JUDGES = List.of("accept", "reject", "hash");
    private static final long TIMEOUT_S = 600;

    private ReplayBench() {
    }

    static ObjectNode run(List<String> prefix, int repeat, Consumer<String> progress) {
        return run(prefix, repeat, progress, null);
    }

    /** Both measurements; {@code home} is the repository holding the runner's zips ({@link #RUNNER_ZIPS}), or null. */
    static ObjectNode run(List<String> prefix, int repeat, Consumer<String> progress, Path home) {
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
        n.set("runner", runner(prefix, repeat, progress, home));
        return n;
    }

    /** {@code replay --after fixed} over the runner's 699 files, unzipped: median wall time from process start. */
    static ObjectNode runner(List<String> prefix, int repeat, Consumer<String> progress, Path home) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        Path zips = home == null ? null : home.resolve(RUNNER_ZIPS);
        if (zips == null || !JUDGES.stream().allMatch(j -> Files.isRegularFile(zips.resolve(j + ".zip")))) {
            return m.put("status", "skipped").put("reason", "the runner's zips are not there (" + (zips == null
                    ? "no REGRADE_HOME" : zips) + ")");
        }
        Path dir = ChildProcesses.tempDir("regrade-bench-runner-");
        try {
            int files = 0;
            for (String judge : JUDGES) {
                files += unzip(zips.resolve(judge + ".zip"), dir.resolve(judge));
            }
            m.put("target_ms", TARGET_RUNNER_MS);
            m.put("files", files);
            m.put("command", String.join(" ", prefix) + " replay --after fixed <the runner's files>");
            List<Double> walls = new ArrayList<>();
            Path stderr = dir.resolve("stderr.txt");
            String summary = null;
            for (int i = 0; i <= repeat; i++) {
                progress.accept("replay of the runner's " + files + " files (child process) " + (i == 0 ? "warm-up"
                        : i + "/" + repeat));
                List<String> cmd = new ArrayList<>(prefix);
                cmd.addAll(List.of("replay", "--after", "fixed", dir.toString()));
                ChildProcesses.Timed t = ChildProcesses.run(cmd, Map.of(), stderr, TIMEOUT_S);
                List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
                summary = lines.isEmpty() ? "" : lines.get(lines.size() - 1).replaceFirst("^regrade replay: ", "");
                if (t.status() != 0) {
                    throw new IllegalStateException("regrade replay exited " + t.status() + ": " + summary);
                }
                if (i > 0) {
                    walls.add(t.wallMs());
                }
            }
            m.put("summary", summary);
            m.put("wall_ms_median", Stats.round1(Stats.median(walls)));
            walls.forEach(m.putArray("wall_ms_samples")::add);
            m.put("met", Stats.median(walls) <= TARGET_RUNNER_MS);
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            ChildProcesses.deleteTree(dir);
        }
    }

    /** Unzips {@code zip} into {@code dir}; returns the result files (…/results/*.json) it held. */
    private static int unzip(Path zip, Path dir) throws IOException {
        int results = 0;
        try (ZipInputStream z = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException(zip + ": an entry outside the folder: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.write(target, z.readAllBytes());
                results += e.getName().contains("/results/") && e.getName().endsWith(".json") ? 1 : 0;
            }
        }
        return results;
    }

    static String table(JsonNode n) {
        String runner = "";
        JsonNode r = n.path("runner");
        if (r.has("wall_ms_median")) {
            runner = String.format(Locale.ROOT, "  %d runner files %7.1f ms  (target <= %.0f ms: %s)%n",
                    r.get("files").asInt(), r.get("wall_ms_median").asDouble(), r.get("target_ms").asDouble(),
                    r.get("met").asBoolean() ? "met" : "MISSED");
        } else if (r.has("status")) {
            runner = "  runner files: " + r.get("status").asText() + " (" + r.path("reason").asText() + ")"
                    + System.lineSeparator();
        }
        return String.format(Locale.ROOT, "replay (child process, from process start)%n"
                        + "  660 results   %8.1f ms  (target < %.0f ms: %s)%n  1,320 results %8.1f ms  (ratio %.2f)%n",
                n.get("660").get("wall_ms_median").asDouble(), TARGET_MS, n.get("met").asBoolean() ? "met" : "MISSED",
                n.get("1320").get("wall_ms_median").asDouble(), n.get("ratio_2x").asDouble()) + runner
                + System.lineSeparator();
    }

    /** The repository the launcher is in (it holds the runner's zips), else REGRADE_HOME, else null. */
    static Path home(Path launcher) {
        if (launcher != null && launcher.toAbsolutePath().getParent() != null) {
            return launcher.toAbsolutePath().getParent();
        }
        String env = System.getenv("REGRADE_HOME");
        return env == null || env.isBlank() ? null : Paths.get(env);
    }

    /** The command prefix of the child processes: the launcher, else {@code java -jar} on the jar. */
    static List<String> prefix(Path launcher, Path jar) {
        return launcher != null ? List.of(launcher.toString())
                : List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString());
    }
}
