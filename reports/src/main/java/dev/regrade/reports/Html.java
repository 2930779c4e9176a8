package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.Totals;
import dev.regrade.rubric.json.ResultNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code report.html}: one self-contained page (no network, no external assets). The score-impact
 * table on top; then, for each changed tree, the before and after trees side by side, collapsible,
 * coloured by status, with changed nodes highlighted and the change spelled out. Every string from
 * answers, claims or pages is HTML-escaped.
 */
public final class Html {
    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d1d1f}
            h1{font-size:20px}h2{font-size:17px;margin-top:28px}h3{font-size:15px}
            table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d0d0;padding:3px 8px;vertical-align:top}
            th{background:#f2f2f2;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
            .bad{color:#b00020;font-weight:600}.ok{color:#116611}
            .pair{display:grid;grid-template-columns:1fr 1fr;gap:16px}
            .tree ul{list-style:none;margin:0;padding-left:18px}.tree>ul{padding-left:0}
            .node{padding:1px 4px;border-radius:3px;display:inline-block;margin:1px 0}
            .passed{background:#e3f5e1}.failed{background:#fde2e1}.partial{background:#fff4d6}
            .skipped{background:#ececec;color:#666}.initialized{background:#f7f7f7;color:#666}
            .changed{outline:2px solid #e07000}.unexpected{outline:3px solid #b00020}
            .why{display:block;font-size:12px;color:#8a4b00}.unexpected .why{color:#b00020}
            .crit{font-size:11px;color:#6a1b9a;font-weight:600}.strat{font-size:11px;color:#555}
            .score{font-variant-numeric:tabular-nums;font-weight:600}
            details>summary{cursor:pointer}code{background:#f4f4f4;padding:0 3px}
            """;

    private Html() {
    }

    /** Renders a report. */
    public static String render(AuditReport report) {
        StringBuilder b = new StringBuilder();
        String before = report.before();
        String after = report.after();
        Totals s = report.summary();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
                .append("<title>Regrade audit: ").append(e(before)).append(" → ").append(e(after)).append("</title><style>")
                .append(CSS).append("</style></head><body>\n");
        b.append("<h1>Regrade audit: <code>").append(e(before)).append("</code> → <code>").append(e(after))
                .append("</code></h1>\n<p id=\"summary\">").append(s.runs()).append(" runs · ")
                .append(s.comparisons()).append(" inputs · ").append(s.changed())
                .append(" changed · <span class=\"").append(s.unexpected() > 0 ? "bad" : "ok").append("\">")
                .append(s.unexpected()).append(" unexpected</span> · ").append(s.crashes())
                .append(" crashes · ").append(s.determinism()).append(" seed-dependent · ")
                .append(s.lint()).append(" prompt-lint findings</p>\n");
        b.append("<p>").append(e(report.changelog().text())).append("</p>\n");

        b.append("<h2>Score impact</h2>\n<table id=\"impact\"><thead><tr><th>Script</th><th>Input</th><th>")
                .append(e(before)).append("</th><th>").append(e(after))
                .append("</th><th>Δ</th><th>Changed nodes</th></tr></thead><tbody>\n");
        int i = 0;
        for (Comparison c : report.comparisons()) {
            boolean changed = c.changed();
            b.append("<tr").append(c.unexpected() > 0 ? " class=\"bad\"" : "").append("><td>")
                    .append(e(c.input().script())).append("</td><td>")
                    .append(changed ? "<a href=\"#cmp-" + i + "\">" : "")
                    .append(e(c.input().inputLabel()))
                    .append(changed ? "</a>" : "").append("</td><td class=\"num\">").append(score(c.before()))
                    .append("</td><td class=\"num\">").append(score(c.after())).append("</td><td class=\"num\">")
                    .append(Cells.delta(c.delta())).append("</td><td>").append(changedCount(c)).append("</td></tr>\n");
            i++;
        }
        b.append("</tbody></table>\n");

        findings(b, report);

        b.append("<h2>Changed trees</h2>\n");
        i = 0;
        for (Comparison c : report.comparisons()) {
            if (c.changed()) {
                changedTrees(b, c, i, before, after);
            }
            i++;
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void changedTrees(StringBuilder b, Comparison c, int i, String before, String after) {
        // Per node: the change that colours it (an unexpected one wins) and every change spelled out.
        Map<String, CheckedChange> byNode = new LinkedHashMap<>();
        Map<String, StringBuilder> why = new LinkedHashMap<>();
        for (CheckedChange ch : c.changes()) {
            String node = ch.change().node();
            StringBuilder w = why.computeIfAbsent(node, k -> new StringBuilder());
            w.append(w.length() == 0 ? "" : "; ").append(ch.expected() ? "" : "UNEXPECTED ")
                    .append(ch.change().changeClass().label()).append(": ").append(ch.change().text());
            if (!ch.expected() || !byNode.containsKey(node)) {
                byNode.put(node, ch);
            }
        }
        b.append("<details class=\"cmp\" id=\"cmp-").append(i).append("\" open><summary><b>")
                .append(e(c.input().script())).append("</b> · ")
                .append(e(c.input().inputLabel())).append(" · ")
                .append(score(c.before())).append(" → ").append(score(c.after()))
                .append("</summary>\n<p>").append(e(c.description())).append("</p>\n")
                .append("<div class=\"pair\"><div class=\"tree\"><h3>").append(e(before)).append("</h3>");
        tree(b, c.trees() == null ? null : c.trees().before(), byNode, why, c.before());
        b.append("</div><div class=\"tree\"><h3>").append(e(after)).append("</h3>");
        tree(b, c.trees() == null ? null : c.trees().after(), byNode, why, c.after());
        b.append("</div></div></details>\n");
    }

    private static void findings(StringBuilder b, AuditReport report) {
        section(b, "Unexpected changes", report.unexpected(), "<p class=\"ok\">None.</p>\n",
                "<table id=\"unexpected\">", "<tr class=\"bad\">", List.of("Script", "Input", "Class", "Change"),
                u -> List.of(e(u.input().script()), input(u.input()), e(u.classes()), e(u.text())));
        section(b, "Crashes", report.crashes(), "<p>None.</p>\n", "<table>", "<tr>",
                List.of("Script", "Input", "Variant", "Python error", "Other variant"),
                c -> List.of(e(c.input().script()), input(c.input()), e(c.variant()),
                        "<code>" + e(c.errorType() + ": " + c.error()) + "</code>",
                        e(c.otherVariant()) + ": " + (c.otherCrashed() ? "crashed too"
                                : "scored " + Cells.score(c.otherScore()))));
        section(b, "Seed-dependent trees", report.determinism(), "<p>None.</p>\n", "<table>", "<tr>",
                List.of("Script", "Variant", "Input", "Seed", "Differences"),
                d -> List.of(e(d.input().script()), e(d.variant()), input(d.input()),
                        d.seed() + " vs " + d.baseSeed(),
                        d.changes().stream().map(ch -> e(ch.text())).collect(Collectors.joining("<br>"))));
        section(b, "Prompt lint", report.lint(), "<p>None.</p>\n", "<table>", "<tr>",
                List.of("Script", "Variant", "Input", "Node", "Claim"),
                l -> List.of(e(l.input().script()), e(l.variant()), input(l.input()),
                        "<code>" + e(l.node()) + "</code>", e(l.claim())));
    }

    /** A findings section: its heading, then a table of one row per item, or {@code none}. */
    private static <T> void section(StringBuilder b, String title, List<T> items, String none, String table,
                                    String row, List<String> headers, Function<T, List<String>> cells) {
        b.append("<h2>").append(title).append("</h2>\n");
        if (items.isEmpty()) {
            b.append(none);
            return;
        }
        b.append(table).append("<tr><th>").append(String.join("</th><th>", headers)).append("</th></tr>\n");
        for (T item : items) {
            b.append(row).append("<td>").append(String.join("</td><td>", cells.apply(item))).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void tree(StringBuilder b, ResultNode root, Map<String, CheckedChange> changed,
                             Map<String, StringBuilder> why, ComparedRun side) {
        if (root == null) {
            b.append("<p class=\"bad\">No tree: the run crashed (").append(e(Objects.toString(side.errorType(), "")))
                    .append(": ").append(e(Objects.toString(side.error(), ""))).append(")</p>");
            return;
        }
        b.append("<ul>");
        node(b, root, changed, why);
        b.append("</ul>");
    }

    private static void node(StringBuilder b, ResultNode n, Map<String, CheckedChange> changed,
                             Map<String, StringBuilder> why) {
        String id = n.id();
        CheckedChange ch = changed.get(id);
        String status = n.status().value();
        String cls = "node " + status;
        if (ch != null) {
            cls += ch.expected() ? " changed" : " unexpected";
        }
        boolean container = !n.isLeaf();
        StringBuilder label = new StringBuilder();
        label.append("<span class=\"").append(cls).append("\" data-node=\"").append(e(id)).append("\" title=\"")
                .append(e(n.desc())).append("\"><span class=\"score\">")
                .append(Cells.score(n.score())).append("</span> ").append(e(status)).append(" <code>")
                .append(e(id)).append("</code>");
        if (n.critical()) {
            label.append(" <span class=\"crit\">critical</span>");
        }
        if (container) {
            label.append(" <span class=\"strat\">").append(e(n.strategy().value())).append("</span>");
        }
        label.append("<br>").append(e(n.desc()));
        if (ch != null) {
            label.append("<span class=\"why\">").append(e(why.get(id).toString())).append("</span>");
        }
        label.append("</span>");
        b.append("<li>");
        if (container) {
            b.append("<details open><summary>").append(label).append("</summary><ul>");
            for (ResultNode c : n.children()) {
                node(b, c, changed, why);
            }
            b.append("</ul></details>");
        } else {
            b.append(label);
        }
        b.append("</li>");
    }

    private static String input(ScriptInput in) {
        return e(in.inputLabel());
    }

    private static String score(ComparedRun run) {
        return run.crashed() ? "crashed (" + e(run.errorType()) + ")" : Cells.score(run.finalScore());
    }

    private static String changedCount(Comparison c) {
        int n = c.shownChanges().size();
        long u = Cells.unexpectedShown(c);
        return n == 0 ? "–" : n + (u > 0 ? " (<span class=\"bad\">" + u + " unexpected</span>)" : "");
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
