package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A Ctrl-C says what it left: while an audit runs, nothing written; once it writes, the whole output. */
class InterruptionTest {
    @TempDir
    Path tmp;

    @AfterEach
    void reset() {
        Interruption.finished();
    }

    @Test
    void whileComputingTheMessageIsComputedWhenTheSignalComes() {
        int[] done = {3};
        Interruption.during(() -> "regrade audit: interrupted after " + done[0] + " runs");
        done[0] = 7;
        assertEquals("regrade audit: interrupted after 7 runs", Interruption.onSignal());
        Interruption.finished();
        assertNull(Interruption.onSignal(), "a finished command says nothing");
    }

    @Test
    void aStartedWriteIsWaitedForThenTheCompleteOutputIsNamed() throws Exception {
        Path out = tmp.resolve("out");
        Interruption.writing("regrade audit: ", out);
        Thread writer = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Interruption.writeDone();
        });
        writer.start();
        assertEquals("regrade audit: interrupted after the write: " + out + " holds this run's complete output",
                Interruption.onSignal(), "the signal waited for the write");
        writer.join();
    }

    /** The real process: SIGINT during the runs of an audit is exit 130, one line, and the output untouched. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ctrlCDuringTheRunsIsExit130WithOneLineAndNothingWritten() throws Exception {
        Path out = tmp.resolve("audit-out");
        Path err = tmp.resolve("err.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "audit", "--judge", "http",
                "--threads", "1", "--out", out.toString()));
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        // wait for the first progress line: the runs have started
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.readString(err).contains("runs,") && System.nanoTime() < deadline && p.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(p.isAlive(), "still running: " + Files.readString(err));
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String printed = Files.readString(err);
        assertEquals(130, p.exitValue(), printed);
        String last = printed.strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.matches("regrade audit: interrupted after \\d+ of \\d+ runs; nothing was written \\("
                + java.util.regex.Pattern.quote(out.toString()) + " is as it was\\)"), printed);
        assertFalse(Files.exists(out), "nothing was written");
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).close();
    }
}
