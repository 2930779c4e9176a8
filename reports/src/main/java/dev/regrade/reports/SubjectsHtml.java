package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The subject audit as one self-contained HTML page: the released → fixed table of the
 * wearable-AI scorers with one finding per scenario. Every string is HTML-escaped. It renders the
 * audit's result document (as {@code subjects-report.json} has it), never the scorers' own types.
 */
public final class SubjectsHtml {
    private SubjectsHtml() {
    }

    /**
     * Renders the scenarios, one row each, in order: an array of objects with the text fields
     * {@code scenario}, {@code task}, {@code metric}, {@code released}, {@code fixed} and {@code finding}.
     */
    public static String render(JsonNode scenarios) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
                .append("<title>Regrade subject audit</title><style>")
                .append("body{font:14px/1.45 system-ui,sans-serif;margin:24px}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;vertical-align:top}th{background:#f2f2f2}")
                .append("td.num{text-align:right}tr.diff td.num{font-weight:600;color:#8a4b00}</style></head><body>\n")
                .append("<h1>Subject audit: wearable-AI scorers, released → fixed</h1>\n<table id=\"subjects\"><tr>")
                .append("<th>Scenario</th><th>Task</th><th>Metric</th><th>released</th><th>fixed</th><th>Finding</th></tr>\n");
        for (JsonNode s : scenarios) {
            boolean diff = !text(s, "released").equals(text(s, "fixed"));
            b.append("<tr").append(diff ? " class=\"diff\"" : "").append("><td>").append(e(text(s, "scenario")))
                    .append("</td><td>").append(e(text(s, "task"))).append("</td><td>")
                    .append(e(text(s, "metric"))).append("</td><td class=\"num\">")
                    .append(e(text(s, "released"))).append("</td><td class=\"num\">")
                    .append(e(text(s, "fixed"))).append("</td><td>").append(e(text(s, "finding")))
                    .append("</td></tr>\n");
        }
        return b.append("</table></body></html>\n").toString();
    }

    /** A text field of a scenario row; a row without it is a bug of the audit, not an input. */
    private static String text(JsonNode row, String field) {
        JsonNode v = row.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("scenario row without text field '" + field + "': " + row);
        }
        return v.textValue();
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
