package dev.regrade.audit.replay;

import dev.regrade.rubric.port.EvalClock;
import java.nio.file.Path;
import java.time.LocalDate;

/**
 * The evaluation date a stored result is replayed under, and where it comes from: Regrade's stored
 * {@code regrade.eval_date} (kept, never searched); else the date of the runner's file time stamp
 * ({@code <YYYYmmdd_HHMMSS>_<answer>.json}: {@code create_logger}'s {@code datetime.now()} as
 * {@code _eval_one_answer} starts, the same process's clock the script's {@code datetime.now()} reads
 * moments later); else Regrade's default, 2025-10-23.
 *
 * @param date   the date
 * @param source where it comes from, as the report says it ({@code stored}, {@code from the file name}, …)
 * @param stored true for Regrade's stored date, which is never searched around
 */
record EvalDate(LocalDate date, String source, boolean stored) {
    static final String FROM_FILE_NAME = "from the file name";

    /** The date {@code result} records or implies. */
    static EvalDate of(StoredResult result) {
        if (result.evalDate() != null) {
            return new EvalDate(LocalDate.parse(result.evalDate()), "stored", true);
        }
        return ResultLayout.fileDate(Path.of(result.file()))
                .map(d -> new EvalDate(d, FROM_FILE_NAME, false))
                .orElse(new EvalDate(EvalClock.DEFAULT_DATE, "Regrade's default (no time stamp in the file name)", false));
    }

    /** The date the search found instead, with the one it started from. */
    EvalDate searched(LocalDate found) {
        return new EvalDate(found, "the nearest date to " + date + " (" + source + ") that reproduces the tree", false);
    }
}
