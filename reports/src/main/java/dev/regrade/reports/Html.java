package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

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

    /** Renders a report document. */
    public static String render(JsonNode report) {
        StringBuilder b = new StringBuilder();
        String before = report.path("before").asText();
        String after = report.path("after").asText();
        JsonNode s = report.path("summary");
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
                .append("<title>Regrade audit: ").append(e(before)).append(" → ").append(e(after)).append("</title><style>")
                .append(CSS).append("</style></head><body>\n");
        b.append("<h1>Regrade audit: <code>").append(e(before)).append("</code> → <code>").append(e(after))
                .append("</code></h1>\n<p id=\"summary\">").append(s.path("runs").asInt()).append(" runs · ")
                .append(s.path("comparisons").asInt()).append(" inputs · ").append(s.path("changed").asInt())
                .append(" changed · <span class=\"").append(s.path("unexpected").asInt() > 0 ? "bad" : "ok").append("\">")
                .append(s.path("unexpected").asInt()).append(" unexpected</span> · ").append(s.path("crashes").asInt())
                .append(" crashes · ").append(s.path("determinism").asInt()).append(" seed-dependent · ")
                .append(s.path("lint").asInt()).append(" prompt-lint findings</p>\n");
        b.append("<p>").append(e(report.path("changelog").asText())).append("</p>\n");

        b.append("<h2>Score impact</h2>\n<table id=\"impact\"><thead><tr><th>Script</th><th>Input</th><th>")
                .append(e(before)).append("</th><th>").append(e(after))
                .append("</th><th>Δ</th><th>Changed nodes</th></tr></thead><tbody>\n");
        int i = 0;
        for (JsonNode c : report.path("comparisons")) {
            boolean changed = c.path("changed").asBoolean();
            b.append("<tr").append(c.path("unexpected").asInt() > 0 ? " class=\"bad\"" : "").append("><td>")
                    .append(e(c.path("script").asText())).append("</td><td>")
                    .append(changed ? "<a href=\"#cmp-" + i + "\">" : "")
                    .append(e(c.path("input_kind").asText() + " " + c.path("input").asText()))
                    .append(changed ? "</a>" : "").append("</td><td class=\"num\">").append(score(c.path("before")))
                    .append("</td><td class=\"num\">").append(score(c.path("after"))).append("</td><td class=\"num\">")
                    .append(delta(c.path("delta"))).append("</td><td>").append(changedCount(c)).append("</td></tr>\n");
            i++;
        }
        b.append("</tbody></table>\n");

        findings(b, report);

        b.append("<h2>Changed trees</h2>\n");
        i = 0;
        for (JsonNode c : report.path("comparisons")) {
            if (c.path("changed").asBoolean()) {
                Map<String, JsonNode> byNode = new LinkedHashMap<>();
                Map<String, StringBuilder> why = new LinkedHashMap<>();
                for (JsonNode ch : c.path("changes")) {
                    String node = ch.path("node").asText();
                    why.computeIfAbsent(node, k -> new StringBuilder()).append(why.get(node).length() == 0 ? "" : "; ")
                            .append(ch.path("expected").asBoolean() ? "" : "UNEXPECTED ")
                            .append(ch.path("class").asText()).append(": ").append(ch.path("text").asText());
                    if (!ch.path("expected").asBoolean() || !byNode.containsKey(node)) {
                        byNode.put(node, ch);
                    }
                }
                b.append("<details class=\"cmp\" id=\"cmp-").append(i).append("\" open><summary><b>")
                        .append(e(c.path("script").asText())).append("</b> · ")
                        .append(e(c.path("input_kind").asText() + " " + c.path("input").asText())).append(" · ")
                        .append(score(c.path("before"))).append(" → ").append(score(c.path("after")))
                        .append("</summary>\n<p>").append(e(c.path("description").asText())).append("</p>\n")
                        .append("<div class=\"pair\"><div class=\"tree\"><h3>").append(e(before)).append("</h3>");
                tree(b, c.path("trees").path("before"), byNode, why, c.path("before"));
                b.append("</div><div class=\"tree\"><h3>").append(e(after)).append("</h3>");
                tree(b, c.path("trees").path("after"), byNode, why, c.path("after"));
                b.append("</div></div></details>\n");
            }
            i++;
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void findings(StringBuilder b, JsonNode report) {
        b.append("<h2>Unexpected changes</h2>\n");
        if (report.path("unexpected").isEmpty()) {
            b.append("<p class=\"ok\">None.</p>\n");
        } else {
            b.append("<table id=\"unexpected\"><tr><th>Script</th><th>Input</th><th>Class</th><th>Change</th></tr>\n");
            for (JsonNode u : report.path("unexpected")) {
                b.append("<tr class=\"bad\"><td>").append(e(u.path("script").asText())).append("</td><td>")
                        .append(e(u.path("input_kind").asText() + " " + u.path("input").asText())).append("</td><td>")
                        .append(e(u.path("class").asText())).append("</td><td>").append(e(u.path("text").asText()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("<h2>Crashes</h2>\n");
        if (report.path("crashes").isEmpty()) {
            b.append("<p>None.</p>\n");
        } else {
            b.append("<table><tr><th>Script</th><th>Input</th><th>Variant</th><th>Python error</th><th>Other variant</th></tr>\n");
            for (JsonNode c : report.path("crashes")) {
                b.append("<tr><td>").append(e(c.path("script").asText())).append("</td><td>")
                        .append(e(c.path("input_kind").asText() + " " + c.path("input").asText())).append("</td><td>")
                        .append(e(c.path("variant").asText())).append("</td><td><code>")
                        .append(e(c.path("error_type").asText() + ": " + c.path("error").asText())).append("</code></td><td>")
                        .append(e(c.path("other_variant").asText())).append(": ")
                        .append("crashed".equals(c.path("other_outcome").asText()) ? "crashed too"
                                : "scored " + Markdown.num(c.path("other_score")))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("<h2>Seed-dependent trees</h2>\n");
        if (report.path("determinism").isEmpty()) {
            b.append("<p>None.</p>\n");
        } else {
            b.append("<table><tr><th>Script</th><th>Variant</th><th>Input</th><th>Seed</th><th>Differences</th></tr>\n");
            for (JsonNode d : report.path("determinism")) {
                StringBuilder diffs = new StringBuilder();
                d.path("changes").forEach(ch -> diffs.append(diffs.length() == 0 ? "" : "<br>").append(e(ch.path("text").asText())));
                b.append("<tr><td>").append(e(d.path("script").asText())).append("</td><td>")
                        .append(e(d.path("variant").asText())).append("</td><td>")
                        .append(e(d.path("input_kind").asText() + " " + d.path("input").asText())).append("</td><td>")
                        .append(d.path("seed").asText()).append(" vs ").append(d.path("base_seed").asText())
                        .append("</td><td>").append(diffs).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("<h2>Prompt lint</h2>\n");
        if (report.path("lint").isEmpty()) {
            b.append("<p>None.</p>\n");
        } else {
            b.append("<table><tr><th>Script</th><th>Variant</th><th>Input</th><th>Node</th><th>Claim</th></tr>\n");
            for (JsonNode l : report.path("lint")) {
                b.append("<tr><td>").append(e(l.path("script").asText())).append("</td><td>")
                        .append(e(l.path("variant").asText())).append("</td><td>")
                        .append(e(l.path("input_kind").asText() + " " + l.path("input").asText())).append("</td><td><code>")
                        .append(e(l.path("node").asText())).append("</code></td><td>").append(e(l.path("claim").asText()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
    }

    private static void tree(StringBuilder b, JsonNode root, Map<String, JsonNode> changed, Map<String, StringBuilder> why,
                             JsonNode side) {
        if (root == null || root.isNull() || root.isMissingNode()) {
            b.append("<p class=\"bad\">No tree: the run crashed (").append(e(side.path("error_type").asText()))
                    .append(": ").append(e(side.path("error").asText())).append(")</p>");
            return;
        }
        b.append("<ul>");
        node(b, root, changed, why);
        b.append("</ul>");
    }

    private static void node(StringBuilder b, JsonNode n, Map<String, JsonNode> changed, Map<String, StringBuilder> why) {
        String id = n.path("id").asText();
        JsonNode ch = changed.get(id);
        String status = n.path("status").asText();
        String cls = "node " + (status.matches("passed|failed|partial|skipped|initialized") ? status : "initialized");
        if (ch != null) {
            cls += ch.path("expected").asBoolean() ? " changed" : " unexpected";
        }
        JsonNode children = n.path("children");
        boolean container = children.isArray() && !children.isEmpty();
        StringBuilder label = new StringBuilder();
        label.append("<span class=\"").append(cls).append("\" data-node=\"").append(e(id)).append("\" title=\"")
                .append(e(n.path("desc").asText())).append("\"><span class=\"score\">")
                .append(Markdown.num(n.path("score"))).append("</span> ").append(e(status)).append(" <code>")
                .append(e(id)).append("</code>");
        if (n.path("critical").asBoolean()) {
            label.append(" <span class=\"crit\">critical</span>");
        }
        if (container) {
            label.append(" <span class=\"strat\">").append(e(n.path("strategy").asText())).append("</span>");
        }
        label.append("<br>").append(e(n.path("desc").asText()));
        if (ch != null) {
            label.append("<span class=\"why\">").append(e(why.get(id).toString())).append("</span>");
        }
        label.append("</span>");
        b.append("<li>");
        if (container) {
            b.append("<details open><summary>").append(label).append("</summary><ul>");
            for (JsonNode c : children) {
                node(b, c, changed, why);
            }
            b.append("</ul></details>");
        } else {
            b.append(label);
        }
        b.append("</li>");
    }

    private static String score(JsonNode side) {
        return "crashed".equals(side.path("outcome").asText())
                ? "crashed (" + e(side.path("error_type").asText()) + ")" : Markdown.num(side.path("final_score"));
    }

    private static String delta(JsonNode v) {
        if (v == null || !v.isNumber()) {
            return "–";
        }
        double d = v.doubleValue();
        return d == 0.0 ? "0" : (d > 0 ? "+" : "") + dev.regrade.pycompat.PyFormat.fixed(d, 3);
    }

    private static String changedCount(JsonNode c) {
        int n = 0;
        int u = 0;
        for (JsonNode ch : c.path("changes")) {
            if (!"derived".equals(ch.path("class").asText())) {
                n++;
                u += ch.path("expected").asBoolean() ? 0 : 1;
            }
        }
        return n == 0 ? "–" : n + (u > 0 ? " (<span class=\"bad\">" + u + " unexpected</span>)" : "");
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
