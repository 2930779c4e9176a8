package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.core.OutputDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An audit's {@code --out} holds exactly what that audit wrote, and nobody else's files are touched. */
class AuditOutputDirectoryTest {
    @TempDir
    Path tmp;

    private static CliRun audit(Path out, String scripts) {
        return CliRun.of("audit", "--scripts", scripts, "--policies", "empty", "--fixtures", "none", "--seeds", "0",
                "--quiet", "--out", out.toString());
    }

    @Test
    void aSecondAuditIntoTheSameDirectoryLeavesOnlyItsOwnFiles() throws IOException {
        Path out = tmp.resolve("audit");
        assertEquals(0, audit(out, "gas_stations,rl_course_book").status());
        assertTrue(Files.isDirectory(out.resolve("results/rl_course_book")));
        assertEquals(0, audit(out, "gas_stations").status());
        Path alone = tmp.resolve("alone");
        assertEquals(0, audit(alone, "gas_stations").status());
        assertFalse(Files.exists(out.resolve("results/rl_course_book")), "the first audit's results were left");
        assertEquals(files(alone), files(out));
        assertTrue(files(out).contains(OutputDirectory.MARKER));
        assertEquals(Set.of("alone", "audit"), names(tmp), "no temporary sibling is left");
    }

    @Test
    void aForeignNonEmptyDirectoryIsRefusedAndLeftUntouched() throws IOException {
        Path out = tmp.resolve("mine");
        Files.createDirectories(out.resolve("notes"));
        Files.writeString(out.resolve("notes/todo.txt"), "keep me\n");
        CliRun run = audit(out, "gas_stations");
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains(out.toString()) && run.err().contains(OutputDirectory.MARKER), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals(Set.of("notes/todo.txt"), files(out));
        assertEquals("keep me\n", Files.readString(out.resolve("notes/todo.txt")));
        assertEquals(Set.of("mine"), names(tmp));
    }

    @Test
    void aFileGivenAsTheDirectoryIsRefused() throws IOException {
        Path out = tmp.resolve("report.md");
        Files.writeString(out, "mine\n");
        CliRun run = audit(out, "gas_stations");
        assertEquals(2, run.status(), run.err());
        assertEquals("mine\n", Files.readString(out));
    }

    @Test
    void anEmptyDirectoryIsUsed() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("empty"));
        assertEquals(0, audit(out, "gas_stations").status());
        assertTrue(Files.isRegularFile(out.resolve("report.json")));
    }

    @Test
    void aKilledRunsTemporaryDirectoryIsRemovedByTheNextRun() throws IOException {
        Path out = tmp.resolve("audit");
        // A process id far above any live one: the run that made this directory is gone.
        ourDirectory(".audit.regrade-new-4194304999", "half\n");
        Path foreign = Files.createDirectory(tmp.resolve(".audit.regrade-new-notapid"));
        assertEquals(0, audit(out, "gas_stations").status());
        assertEquals(Set.of("audit", ".audit.regrade-new-notapid"), names(tmp));
        assertTrue(Files.isDirectory(foreign));
    }

    @Test
    void aSwapCutBetweenItsTwoRenamesGetsThePreviousAuditBack() throws IOException {
        Path out = tmp.resolve("audit");
        ourDirectory(".audit.regrade-old-4194304999", "previous\n");
        try {
            OutputDirectory.replace(out, "audit", "audit", dir -> {
                throw new IllegalStateException("the run fails before its swap");
            });
        } catch (IllegalStateException expected) {
            // the previous audit must be back in place, and the failed run's directory gone
        }
        assertEquals("previous\n", Files.readString(out.resolve("report.md")));
        assertEquals(Set.of("audit"), names(tmp));
    }

    @Test
    void anotherCommandsOutputIsNotReplacedAndAShardNeedsItsOwnOut() throws IOException {
        Path out = tmp.resolve("audit");
        assertEquals(0, audit(out, "gas_stations").status());
        Set<String> before = files(out);
        Path result;
        try (Stream<Path> s = Files.walk(out.resolve("results"))) {
            result = s.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
        }
        CliRun replay = CliRun.of("replay", "--before", "released", "--after", "fixed", "--out", out.toString(),
                result.toString());
        assertEquals(2, replay.status(), replay.err());
        assertTrue(replay.err().contains("holds the output of an audit, which a replay does not replace"), replay.err());
        CliRun shard = CliRun.of("audit", "--scripts", "gas_stations", "--policies", "empty", "--fixtures", "none",
                "--seeds", "0", "--quiet", "--shard", "1/2", "--out", out.toString());
        assertEquals(2, shard.status(), shard.err());
        assertTrue(shard.err().contains("which an audit shard does not replace"), shard.err());
        assertEquals(before, files(out), "the audit is untouched");
        CliRun noOut = CliRun.of("audit", "--scripts", "gas_stations", "--quiet", "--shard", "1/2");
        assertEquals(2, noOut.status(), noOut.err());
        assertTrue(noOut.err().contains("--shard needs its own --out DIR"), noOut.err());
    }

    @Test
    void aMarkerFromBeforeKindsIsReadByItsFormatLine() throws IOException {
        ourDirectory("old-shard", "x\n");
        Files.writeString(tmp.resolve("old-shard").resolve(OutputDirectory.MARKER),
                "regrade output: audit shard 1/2, manifest.json version 1\n");
        assertEquals("audit shard", OutputDirectory.kind(tmp.resolve("old-shard")).orElseThrow());
        ourDirectory("old-audit", "x\n");
        assertEquals("audit", OutputDirectory.kind(tmp.resolve("old-audit")).orElseThrow());
    }

    /** A directory of Regrade's (the marker) named {@code name} in tmp, with a report.md. */
    private void ourDirectory(String name, String report) throws IOException {
        Path dir = Files.createDirectory(tmp.resolve(name));
        Files.writeString(dir.resolve(OutputDirectory.MARKER), "regrade output: audit\n");
        Files.writeString(dir.resolve("report.md"), report);
    }

    private static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }

    private static Set<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            List<String> names = s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).toList();
            return new TreeSet<>(names);
        }
    }
}
