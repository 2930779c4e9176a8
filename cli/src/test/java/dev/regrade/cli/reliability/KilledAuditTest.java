package dev.regrade.cli.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.cli.CliRun;
import dev.regrade.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crash of the audit: a child JVM re-runs an audit into a directory that already holds a
 * finished one and is killed (SIGKILL) as soon as it starts writing there. Every file of the
 * earlier audit must still be whole: the rerun writes the same bytes (the audit is deterministic),
 * so a file is either untouched or replaced by an identical complete copy, never cut short. Only
 * hidden {@code .tmp} files may be left behind by the kill.
 */
class KilledAuditTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anAuditKilledWhileWritingLeavesEveryEarlierFileWhole() throws Exception {
        Path out = tmp.resolve("audit");
        List<String> args = List.of("audit", "--seeds", "0", "--quiet", "--out", out.toString());
        CliRun first = CliRun.of(args.toArray(String[]::new));
        assertTrue(first.status() == 0 || first.status() == 1, first.err());
        Map<String, byte[]> before = contents(out);
        assertTrue(before.size() > 50, "an audit writes a result per run: " + before.size());
        FileTime finished = newest(out);

        int killedWhileWriting = 0;
        for (int kill = 0; kill < 3; kill++) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            command.addAll(args);
            Process child = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                // Kill the moment the child touches the output directory (or when it ends by itself).
                while (child.isAlive() && newest(out).compareTo(finished) <= 0 && !hasTmp(out)) {
                    Thread.onSpinWait();
                }
            } finally {
                if (child.isAlive()) {
                    killedWhileWriting++;
                }
                child.destroyForcibly();
                child.waitFor(30, TimeUnit.SECONDS);
            }
            Map<String, byte[]> after = contents(out);
            assertEquals(before.keySet(), after.keySet(), "kill " + kill + ": files vanished or appeared");
            for (String name : before.keySet()) {
                assertArrayEquals(before.get(name), after.get(name), "kill " + kill + ": " + name + " is not whole");
            }
        }
        assertTrue(killedWhileWriting > 0, "no kill landed while the child was writing");
    }

    /** Every regular file but the writer's hidden temporary files, by relative path. */
    private static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.getFileName().toString().endsWith(".tmp")) {
                    out.put(dir.relativize(f).toString(), Files.readAllBytes(f));
                }
            }
        }
        return out;
    }

    private static FileTime newest(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(f -> {
                try {
                    return Files.getLastModifiedTime(f);
                } catch (IOException e) {
                    return FileTime.fromMillis(0); // a temporary file renamed meanwhile
                }
            }).max(FileTime::compareTo).orElse(FileTime.fromMillis(0));
        } catch (IOException | UncheckedIOException e) {
            return FileTime.fromMillis(Long.MAX_VALUE); // the tree changed under the walk: writing has begun
        }
    }

    private static boolean hasTmp(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp"));
        } catch (IOException | UncheckedIOException e) {
            return true;
        }
    }
}
