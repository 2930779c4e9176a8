package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void failsListsUnusedAcceptsAndThenPasses() throws IOException {
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
        Files.writeString(copy.resolve("gas_stations.old.policy-gone.approved.json"), "{}\n", StandardCharsets.UTF_8);
        System.setProperty("regrade.snapshots", dir.toString());

        CliRun first = CliRun.of("approve", "--script", "gas_stations");
        assertEquals(1, first.status(), first.out());
        assertTrue(first.out().contains("FAILED gas_stations.released.fixture-short-final-leg: "), first.out());
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
}
