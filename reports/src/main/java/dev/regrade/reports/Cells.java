package dev.regrade.reports;

import dev.regrade.pycompat.PyFormat;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
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

    /** How many of a comparison's shown (non-derived) changes the expectations do not allow. */
    static long unexpectedShown(Comparison c) {
        return c.shownChanges().stream().filter(ch -> !ch.expected()).count();
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
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (String id : ids) {
            if (i == max) {
                b.append(" +").append(ids.size() - max).append(" more");
                break;
            }
            b.append(i == 0 ? "" : ", ").append(code.apply(id));
            i++;
        }
        return b.toString();
    }
}
