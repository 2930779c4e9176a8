package dev.regrade.vereval;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why samples failed, for the person at the terminal. The original prints only {@code [n/N] id: error}
 * per failed sample on stdout (kept byte for byte); the reason is in {@code scores.jsonl} alone. This
 * adds, on stderr only, the first sample of each distinct reason as it happens and a tally at the end,
 * so a dead judge reads "APIConnectionError: Connection error." instead of a hundred bare "error"s.
 */
final class FailureReasons {
    /** Distinct reasons shown as they happen; later new ones are only counted. */
    static final int SHOWN = 5;

    private final PrintStream err;
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private int failed;

    FailureReasons(PrintStream err) {
        this.err = err;
    }

    /** Records a failed sample's error row; prints its reason when it is a new one. */
    void failed(String questionId, String errorType, String error) {
        failed++;
        String reason = reason(errorType, error);
        Integer before = counts.merge(reason, 1, Integer::sum) - 1;
        if (before == 0 && counts.size() <= SHOWN) {
            err.println("regrade vereval: " + questionId + " failed: " + reason);
        }
    }

    /** The tally, after the run: nothing when no sample failed. */
    void printTally(int scored, String scoresFile) {
        if (failed == 0) {
            return;
        }
        err.println("regrade vereval: " + failed + " of " + scored + " samples failed (each row's error is in "
                + scoresFile + "):");
        List<Map.Entry<String, Integer>> byCount = new ArrayList<>(counts.entrySet());
        // most frequent first; ties in order of first appearance (a stable sort): deterministic
        byCount.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        for (int i = 0; i < byCount.size() && i < SHOWN; i++) {
            err.println("  " + byCount.get(i).getValue() + " × " + byCount.get(i).getKey());
        }
        if (byCount.size() > SHOWN) {
            err.println("  +" + (byCount.size() - SHOWN) + " more reasons");
        }
    }

    /** One line: the error type and the message's first line, shortened. */
    static String reason(String errorType, String error) {
        String first = error == null ? "" : error.strip();
        int nl = first.indexOf('\n');
        if (nl >= 0) {
            first = first.substring(0, nl).strip() + " …";
        }
        if (first.codePointCount(0, first.length()) > 200) {
            first = first.substring(0, first.offsetByCodePoints(0, 200)) + "…";
        }
        return first.isEmpty() ? errorType : errorType + ": " + first;
    }
}
