package dev.regrade.vereval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The stderr lines that say why samples failed: once per reason as it happens, then a tally. */
class FailureReasonsTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final FailureReasons reasons = new FailureReasons(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aReasonIsPrintedOnceThenTalliedMostFrequentFirst() {
        reasons.failed("q1", "APIConnectionError", "Connection error.");
        reasons.failed("q2", "APIConnectionError", "Connection error.");
        reasons.failed("q3", "ValueError", "fact: invalid response after 3 attempts: Expecting value\nline 2");
        reasons.failed("q4", "ValueError", "fact: invalid response after 3 attempts: Expecting value\nline 2");
        reasons.failed("q5", "ValueError", "fact: invalid response after 3 attempts: Expecting value\nline 2");
        reasons.printTally(9, "out/scores.jsonl");
        assertEquals("""
                regrade vereval: q1 failed: APIConnectionError: Connection error.
                regrade vereval: q3 failed: ValueError: fact: invalid response after 3 attempts: Expecting value …
                regrade vereval: 5 of 9 samples failed (each row's error is in out/scores.jsonl):
                  3 × ValueError: fact: invalid response after 3 attempts: Expecting value …
                  2 × APIConnectionError: Connection error.
                """, printed());
    }

    @Test
    void nothingIsPrintedWhenNoSampleFailed() {
        reasons.printTally(3, "scores.jsonl");
        assertEquals("", printed());
    }

    @Test
    void manyReasonsAreCappedAsTheyHappenAndInTheTally() {
        for (int i = 0; i < FailureReasons.SHOWN + 2; i++) {
            reasons.failed("q" + i, "E" + i, "m");
        }
        reasons.printTally(7, "s");
        String[] lines = printed().split("\n");
        assertEquals(FailureReasons.SHOWN + 1 + FailureReasons.SHOWN + 1, lines.length, printed());
        assertEquals("  +2 more reasons", lines[lines.length - 1]);
    }

    @Test
    void aLongMessageIsShortenedToOneLine() {
        String reason = FailureReasons.reason("E", "x".repeat(300));
        assertEquals("E: " + "x".repeat(200) + "…", reason);
        assertEquals("E", FailureReasons.reason("E", "  "));
    }
}
