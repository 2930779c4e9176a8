package dev.regrade.wearable;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;

/**
 * What a file run wrote.
 *
 * @param summary        the summary dict (the results without per_row), as written to {@code summaryPath}
 * @param resultsPath    the full results file
 * @param summaryPath    {@code <base>_summary<ext>}
 * @param judgeTurns     judge turns in the run (0 without the LLM judge)
 * @param judgeUnscored  FIXED only: judge turns that fell back to 0.0 without a verdict (the original
 *                       warns about them but writes no field); -1 for RELEASED, which cannot tell
 */
public record ScoreRun(ObjectNode summary, Path resultsPath, Path summaryPath, int judgeTurns, int judgeUnscored) {
}
