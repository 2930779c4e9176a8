package dev.regrade.scripts.v2025_10_23;

import dev.regrade.rubric.Evaluator;
import java.util.List;

/**
 * One ported Mind2Web 2 evaluation script: the body of the original's {@code evaluate_answer},
 * for each of its named variants. The first variant is {@code released}.
 */
public interface RubricScript {
    /** The task id, e.g. {@code gas_stations}: the original script's file name. */
    String name();

    /** The variant names, {@code released} first, then {@code fixed}, then any alternatives. */
    List<String> variants();

    /**
     * Runs the original's {@code evaluate_answer} on a fresh evaluator (not yet initialised): the
     * answer, names, ports, clock and hash seed come from {@code evaluator.context()}. The caller
     * takes the summary afterwards. Throws a {@link dev.regrade.pycompat.PyException} exactly where
     * the original raises.
     *
     * @throws IllegalArgumentException for a variant name this script does not have
     */
    void evaluate(Evaluator evaluator, String variant);
}
