package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code regrade vereval} hands its arguments to the VerEval runner unchanged. */
class VerEvalCliTest {
    @Test
    void helpShowsTheGuidesFlags() {
        CliRun run = CliRun.of("vereval", "--help");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("--benchmark") && run.out().contains("--resume"), run.out());
    }

    @Test
    void aMissingRequiredFlagIsAnArgumentErrorWithExitTwo() {
        CliRun run = CliRun.of("vereval", "--predictions", "p.json");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("error:"), run.err());
    }

    @Test
    void theCommandIsListed() {
        assertTrue(CliRun.of("--help").out().contains("vereval"));
    }
}
