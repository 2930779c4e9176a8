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

    /**
     * A score difference in the scores' own format, signed ({@code +0.250}, {@code -1.000}, {@code 0.000}); an
     * en dash for none.
     */
    static String delta(Double v) {
        if (v == null) {
            return "–";
        }
        double d = v;
        return d == 0.0 ? "0.000" : (d > 0 ? "+" : "") + PyFormat.fixed(d, 3);
    }

    /**
     * For a row whose score did not move but whose tree did ({@code 0.000 → 0.000}), what changed in one
     * phrase ("score unchanged: 2 verdicts, 1 claim changed"); null for any other row.
     */
    static String sameScorePhrase(Comparison c) {
        if (c.before().crashed() || c.after().crashed() || c.before().finalScore() == null
                || !c.before().finalScore().equals(c.after().finalScore()) || c.shownChanges().isEmpty()) {
            return null;
        }
        java.util.Map<String, Set<String>> nodesByWhat = new java.util.LinkedHashMap<>();
        for (String what : List.of("added", "removed", "moved", "claims", "verdicts", "other")) {
            nodesByWhat.put(what, new LinkedHashSet<>());
        }
        for (dev.regrade.reports.model.CheckedChange ch : c.shownChanges()) {
            NodeChange n = ch.change();
            String what = switch (n.changeClass()) {
                case STRUCTURAL -> n.kind().equals("added") || n.kind().equals("removed") ? n.kind() : "moved";
                case CONTENT -> n.kind().equals("desc") ? "claims" : "other";
                case VERDICT -> "verdicts";
                default -> "other";
            };
            nodesByWhat.get(what).add(n.node());
        }
        List<String> parts = new java.util.ArrayList<>();
        nodesByWhat.forEach((what, nodes) -> {
            int n = nodes.size();
            if (n == 0) {
                return;
            }
            parts.add(switch (what) {
                case "added", "removed", "moved" -> n + (n == 1 ? " node " : " nodes ") + what;
                case "claims" -> n + (n == 1 ? " claim" : " claims") + " reworded";
                case "verdicts" -> n + (n == 1 ? " verdict" : " verdicts") + " changed";
                default -> n + (n == 1 ? " node's" : " nodes'") + " critical flag or strategy changed";
            });
        });
        return "score unchanged, " + String.join(", ", parts);
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
        String base = s.unexpected() == 0 ? "Every change is on a node the expectations allow."
                : s.unexpected() + (s.unexpected() == 1 ? " node has" : " nodes have")
                        + " changes the expectations do not allow.";
        return s.prompts() == 0 ? base : base + " " + (s.changed() == 0 ? "No tree or score changed; " : "")
                + prompts(s) + ".";
    }

    /** The prompt changes counted: {@code 4 prompts changed in 2 scripts}. */
    static String prompts(Totals s) {
        String counted = s.prompts() + (s.prompts() == 1 ? " prompt changed in " : " prompts changed in ")
                + s.promptScripts() + (s.promptScripts() == 1 ? " script" : " scripts");
        return s.changed() == 0 ? counted : Character.toUpperCase(counted.charAt(0)) + counted.substring(1);
    }

    /** The counts line under the verdict; {@code unexpected} renders the unexpected count. */
    static String counts(Totals s, UnaryOperator<String> unexpected) {
        return s.runs() + " runs · " + s.comparisons() + " inputs · " + s.changed() + " changed · "
                + unexpected.apply(s.unexpected() + " unexpected") + " · " + s.crashes() + " crashes · "
                + s.determinism() + " seed-dependent · " + s.prompts() + " changed prompts · " + s.lint()
                + " prompt-lint findings";
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
