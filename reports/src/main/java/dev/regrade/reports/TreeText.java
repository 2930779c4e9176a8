package dev.regrade.reports;

import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.RunMeta;

/**
 * A result's tree for people: one node per line, indented by depth, with a status mark, the score,
 * {@code [C]} for critical and {@code seq}/{@code par} for the strategy of containers; the final
 * score last.
 *
 * <pre>
 * ✓ 1.0   par  root: Find gas stations…
 *   ✗ 0.0 [C]      station_1_address_present: Station 1 has an address
 * final score: 0.25
 * </pre>
 */
public final class TreeText {
    private TreeText() {
    }

    /** Renders a result document. */
    public static String render(ResultDocument result) {
        StringBuilder out = new StringBuilder();
        RunMeta run = result.regrade();
        out.append(run.script()).append(" · ").append(run.variant()).append(" · ").append(run.inputKind()).append(' ')
                .append(run.input()).append(" · eval date ").append(run.evalDate()).append(" · hash seed ")
                .append(run.hashSeed()).append('\n');
        result.tree().ifPresent(root -> node(root, 0, out));
        if (result.crashed()) {
            out.append("crashed: ").append(run.errorType()).append(": ").append(run.error()).append('\n');
        } else {
            Double score = result.finalScore();
            out.append("final score: ").append(score == null ? "null" : PyRepr.repr(score)).append('\n');
        }
        out.append("judge requests: ").append(run.judgeRequests().size()).append('\n');
        return out.toString();
    }

    private static void node(ResultNode n, int depth, StringBuilder out) {
        out.append("  ".repeat(depth)).append(mark(n)).append(' ');
        out.append(String.format("%-6s", PyRepr.repr(n.score())));
        out.append(n.critical() ? "[C] " : "    ");
        boolean container = !n.isLeaf();
        out.append(container ? (n.strategy() == Strategy.SEQUENTIAL ? "seq " : "par ") : "    ");
        out.append(n.id()).append(": ").append(oneLine(n.desc())).append('\n');
        for (ResultNode c : n.children()) {
            node(c, depth + 1, out);
        }
    }

    private static String mark(ResultNode n) {
        return switch (n.status()) {
            case PASSED -> "✓";
            case FAILED -> "✗";
            case PARTIAL -> "◐";
            case SKIPPED -> "–";
            case INITIALIZED -> "·";
        };
    }

    private static String oneLine(String s) {
        String flat = s.replace('\n', ' ');
        return flat.length() > 120 ? flat.substring(0, 117) + "..." : flat;
    }
}
