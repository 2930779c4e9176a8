package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.jar.Attributes;
import org.junit.jupiter.api.Test;

/** {@code --version} names the version and the commit on every command; a bare {@code regrade} is exit 2. */
class VersionTest {
    @Test
    void theVersionNamesTheCommitAndWhetherTheTreeWasClean() {
        Attributes a = new Attributes();
        a.putValue("Implementation-Version", "0.1.0");
        a.putValue("Regrade-Commit", "8df99ff");
        a.putValue("Regrade-Dirty", "false");
        assertEquals("regrade 0.1.0 (commit 8df99ff)", Main.Version.describe(a));
        a.putValue("Regrade-Dirty", "true");
        assertEquals("regrade 0.1.0 (commit 8df99ff, with uncommitted changes)", Main.Version.describe(a));
        a.putValue("Regrade-Commit", "${git.commit.id.abbrev}");
        assertEquals("regrade 0.1.0 (commit unknown: built outside a git checkout)", Main.Version.describe(a));
        assertTrue(Main.Version.describe(null).startsWith("regrade (development build"));
    }

    @Test
    void everyCommandPrintsTheVersion() {
        for (String[] args : new String[][] {{"--version"}, {"audit", "--version"}, {"run", "-V"},
                {"judge", "serve", "--version"}, {"score", "--version"}}) {
            Run r = run(args);
            assertEquals(0, r.status, String.join(" ", args));
            assertTrue(r.out.startsWith("regrade "), String.join(" ", args) + " printed: " + r.out);
        }
    }

    @Test
    void noCommandIsBadInputWithTheUsageOnStderr() {
        Run r = run();
        assertEquals(ExitCodes.BAD_INPUT, r.status);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("regrade: name a command"), r.err);
        assertTrue(r.err.contains("Usage: regrade"), r.err);
    }

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            return new Run(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
