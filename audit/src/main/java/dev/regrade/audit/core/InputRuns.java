package dev.regrade.audit.core;

import dev.regrade.audit.run.RunRecord;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One input's runs, as the report sections read them, with the tree diffs they need.
 *
 * @param input        the script and input
 * @param description  the input's description
 * @param before       the before variant's run under the first seed
 * @param after        the after variant's run under the first seed
 * @param beforePath   the before run's result file
 * @param afterPath    the after run's result file
 * @param reruns       the runs evaluated again under another seed, before variant first, seeds in order
 *                     (the others are copies of the first seed's run: no tree can differ)
 * @param changes      before → after: an outcome change when one side crashed, the tree diff when
 *                     both have a tree
 * @param seedChanges  for each rerun, its differences from the first seed's run of its variant
 */
record InputRuns(ScriptInput input, String description, RunRecord before, RunRecord after, String beforePath,
                 String afterPath, List<Rerun> reruns, List<Change> changes, List<List<Change>> seedChanges) {

    /** A run under another seed, with the first seed's run of the same variant. */
    record Rerun(RunRecord reference, RunRecord run) {
    }

    /** The runs of one input, with their diffs computed. */
    static InputRuns of(ScriptInput input, String description, RunRecord before, RunRecord after, String beforePath,
                        String afterPath, List<Rerun> reruns) {
        List<Change> changes = new ArrayList<>(outcomeChange(before, after));
        if (before.document().tree().isPresent() && after.document().tree().isPresent()) {
            changes.addAll(TreeDiff.diff(tree(before), tree(after)));
        }
        List<List<Change>> seedChanges = new ArrayList<>();
        for (Rerun r : reruns) {
            List<Change> d = new ArrayList<>(outcomeChange(r.reference(), r.run()));
            d.addAll(TreeDiff.diff(tree(r.reference()), tree(r.run())));
            seedChanges.add(List.copyOf(d));
        }
        return new InputRuns(input, description, before, after, beforePath, afterPath, List.copyOf(reruns),
                List.copyOf(changes), List.copyOf(seedChanges));
    }

    private static ResultNode tree(RunRecord r) {
        return r.document().tree().orElse(null);
    }

    /** The {@code (run)} change of a run that crashed on one side only; none otherwise. */
    private static List<Change> outcomeChange(RunRecord a, RunRecord b) {
        if (a.crashed() == b.crashed()) {
            return List.of();
        }
        return List.of(new Change(ChangeClass.VERDICT, "outcome", "(run)",
                a.document().regrade().outcome().value(), b.document().regrade().outcome().value()));
    }
}
