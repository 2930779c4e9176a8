package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code regrade --help} documents every exit status, and the statuses it names are the ones returned. */
class MainHelpTest {

    @Test
    void helpListsEveryExitStatusAndTheCommandsBehindAFinding() {
        CliRun run = CliRun.of("--help");
        assertEquals(ExitCodes.OK, run.status());
        String out = run.out().replace("\r\n", "\n");
        for (int code : new int[] {ExitCodes.OK, ExitCodes.FINDING, ExitCodes.BAD_INPUT, ExitCodes.JUDGE_UNAVAILABLE}) {
            assertTrue(out.contains("\n  " + code + "  "), "exit status " + code + " not listed:\n" + out);
        }
        String finding = out.substring(out.indexOf("\n  1  "), out.indexOf("\n  2  "));
        for (String command : List.of("audit", "diff", "rescore", "approve", "score", "vereval", "bench")) {
            assertTrue(finding.contains("(" + command + ")"), command + " missing from status 1:\n" + finding);
        }
    }

    @Test
    void helpFitsEightyColumns() {
        for (String line : CliRun.of("--help").out().split("\\R")) {
            assertTrue(line.codePointCount(0, line.length()) <= 80, "longer than 80 columns: " + line);
        }
    }

    @Test
    void approveAndBenchRejectBadInputWithTwo() {
        CliRun approve = CliRun.of("approve", "--script", "no_such_script");
        assertEquals(ExitCodes.BAD_INPUT, approve.status());
        assertTrue(approve.err().contains("unknown script 'no_such_script'"), approve.err());
        assertEquals(ExitCodes.BAD_INPUT, CliRun.of("bench", "--repeat", "0").status());
        assertEquals(ExitCodes.BAD_INPUT, CliRun.of("no-such-command").status());
    }
}
