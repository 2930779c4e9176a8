package dev.regrade.audit.replay;

import dev.regrade.audit.replay.ReplayReport.MetricsRow;
import dev.regrade.audit.replay.ReplayResult.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code replay.html}: one self-contained page like {@code report.html} (inline CSS and script, nothing
 * loaded): headings, the verdict and counts, the per-agent and per-task tables, and one row per result with
 * its changed nodes and unknown claims folded. A filter narrows the rows by status (or to those that may
 * change); its state lives in the URL fragment ({@code #filter=mismatch}), so a link or a test can open
 * the page narrowed. Every string from results is HTML-escaped; the script only hides rows and sets
 * {@code textContent}.
 */
final class ReplayHtml {
    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d1d1f}
            h1{font-size:20px}h2{font-size:17px;margin-top:28px}
            table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d0d0;padding:3px 8px;vertical-align:top}
            th{background:#f2f2f2;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
            .bad{color:#b00020;font-weight:600}.ok{color:#116611}
            tr.mismatch{background:#fde2e1}tr.changed{background:#fff4d6}tr.skipped{color:#666}
            #controls{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #ddd;z-index:1}
            #shown{color:#555;margin-left:8px}details>summary{cursor:pointer}code{background:#f4f4f4;padding:0 3px}
            """;

    /** Reads {@code filter} from the fragment, hides the rows whose flags do not hold it, counts the shown. */
    private static final String SCRIPT = """
            (function(){
            var sel=document.getElementById('controls').elements.filter,shown=document.getElementById('shown');
            function apply(){
              var f=sel.value,rows=document.querySelectorAll('#results tbody tr'),n=0;
              rows.forEach(function(r){
                r.hidden=!(f==='all'||(' '+r.getAttribute('data-flags')+' ').indexOf(' '+f+' ')>=0);
                if(!r.hidden){n++;}
              });
              shown.textContent=n+' of '+rows.length+' results shown';
            }
            function readHash(){
              var m=/(?:^|&)filter=([^&]*)/.exec(location.hash.slice(1));
              if(m!==null){var v=decodeURIComponent(m[1]);sel.value=v;if(sel.value!==v){sel.value='all';}}
              apply();
            }
            sel.addEventListener('change',function(){apply();history.replaceState(null,'','#filter='+encodeURIComponent(sel.value));});
            window.addEventListener('hashchange',readHash);
            readHash();
            })();
            """;

    private ReplayHtml() {
    }

    static String render(ReplayReport report) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'\">")
                .append("<title>Replay</title><style>").append(CSS).append("</style></head><body>\n<h1>Replay</h1>\n");
        b.append("<p>").append(report.selfCheckFailed() ? "<span class=\"bad\">Verdict: " + e(report.verdict())
                + "</span> (exit 1)." : "<span class=\"ok\">Verdict: " + e(report.verdict()) + ".</span>")
                .append(' ').append(e(report.summaryLine())).append(".</p>\n");
        b.append("<table id=\"counts\"><thead><tr><th>count</th><th>results</th><th>meaning</th></tr></thead><tbody>\n");
        for (ReplayCounts.Row r : ReplayCounts.of(report).rows()) {
            b.append("<tr><td>").append(r.nested() ? "… " : "").append(e(r.label())).append("</td><td class=\"num\">")
                    .append(r.count()).append("</td><td>").append(e(r.meaning())).append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
        metrics(b, "agent", report.agents());
        metrics(b, "task", report.tasks());
        b.append("<h2>Results</h2>\n<form id=\"controls\"><label>Show <select name=\"filter\">");
        List<String[]> options = new ArrayList<>();
        options.add(new String[] {"all", "all results"});
        options.add(new String[] {"may-change", "may change"});
        for (Status s : Status.values()) {
            options.add(new String[] {s.value(), s.value()});
        }
        options.add(new String[] {"raises", "raises"});
        for (String[] o : options) {
            b.append("<option value=\"").append(e(o[0])).append("\">").append(e(o[1])).append("</option>");
        }
        b.append("</select></label><span id=\"shown\"></span></form>\n");
        b.append("<table id=\"results\"><thead><tr><th>task</th><th>agent</th><th>answer</th><th>before</th>")
                .append("<th>after</th><th>Δ</th><th>status</th><th>changed nodes</th><th>unknown claims</th>")
                .append("</tr></thead><tbody>\n");
        for (ReplayResult r : report.results()) {
            row(b, r);
        }
        b.append("</tbody></table>\n<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        return b.toString();
    }

    private static void metrics(StringBuilder b, String kind, List<MetricsRow> rows) {
        b.append("<h2>Per ").append(kind).append("</h2>\n");
        if (rows.isEmpty()) {
            b.append("<p>None: no result replayed.</p>\n");
            return;
        }
        b.append("<table id=\"").append(kind).append("s\"><thead><tr><th>").append(kind)
                .append("</th><th>avg_score</th><th>success_rate</th><th>pass@k</th></tr></thead><tbody>\n");
        for (MetricsRow a : rows) {
            b.append("<tr><td>").append(e(a.name())).append("</td>");
            a.moves().forEach(m -> b.append("<td class=\"num\">").append(e(m)).append("</td>"));
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    /** The flags the filter selects a row by: its status, {@code may-change}, {@code raises}. */
    static List<String> flags(ReplayResult r) {
        List<String> flags = new ArrayList<>(List.of(r.status().value()));
        if (r.mayChange()) {
            flags.add("may-change");
        }
        if (r.status() == Status.REPLAYED && r.afterMin() == null) {
            flags.add("raises");
        }
        return flags;
    }

    private static void row(StringBuilder b, ReplayResult r) {
        boolean replayed = r.status() == Status.REPLAYED;
        List<String> flags = flags(r);
        String cls = r.status() == Status.MISMATCH || r.status() == Status.OVER_BUDGET ? "mismatch" : flags.contains("may-change") ? "changed"
                : replayed ? "" : r.status().value();
        b.append("<tr data-flags=\"").append(e(String.join(" ", flags))).append('"')
                .append(cls.isEmpty() ? "" : " class=\"" + cls + "\"").append("><td>").append(e(String.valueOf(r.task())))
                .append("</td><td>").append(e(r.agent())).append("</td><td>").append(e(r.answer()))
                .append("</td><td class=\"num\">").append(ReplayReport.score(r.before())).append("</td><td class=\"num\">")
                .append(replayed ? e(ReplayReport.after(r)) : "").append("</td><td class=\"num\">")
                .append(replayed ? e(ReplayReport.delta(r)) : "").append("</td><td>").append(e(r.status().value()))
                .append(replayed || r.reason() == null ? "" : ": " + e(r.reason()));
        if (r.afterError() != null) {
            b.append("<br>the after-variant raises: <code>")
                    .append(e(r.afterError().lines().findFirst().orElse(""))).append("</code>");
        }
        b.append("</td><td>");
        folded(b, r.changedNodes(), "node");
        b.append("</td><td>");
        folded(b, r.unknownClaims(), "claim");
        b.append("</td></tr>\n");
    }

    /** A list folded in {@code <details>} with its count as the summary; nothing for an empty list. */
    private static void folded(StringBuilder b, List<String> items, String what) {
        if (items.isEmpty()) {
            return;
        }
        b.append("<details><summary>").append(items.size()).append(' ').append(what)
                .append(items.size() == 1 ? "" : "s").append("</summary>");
        for (String item : items) {
            b.append("<code>").append(e(item)).append("</code><br>");
        }
        b.append("</details>");
    }

    private static String e(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
