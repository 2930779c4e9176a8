package dev.regrade.reports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyRepr;

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

    /** Renders a result document (Regrade's or the Python original's). */
    public static String render(JsonNode result) {
        StringBuilder out = new StringBuilder();
        JsonNode regrade = result.get("regrade");
        if (regrade != null) {
            out.append(regrade.path("script").asText()).append(" · ").append(regrade.path("variant").asText())
                    .append(" · ").append(regrade.path("input_kind").asText()).append(' ')
                    .append(regrade.path("input").asText()).append(" · eval date ")
                    .append(regrade.path("eval_date").asText()).append(" · hash seed ")
                    .append(regrade.path("hash_seed").asText()).append('\n');
        }
        JsonNode breakdown = result.path("eval_breakdown");
        if (breakdown.isArray() && !breakdown.isEmpty()) {
            node(breakdown.get(0).path("verification_tree"), 0, out);
        }
        if (regrade != null && "crashed".equals(regrade.path("outcome").asText())) {
            out.append("crashed: ").append(regrade.path("error_type").asText()).append(": ")
                    .append(regrade.path("error").asText()).append('\n');
        } else {
            out.append("final score: ").append(score(result.path("final_score"))).append('\n');
        }
        if (regrade != null) {
            out.append("judge requests: ").append(regrade.path("judge_requests").size()).append('\n');
        }
        return out.toString();
    }

    private static void node(JsonNode n, int depth, StringBuilder out) {
        out.append("  ".repeat(depth)).append(mark(n.path("status").asText())).append(' ');
        out.append(String.format("%-6s", score(n.path("score"))));
        out.append(n.path("critical").asBoolean() ? "[C] " : "    ");
        JsonNode children = n.path("children");
        boolean container = children.isArray() && !children.isEmpty();
        out.append(container ? ("sequential".equals(n.path("strategy").asText()) ? "seq " : "par ") : "    ");
        out.append(n.path("id").asText()).append(": ").append(oneLine(n.path("desc").asText())).append('\n');
        if (container) {
            for (JsonNode c : children) {
                node(c, depth + 1, out);
            }
        }
    }

    private static String score(JsonNode s) {
        return s.isNumber() ? PyRepr.repr(s.doubleValue()) : "null";
    }

    private static String mark(String status) {
        return switch (status) {
            case "passed" -> "✓";
            case "failed" -> "✗";
            case "partial" -> "◐";
            case "skipped" -> "–";
            default -> "·";
        };
    }

    private static String oneLine(String s) {
        String flat = s.replace('\n', ' ');
        return flat.length() > 120 ? flat.substring(0, 117) + "..." : flat;
    }
}
