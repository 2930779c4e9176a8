package dev.regrade.cli.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.cli.CliRun;
import dev.regrade.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * A real crash of the audit: a child JVM re-runs an audit, of fewer scripts, into a directory that
 * already holds a finished one and is killed (SIGKILL) at a different moment of its writing each
 * time. The directory must always hold either the whole earlier audit or the whole new one, never a
 * mixture or a cut file: the new audit is written into a hidden sibling and swapped in by renames
 * ({@code OutputDirectory}). Whatever a kill leaves beside it is removed by the next run.
 */
class KilledAuditTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void anAuditKilledWhileWritingLeavesThePreviousOrTheNewAuditWhole() throws Exception {
        Path out = tmp.resolve("audit");
        List<String> common = List.of("audit", "--seeds", "0", "--quiet", "--out");
        CliRun first = CliRun.of(args(common, out).toArray(String[]::new));
        assertTrue(first.status() == 0 || first.status() == 1, first.err());
        Map<String, byte[]> before = contents(out);
        assertTrue(before.size() > 50, "an audit writes a result per run: " + before.size());
        List<String> rerun = List.of("--scripts", "gas_stations");
        Path alone = tmp.resolve("alone");
        CliRun reference = CliRun.of(withScripts(args(common, alone), rerun).toArray(String[]::new));
        assertTrue(reference.status() == 0 || reference.status() == 1, reference.err());
        Map<String, byte[]> fresh = contents(alone);
        assertTrue(fresh.size() < before.size(), "the rerun audits fewer scripts");

        int killedWhileWriting = 0;
        int landedOnNew = 0;
        for (int kill = 0; kill < 4; kill++) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            command.addAll(withScripts(args(common, out), rerun));
            Process child = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                // Kill once the child has begun writing beside the output, a little later each time.
                while (child.isAlive() && !Files.exists(tmp.resolve(".audit.regrade-new-" + child.pid()))) {
                    Thread.onSpinWait();
                }
                long until = System.nanoTime() + kill * 15_000_000L;
                while (child.isAlive() && System.nanoTime() < until) {
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
            Map<String, byte[]> expected = after.keySet().equals(fresh.keySet()) ? fresh : before;
            landedOnNew += expected == fresh ? 1 : 0;
            assertEquals(expected.keySet(), after.keySet(), "kill " + kill + ": a mixture of two audits");
            for (String name : expected.keySet()) {
                assertArrayEquals(expected.get(name), after.get(name), "kill " + kill + ": " + name + " is not whole");
            }
            if (expected == fresh) {
                // Back to the full audit for the next kill.
                CliRun again = CliRun.of(args(common, out).toArray(String[]::new));
                assertTrue(again.status() == 0 || again.status() == 1, again.err());
            }
        }
        assertTrue(killedWhileWriting > 0, "no kill landed while the child was writing");
        CliRun last = CliRun.of(withScripts(args(common, out), rerun).toArray(String[]::new));
        assertTrue(last.status() == 0 || last.status() == 1, last.err());
        assertEquals(fresh.keySet(), contents(out).keySet(), "landed on the new audit " + landedOnNew + " times");
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of("alone", "audit"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the next run removes what the kills left");
        }
    }

    private static List<String> args(List<String> common, Path out) {
        List<String> a = new ArrayList<>(common);
        a.add(out.toString());
        return a;
    }

    private static List<String> withScripts(List<String> args, List<String> scripts) {
        List<String> a = new ArrayList<>(args);
        a.addAll(scripts);
        return a;
    }

    /** Every regular file, by relative path. */
    private static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }
}
