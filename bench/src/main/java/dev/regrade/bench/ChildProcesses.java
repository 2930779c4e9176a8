package dev.regrade.bench;

import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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

    /** Runs a command with output discarded; killed after {@code timeoutSeconds}. */
    public static Timed run(List<String> cmd, long timeoutSeconds) {
        return run(cmd, Map.of(), null, timeoutSeconds);
    }

    /**
     * Runs a command with extra environment variables, stdout discarded and stderr kept in
     * {@code stderr} (discarded when null); killed after {@code timeoutSeconds}.
     */
    public static Timed run(List<String> cmd, Map<String, String> env, Path stderr, long timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr == null ? ProcessBuilder.Redirect.DISCARD
                        : ProcessBuilder.Redirect.to(stderr.toFile()));
        pb.environment().putAll(env);
        long start = System.nanoTime();
        try {
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("child " + String.join(" ", cmd) + " did not finish within "
                        + timeoutSeconds + " s");
            }
            return new Timed(Stats.msSince(start), p.exitValue());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd.get(0) + ": " + IoProblems.describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A new temporary directory (delete it with {@link #deleteTree}). */
    /** Whether {@code command} runs and exits 0 within 30 s (its output discarded): e.g. is python3 there. */
    public static boolean succeeds(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a directory tree, quietly. */
    public static void deleteTree(Path dir) {
        OutputDirectory.deleteTree(dir);
    }
}
