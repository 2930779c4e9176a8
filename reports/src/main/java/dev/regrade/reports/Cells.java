package dev.regrade.reports;

import dev.regrade.pycompat.PyFormat;
import dev.regrade.reports.model.Comparison;

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
}
