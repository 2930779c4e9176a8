package dev.regrade.audit.bench;

import dev.regrade.rubric.json.PyJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Child {@code java -jar regrade.jar …} processes, timed from process start to exit. */
public final class ChildProcesses {
    /** A finished child: wall time from start to exit, and its exit status. */
    public record Timed(double wallMs, int status) {
    }

    private ChildProcesses() {
    }

    /** The jar this class was loaded from, when it was loaded from a jar (not from a classes directory). */
    public static Optional<Path> ownJar(Class<?> anchor) {
        CodeSource cs = anchor.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return Optional.empty();
        }
        try {
            Path p = Paths.get(cs.getLocation().toURI());
            return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar") ? Optional.of(p)
                    : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Runs {@code java -jar jar args…} with output discarded; killed after {@code timeoutSeconds}. */
    public static Timed run(Path jar, List<String> args, long timeoutSeconds) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(args);
        return run(cmd, timeoutSeconds);
    }

    /** Runs a command with output discarded; killed after {@code timeoutSeconds}. */
    public static Timed run(List<String> cmd, long timeoutSeconds) {
        List<String> args = cmd;
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        try {
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("child " + String.join(" ", args) + " did not finish within "
                        + timeoutSeconds + " s");
            }
            return new Timed(Stats.msSince(start), p.exitValue());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The sum of {@code regrade.judge_requests} over the result files under {@code dir/results}. */
    public static long judgeRequests(Path dir) {
        Path results = dir.resolve("results");
        if (!Files.isDirectory(results)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(results)) {
            long n = 0;
            for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".json"))::iterator) {
                n += judgeRequests(Files.readString(f));
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sum of {@code regrade.judge_requests} over result documents (by path). */
    public static long judgeRequests(Map<String, String> resultFiles) {
        long n = 0;
        for (String text : resultFiles.values()) {
            n += judgeRequests(text);
        }
        return n;
    }

    private static long judgeRequests(String resultText) {
        return PyJson.parse(resultText).path("regrade").path("judge_requests").size();
    }

    /** Deletes a directory tree, quietly. */
    public static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}
