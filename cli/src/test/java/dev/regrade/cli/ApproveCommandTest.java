package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.core.OutputDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade approve} through the JUnit Platform Launcher, on a copy of gas_stations' snapshots. */
class ApproveCommandTest {
    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        System.clearProperty("regrade.snapshots");
    }

    /** Copies gas_stations' snapshots into the temporary root, with one edited, and points the suite there. */
    private Path copyWithOneEdited() throws IOException {
        Path src = Paths.get("../approval/src/test/resources/dev/regrade/approval/snapshots/gas_stations");
        Path copy = dir.resolve("gas_stations");
        Files.createDirectories(copy);
        try (Stream<Path> s = Files.list(src)) {
            for (Path p : s.toList()) {
                Files.copy(p, copy.resolve(p.getFileName()));
            }
        }
        Path edited = copy.resolve("gas_stations.released.fixture-short-final-leg.approved.json");
        Files.writeString(edited, Files.readString(edited, StandardCharsets.UTF_8).replace("\"final_score\": 0.8,",
                "\"final_score\": 0.7,"), StandardCharsets.UTF_8);
        System.setProperty("regrade.snapshots", dir.toString());
        return edited;
    }

    @Test
    void failsListsUnusedAcceptsAndThenPasses() throws IOException {
        Path edited = copyWithOneEdited();
        Path copy = edited.getParent();
        Files.writeString(copy.resolve("gas_stations.old.policy-gone.approved.json"), "{}\n", StandardCharsets.UTF_8);

        CliRun first = CliRun.of("approve", "--script", "gas_stations");
        assertEquals(1, first.status(), first.out());
        assertTrue(first.out().contains("FAILED gas_stations.released.fixture-short-final-leg: the snapshot differs "
                + "(diff above)\n"), first.out());
        assertFalse(first.out().contains("java.lang"), "no Java class name: " + first.out());
        assertTrue(first.out().contains("1 received snapshot(s) await review: ./regrade approve --accept [NAME…] to "
                + "accept, --reject [NAME…] to discard\n"), first.out());
        assertTrue(first.out().contains("unused approved snapshot: gas_stations/gas_stations.old.policy-gone.approved.json"),
                first.out());
        assertTrue(first.out().endsWith("9 passed, 1 failed\n"), first.out());

        CliRun accept = CliRun.of("approve", "--script", "gas_stations", "--accept");
        assertTrue(accept.out().contains("accepted gas_stations/gas_stations.released.fixture-short-final-leg.approved.json"),
                accept.out());
        assertEquals(0, accept.status(), accept.out());

        CliRun again = CliRun.of("approve", "--script", "gas_stations");
        assertEquals(0, again.status(), again.out());
        assertTrue(again.out().endsWith("10 passed, 0 failed\n"), again.out());
        assertTrue(Files.readString(edited, StandardCharsets.UTF_8).contains("\"final_score\": 0.8,"));
    }

    @Test
    void acceptsOnlyTheNamedSnapshotAndRefusesAnUnknownNameWithASuggestion() throws IOException {
        Path edited = copyWithOneEdited();
        Path other = edited.resolveSibling("gas_stations.fixed.policy-hash.approved.json");
        Files.writeString(other, "{}\n", StandardCharsets.UTF_8);

        CliRun typo = CliRun.of("approve", "--script", "gas_stations", "--accept", "gas_stations.fixed.policy-hsah");
        assertEquals(2, typo.status(), typo.out() + typo.err());
        assertTrue(typo.err().contains("--accept: no received snapshot named 'gas_stations.fixed.policy-hsah'; did you "
                + "mean 'gas_stations.fixed.policy-hash'?"), typo.err());

        CliRun one = CliRun.of("approve", "--script", "gas_stations", "--accept", "gas_stations.fixed.policy-hash");
        assertEquals(1, one.status(), "the other failure still stands: " + one.out());
        assertTrue(one.out().contains("accepted gas_stations/gas_stations.fixed.policy-hash.approved.json\n"), one.out());
        assertTrue(one.out().endsWith("8 passed, 1 failed (1 accepted)\n"), one.out());
        assertFalse(Files.readString(other, StandardCharsets.UTF_8).equals("{}\n"), "accepted");
        assertTrue(Files.exists(edited.resolveSibling("gas_stations.released.fixture-short-final-leg.received.json")),
                "the snapshot not named is left for review");
    }

    @Test
    void rejectDeletesTheReceivedSnapshotsAndRunsNothing() throws IOException {
        Path edited = copyWithOneEdited();
        Path received = edited.resolveSibling("gas_stations.released.fixture-short-final-leg.received.json");
        assertEquals(1, CliRun.of("approve", "--script", "gas_stations").status());
        assertTrue(Files.exists(received));

        CliRun reject = CliRun.of("approve", "--reject");
        assertEquals(0, reject.status(), reject.out());
        assertEquals("rejected gas_stations/gas_stations.released.fixture-short-final-leg.received.json\n1 rejected\n",
                reject.out());
        assertFalse(Files.exists(received));
        assertTrue(Files.readString(edited, StandardCharsets.UTF_8).contains("\"final_score\": 0.7,"),
                "the approved snapshot is untouched");
        assertEquals("nothing to reject\n", CliRun.of("approve", "--reject").out());
        CliRun both = CliRun.of("approve", "--accept", "--reject");
        assertEquals(2, both.status());
        assertTrue(both.err().contains("--accept and --reject: choose one"), both.err());
    }

    @Test
    void leavesNoApprovalTestsDirectoryWhereItRan() throws IOException {
        copyWithOneEdited();
        Path cwdTemp = Paths.get(".approval_tests_temp");
        OutputDirectory.deleteTree(cwdTemp);
        // As the jar runs it: without the build's setting, ApprovalTests would keep its files in the working directory.
        String build = System.clearProperty("APPROVALTESTS_PROJECT_DIRECTORY");
        try {
            assertEquals(1, CliRun.of("approve", "--script", "gas_stations").status());
        } finally {
            if (build != null) {
                System.setProperty("APPROVALTESTS_PROJECT_DIRECTORY", build);
            }
        }
        assertFalse(Files.exists(cwdTemp), "ApprovalTests' bookkeeping went to a temporary directory");
    }
}
