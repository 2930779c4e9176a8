package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.Comparison;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.ResultNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The reference for the trees the page's script draws: the markup {@link Html} wrote for each tree
 * before the trees were drawn from shared data (its code of then, kept here), on a bare page with the
 * same {@code <div class="tree">} around each tree. {@code HtmlReportBrowserTest} loads both pages in
 * Chromium and requires the same DOM, tree by tree.
 */
final class MarkupTrees {
    private MarkupTrees() {
    }

    /**
     * The page. {@code opened}: every container open, as after a reader opened them all; else as the
     * page starts, with a collapsed container's list left empty (the script draws it when opened).
     */
    static String page(AuditReport report, boolean opened) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>trees</title></head><body>\n");
        for (Comparison c : report.comparisons()) {
            if (!c.changed()) {
                continue;
            }
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
            ResultNode left = c.trees() == null ? null : c.trees().before();
            ResultNode right = c.trees() == null ? null : c.trees().after();
            boolean compared = left != null && right != null;
            for (Object[] side : new Object[][] {{report.before(), left}, {report.after(), right}}) {
                b.append("<div class=\"tree\"><h3>").append(e((String) side[0])).append("</h3>");
                if (side[1] != null) {
                    b.append("<ul>");
                    node(b, (ResultNode) side[1], byNode, why, compared, opened);
                    b.append("</ul>");
                }
                b.append("</div>\n");
            }
        }
        return b.append("</body></html>\n").toString();
    }

    /** What a subtree holds: whether any node in it changed, and its nodes by status. */
    private record Held(boolean changed, int[] byStatus) {
        int total() {
            int t = 0;
            for (int n : byStatus) {
                t += n;
            }
            return t;
        }

        String text(boolean compared) {
            StringBuilder t = new StringBuilder().append(total()).append(total() == 1 ? " node" : " nodes");
            for (Status s : Status.values()) {
                if (byStatus[s.ordinal()] > 0) {
                    t.append(" · ").append(byStatus[s.ordinal()]).append(' ').append(s.value());
                }
            }
            return t.append(compared ? ", unchanged" : ", the other side has no tree").toString();
        }
    }

    private static Held node(StringBuilder b, ResultNode n, Map<String, CheckedChange> changed,
                             Map<String, StringBuilder> why, boolean compared, boolean opened) {
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
        label.append("<br>").append(e(shorten(n.desc())));
        if (ch != null) {
            label.append("<span class=\"why\">").append(e(why.get(id).toString())).append("</span>");
        }
        label.append("</span>");
        int[] byStatus = new int[Status.values().length];
        byStatus[n.status().ordinal()]++;
        boolean anyChange = ch != null;
        b.append("<li>");
        if (container) {
            StringBuilder children = new StringBuilder();
            int[] below = new int[byStatus.length];
            for (ResultNode c : n.children()) {
                Held held = node(children, c, changed, why, compared, opened);
                anyChange |= held.changed();
                for (int k = 0; k < below.length; k++) {
                    below[k] += held.byStatus()[k];
                    byStatus[k] += held.byStatus()[k];
                }
            }
            // The code of then wrote "<details open>" when anyChange, else "<details>", and the children always.
            boolean open = anyChange || opened;
            b.append(open ? "<details open><summary>" : "<details><summary>").append(label);
            if (!anyChange) {
                b.append(" <span class=\"count\">").append(new Held(false, below).text(compared)).append("</span>");
            }
            b.append("</summary><ul>").append(open ? children : "").append("</ul></details>");
        } else {
            b.append(label);
        }
        b.append("</li>");
        return new Held(anyChange, byStatus);
    }

    private static String shorten(String s) {
        String flat = s.replace('\n', ' ');
        return flat.length() <= 160 ? flat : flat.substring(0, 159) + "…";
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
