package dev.regrade.audit.replay;

import dev.regrade.audit.replay.ReplayWorld.Run;
import dev.regrade.pycompat.PySet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The failed runs of one date's PYTHONHASHSEED search, by the Python set orders they met. A run reads the seed only
 * to order a set ({@code EvaluationContext.setOrder}), so up to its first set it is the same under every seed, and
 * after the k-th set it depends only on the first k orders: a seed that orders each of a failed run's sets (the
 * items are known, they are the run's up to there) as that run did is that very run, and fails alike. Such a seed is
 * told apart here by ordering a few strings (SipHash), not by a run. A run that read the seed other than through a set
 * order turns the tree off (every seed is then run).
 */
final class SetOrderTree {
    /** One point of the runs: the items of the next set they order, and the runs by that set's order. */
    private static final class Point {
        List<String> items;
        Map<List<String>, Point> next;
        /** A failed run ended here (all its sets ordered as on the path to this point). */
        boolean failed;
    }

    private final Point root = new Point();
    private boolean usable = true;

    /** True when the run under {@code seed} is one of the failed runs added: it fails too, with no run needed. */
    boolean failsUnder(long seed) {
        if (!usable) {
            return false;
        }
        Point p = root;
        while (!p.failed) {
            if (p.items == null) {
                return false;
            }
            p = p.next.get(PySet.iterationOrder(p.items, seed));
            if (p == null) {
                return false;
            }
        }
        return true;
    }

    /** Adds a run that did not reproduce the stored tree (whole, or stopped at a missing extraction). */
    void addFailed(Run run) {
        if (!usable) {
            return;
        }
        if (run.seedReads != run.setOrders.size()) {
            usable = false; // the seed was read other than to order a set: no order tells the runs apart
            return;
        }
        Point p = root;
        for (int i = 0; i < run.setOrders.size(); i++) {
            if (p.failed) {
                usable = false; // cannot be: a run ordered fewer sets on the same orders (not deterministic)
                return;
            }
            if (p.items == null) {
                p.items = run.setItems.get(i);
                p.next = new HashMap<>();
            } else if (!p.items.equals(run.setItems.get(i))) {
                usable = false; // cannot be: the same orders led to another set (not deterministic)
                return;
            }
            p = p.next.computeIfAbsent(run.setOrders.get(i), k -> new Point());
        }
        if (p.items != null) {
            usable = false; // cannot be: another run went on from here
            return;
        }
        p.failed = true;
    }
}
