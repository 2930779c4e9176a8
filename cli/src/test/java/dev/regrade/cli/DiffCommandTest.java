package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade diff} on directories that hold nothing to compare. */
class DiffCommandTest {
    @TempDir
    Path tmp;

    @Test
    void twoDirectoriesWithNoResultFileAreBadInputNotAPass() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(b.resolve("notes.txt"), "not a result");
        CliRun run = CliRun.of("diff", a.toString(), b.toString());
        assertEquals(2, run.status(), run.out());
        assertEquals("regrade diff: " + a + ", " + b + ": no result files (*.json) in either directory\n", run.err());
        assertEquals("", run.out());
    }
}
