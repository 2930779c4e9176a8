package dev.regrade.rubric.json;

import java.util.Objects;
import java.util.Optional;

/**
 * A result document as Regrade writes it ({@link ResultJson#toFileText}): the original's summary,
 * then the {@code regrade} object. A result written by the Python original is the summary alone.
 *
 * @param summary the original's summary
 * @param regrade what was run and how it ended
 */
public record ResultDocument(ResultSummary summary, RunMeta regrade) {
    public ResultDocument {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(regrade, "regrade");
    }

    /** True when the original would have raised for this input. */
    public boolean crashed() {
        return regrade.outcome() == RunOutcome.CRASHED;
    }

    /** The final score, or null for a crashed run. */
    public Double finalScore() {
        return crashed() ? null : summary.finalScore();
    }

    /** The verification tree, when there is one (none for a crashed run). */
    public Optional<ResultNode> tree() {
        return summary.tree();
    }

    /** The same document under another hash seed. */
    public ResultDocument withHashSeed(long seed) {
        return new ResultDocument(summary, regrade.withHashSeed(seed));
    }
}
