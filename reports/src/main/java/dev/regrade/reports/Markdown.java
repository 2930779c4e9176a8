package dev.regrade.reports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyFormat;

/**
 * {@code report.md}: the score-impact table, findings (unexpected changes first), one section per
 * script with its changed nodes, and the changelog line. Rendered from {@code report.json} alone,
 * paste-ready for a PR or a changelog.
 */
public final class Markdown {
    private Markdown() {
    }

    /** Renders a report document. */
    public static String render(JsonNode report) {
        StringBuilder b = new StringBuilder();
        String before = report.path("before").asText();
        String after = report.path("after").asText();
        JsonNode s = report.path("summary");
        b.append("# Regrade audit: ").append(code(before)).append(" → ").append(code(after)).append("\n\n");
        b.append(s.path("runs").asInt()).append(" runs · ").append(s.path("comparisons").asInt()).append(" inputs · ")
                .append(s.path("changed").asInt()).append(" changed · **").append(s.path("unexpected").asInt())
                .append(" unexpected** · ").append(s.path("crashes").asInt()).append(" crashes · ")
                .append(s.path("determinism").asInt()).append(" seed-dependent · ").append(s.path("lint").asInt())
                .append(" prompt-lint findings\n\n");
        b.append("Judge: ").append(report.path("judge").asText()).append(" · hash seeds: ")
                .append(report.path("seeds").toString()).append(" · expectations: ")
                .append(esc(report.path("expectations").path("source").asText())).append("\n\n");

        JsonNode unexpected = report.path("unexpected");
        b.append("## Unexpected changes\n\n");
        if (unexpected.isEmpty()) {
            b.append("None: every structural, content and verdict change is on a node the expectations allow.\n\n");
        } else {
            b.append("| Script | Input | Class | Change |\n|---|---|---|---|\n");
            for (JsonNode u : unexpected) {
                b.append("| ").append(esc(u.path("script").asText())).append(" | ").append(input(u)).append(" | ")
                        .append(u.path("class").asText()).append(" | ").append(esc(u.path("text").asText())).append(" |\n");
            }
            b.append('\n');
        }

        b.append("## Score impact\n\n");
        b.append("| Script | Input | ").append(esc(before)).append(" | ").append(esc(after))
                .append(" | Δ | Changed nodes |\n|---|---|---:|---:|---:|---|\n");
        for (JsonNode c : report.path("comparisons")) {
            b.append("| ").append(esc(c.path("script").asText())).append(" | ").append(input(c)).append(" | ")
                    .append(score(c.path("before"))).append(" | ").append(score(c.path("after"))).append(" | ")
                    .append(delta(c.path("delta"))).append(" | ").append(changedNodes(c)).append(" |\n");
        }
        b.append('\n');

        b.append("## Changelog\n\n").append(esc(report.path("changelog").asText())).append("\n\n");

        b.append("## Changes by script\n\n");
        String current = null;
        for (JsonNode c : report.path("comparisons")) {
            if (!c.path("changed").asBoolean()) {
                continue;
            }
            String script = c.path("script").asText();
            if (!script.equals(current)) {
                b.append(current == null ? "" : "\n");
                current = script;
                b.append("### ").append(esc(script)).append("\n\n");
                JsonNode note = report.path("expectations").path("scripts").path(script).path("note");
                if (!note.isMissingNode() && !note.asText().isEmpty()) {
                    b.append("Expected: ").append(esc(note.asText())).append("\n\n");
                }
            }
            b.append("- **").append(input(c)).append("** (").append(score(c.path("before"))).append(" → ")
                    .append(score(c.path("after"))).append(")");
            String d = c.path("description").asText();
            if (!d.isEmpty()) {
                b.append(": ").append(esc(d));
            }
            b.append('\n');
            for (JsonNode ch : c.path("changes")) {
                if (!"derived".equals(ch.path("class").asText())) {
                    b.append("  - ").append(ch.path("expected").asBoolean() ? "" : "**UNEXPECTED** ")
                            .append(ch.path("class").asText()).append(": ").append(esc(ch.path("text").asText()))
                            .append('\n');
                }
            }
        }
        b.append('\n');

        b.append("## Crashes\n\n");
        JsonNode crashes = report.path("crashes");
        if (crashes.isEmpty()) {
            b.append("None.\n\n");
        } else {
            b.append("| Script | Input | Variant | Python error | Other variant |\n|---|---|---|---|---|\n");
            for (JsonNode c : crashes) {
                b.append("| ").append(esc(c.path("script").asText())).append(" | ").append(input(c)).append(" | ")
                        .append(esc(c.path("variant").asText())).append(" | ")
                        .append(esc(c.path("error_type").asText() + ": " + c.path("error").asText())).append(" | ")
                        .append(esc(c.path("other_variant").asText())).append(": ")
                        .append("crashed".equals(c.path("other_outcome").asText()) ? "crashed too"
                                : "scored " + num(c.path("other_score")))
                        .append(" |\n");
            }
            b.append('\n');
        }

        b.append("## Seed-dependent trees\n\n");
        JsonNode det = report.path("determinism");
        if (det.isEmpty()) {
            b.append("None: every tree is the same under every hash seed.\n\n");
        } else {
            b.append("| Script | Variant | Input | Seed vs ").append(report.path("seeds").path(0).asText())
                    .append(" | Differing nodes |\n|---|---|---|---|---|\n");
            for (JsonNode d : det) {
                b.append("| ").append(esc(d.path("script").asText())).append(" | ")
                        .append(esc(d.path("variant").asText())).append(" | ").append(input(d)).append(" | ")
                        .append(d.path("seed").asText()).append(" | ").append(nodes(d.path("changes"), 6)).append(" |\n");
            }
            b.append('\n');
        }

        b.append("## Prompt lint (missing values reaching the judge)\n\n");
        JsonNode lint = report.path("lint");
        if (lint.isEmpty()) {
            b.append("None.\n");
        } else {
            b.append("| Script | Variant | Input | Node | Token | Claim |\n|---|---|---|---|---|---|\n");
            for (JsonNode l : lint) {
                b.append("| ").append(esc(l.path("script").asText())).append(" | ")
                        .append(esc(l.path("variant").asText())).append(" | ").append(input(l)).append(" | ")
                        .append(code(l.path("node").asText())).append(" | ").append(esc(join(l.path("tokens"))))
                        .append(" | ").append(esc(shorten(l.path("claim").asText(), 160))).append(" |\n");
            }
        }
        return b.toString();
    }

    private static String input(JsonNode n) {
        return esc(n.path("input_kind").asText() + " " + n.path("input").asText());
    }

    private static String score(JsonNode side) {
        return "crashed".equals(side.path("outcome").asText())
                ? "crashed (" + esc(side.path("error_type").asText()) + ")" : num(side.path("final_score"));
    }

    static String num(JsonNode v) {
        return v == null || !v.isNumber() ? "–" : PyFormat.fixed(v.doubleValue(), 3);
    }

    private static String delta(JsonNode v) {
        if (v == null || !v.isNumber()) {
            return "–";
        }
        double d = v.doubleValue();
        return d == 0.0 ? "0" : (d > 0 ? "+" : "") + PyFormat.fixed(d, 3);
    }

    private static String changedNodes(JsonNode c) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        int unexpected = 0;
        for (JsonNode ch : c.path("changes")) {
            if ("derived".equals(ch.path("class").asText())) {
                continue;
            }
            if (!ch.path("expected").asBoolean()) {
                unexpected++;
            }
            n++;
        }
        if (n == 0) {
            return "–";
        }
        b.append(nodes(c.path("changes"), 4));
        if (unexpected > 0) {
            b.append(" (**").append(unexpected).append(" unexpected**)");
        }
        return b.toString();
    }

    /** Distinct non-derived node ids, at most {@code max}, then "+N more". */
    private static String nodes(JsonNode changes, int max) {
        java.util.LinkedHashSet<String> ids = new java.util.LinkedHashSet<>();
        for (JsonNode ch : changes) {
            if (!"derived".equals(ch.path("class").asText())) {
                ids.add(ch.path("node").asText());
            }
        }
        if (ids.isEmpty()) {
            for (JsonNode ch : changes) {
                ids.add(ch.path("node").asText());
            }
        }
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (String id : ids) {
            if (i == max) {
                b.append(" +").append(ids.size() - max).append(" more");
                break;
            }
            b.append(i == 0 ? "" : ", ").append(code(id));
            i++;
        }
        return b.toString();
    }

    private static String join(JsonNode arr) {
        StringBuilder b = new StringBuilder();
        arr.forEach(t -> b.append(b.length() == 0 ? "" : " ").append(t.asText()));
        return b.toString();
    }

    private static String shorten(String s, int max) {
        String flat = s.replace('\n', ' ');
        return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
    }

    private static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    /** Escapes text for a Markdown table cell or line: pipes, backticks-free HTML, newlines. */
    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\r", " ").replace("\n", " ").replace("*", "\\*");
    }
}
