package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.regrade.wearable.WearableAudit;
import java.util.List;

/**
 * The subject audit as one self-contained HTML page: the released → fixed table of the
 * wearable-AI scorers with one finding per scenario. Every string is HTML-escaped.
 */
public final class SubjectsHtml {
    private SubjectsHtml() {
    }

    /** Renders the scenarios, one row each, in order. */
    public static String render(List<WearableAudit.Scenario> scenarios) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
                .append("<title>Regrade subject audit</title><style>")
                .append("body{font:14px/1.45 system-ui,sans-serif;margin:24px}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;vertical-align:top}th{background:#f2f2f2}")
                .append("td.num{text-align:right}tr.diff td.num{font-weight:600;color:#8a4b00}</style></head><body>\n")
                .append("<h1>Subject audit: wearable-AI scorers, released → fixed</h1>\n<table id=\"subjects\"><tr>")
                .append("<th>Scenario</th><th>Task</th><th>Metric</th><th>released</th><th>fixed</th><th>Finding</th></tr>\n");
        for (WearableAudit.Scenario s : scenarios) {
            boolean diff = !s.released().equals(s.fixed());
            b.append("<tr").append(diff ? " class=\"diff\"" : "").append("><td>").append(e(s.id()))
                    .append("</td><td>").append(e(s.task())).append("</td><td>")
                    .append(e(s.metric())).append("</td><td class=\"num\">")
                    .append(e(s.released())).append("</td><td class=\"num\">")
                    .append(e(s.fixed())).append("</td><td>").append(e(s.finding()))
                    .append("</td></tr>\n");
        }
        return b.append("</table></body></html>\n").toString();
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
