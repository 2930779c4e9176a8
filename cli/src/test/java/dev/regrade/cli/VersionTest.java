package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            CliRun r = CliRun.of(args);
            assertEquals(0, r.status(), String.join(" ", args));
            assertTrue(r.out().startsWith("regrade "), String.join(" ", args) + " printed: " + r.out());
        }
    }

    @Test
    void noCommandIsBadInputWithTheUsageOnStderr() {
        CliRun r = CliRun.of();
        assertEquals(ExitCodes.BAD_INPUT, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("regrade: name a command"), r.err());
        assertTrue(r.err().contains("Usage: regrade"), r.err());
    }
}
