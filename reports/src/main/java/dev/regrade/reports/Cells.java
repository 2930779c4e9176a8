package dev.regrade.reports;

import dev.regrade.pycompat.PyFormat;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.Totals;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/** The numbers and counts every rendering shows the same way. */
final class Cells {
    private Cells() {
    }

    /** A score to three decimals; an en dash for none. */
    static String score(Double v) {
        return v == null ? "–" : PyFormat.fixed(v, 3);
    }

    /** A score difference with its sign ({@code +0.250}, {@code -1.000}, {@code 0}); an en dash for none. */
    static String delta(Double v) {
        if (v == null) {
            return "–";
        }
        double d = v;
        return d == 0.0 ? "0" : (d > 0 ? "+" : "") + PyFormat.fixed(d, 3);
    }

    /** How many nodes of a comparison have a shown (non-derived) change the expectations do not allow. */
    static long unexpectedShown(Comparison c) {
        return c.shownChanges().stream().filter(ch -> !ch.expected()).map(ch -> ch.change().node()).distinct()
                .count();
    }

    /**
     * Distinct non-derived node ids of the changes (all ids when every change is derived), each
     * through {@code code}, at most {@code max} joined by commas, then "+N more".
     */
    static String nodes(List<NodeChange> changes, int max, UnaryOperator<String> code) {
        Set<String> ids = new LinkedHashSet<>();
        for (NodeChange ch : changes) {
            if (!ch.derived()) {
                ids.add(ch.node());
            }
        }
        if (ids.isEmpty()) {
            changes.forEach(ch -> ids.add(ch.node()));
        }
        return MarkdownBlocks.list(ids, max, code);
    }

    /** A seed range for people: {@code 0.800–1.000}, {@code 1.000 or crashed}, {@code crashed under every seed}. */
    static String seedRange(SeedRange r) {
        if (r.low() == null) {
            return "crashed under every seed";
        }
        return (r.low().equals(r.high()) ? score(r.low()) : score(r.low()) + "–" + score(r.high()))
                + (r.crashed() ? " or crashed" : "");
    }

    /** The verdict sentence after its bold lead ({@code Verdict: pass.} or {@code Verdict: FAIL.}). */
    static String verdict(Totals s) {
        return s.unexpected() == 0 ? "Every change is on a node the expectations allow."
                : s.unexpected() + (s.unexpected() == 1 ? " node has" : " nodes have")
                        + " changes the expectations do not allow.";
    }

    /** The counts line under the verdict; {@code unexpected} renders the unexpected count. */
    static String counts(Totals s, UnaryOperator<String> unexpected) {
        return s.runs() + " runs · " + s.comparisons() + " inputs · " + s.changed() + " changed · "
                + unexpected.apply(s.unexpected() + " unexpected") + " · " + s.crashes() + " crashes · "
                + s.determinism() + " seed-dependent · " + s.lint() + " prompt-lint findings";
    }

    /** The note under the score table when some score is shown with a seed range. */
    static final String SEED_RANGE_NOTE = "A score shown with a range differs across the hash seeds: the first seed's "
            + "score, then the range, linked to the seed-dependent trees.";

    /** The anchor of the seed-dependent trees section, which every seed range links to. */
    static final String SEEDS_ID = "seed-dependent-trees";

    /** The sentence after the changelog line when the expectations declare fixes; null when none is due. */
    static String unexercised(List<String> scripts, boolean declared) {
        if (!scripts.isEmpty()) {
            return "Declared fixes no input exercised (no comparison of the script changed): "
                    + String.join(", ", scripts) + ".";
        }
        return declared ? "Every declared fix changed at least one input." : null;
    }
}
