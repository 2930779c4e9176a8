package dev.regrade.reports;

import dev.regrade.reports.model.AllowedChanges;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.Totals;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code report.md}: the score-impact table, findings (unexpected changes first), one section per
 * script with its changed nodes, and the changelog line. Rendered from the report alone,
 * paste-ready for a PR or a changelog.
 */
public final class Markdown {
    private Markdown() {
    }

    /** Renders a report. */
    public static String render(AuditReport report) {
        StringBuilder b = new StringBuilder();
        Totals s = report.summary();
        b.append("# Regrade audit: ").append(code(report.before())).append(" → ").append(code(report.after()))
                .append("\n\n");
        b.append(s.runs()).append(" runs · ").append(s.comparisons()).append(" inputs · ")
                .append(s.changed()).append(" changed · **").append(s.unexpected())
                .append(" unexpected** · ").append(s.crashes()).append(" crashes · ")
                .append(s.determinism()).append(" seed-dependent · ").append(s.lint())
                .append(" prompt-lint findings\n\n");
        b.append("Judge: ").append(report.judge()).append(" · hash seeds: ")
                .append(report.seeds().stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")))
                .append(" · expectations: ").append(esc(report.expectations().source())).append("\n\n");

        b.append("## Unexpected changes\n\n");
        table(b, report.unexpected(),
                "None: every structural, content and verdict change is on a node the expectations allow.\n",
                "| Script | Input | Class | Change |\n|---|---|---|---|\n",
                u -> List.of(esc(u.input().script()), input(u.input()), u.change().changeClass().label(),
                        esc(u.change().text())), "\n");

        b.append("## Score impact\n\n");
        rows(b, "| Script | Input | " + esc(report.before()) + " | " + esc(report.after())
                        + " | Δ | Changed nodes |\n|---|---|---:|---:|---:|---|\n", report.comparisons(),
                c -> List.of(esc(c.input().script()), input(c.input()), score(c.before()), score(c.after()),
                        Cells.delta(c.delta()), changedNodes(c)));
        b.append('\n');

        b.append("## Changelog\n\n").append(esc(report.changelog())).append("\n\n");

        b.append("## Changes by script\n\n");
        changesByScript(b, report);
        b.append('\n');

        b.append("## Crashes\n\n");
        table(b, report.crashes(), "None.\n",
                "| Script | Input | Variant | Python error | Other variant |\n|---|---|---|---|---|\n",
                c -> List.of(esc(c.input().script()), input(c.input()), esc(c.variant()),
                        esc(c.errorType() + ": " + c.error()),
                        esc(c.otherVariant()) + ": " + (c.otherCrashed() ? "crashed too"
                                : "scored " + Cells.score(c.otherScore()))), "\n");

        b.append("## Seed-dependent trees\n\n");
        table(b, report.determinism(), "None: every tree is the same under every hash seed.\n",
                "| Script | Variant | Input | Seed vs " + report.seeds().get(0)
                        + " | Differing nodes |\n|---|---|---|---|---|\n",
                d -> List.of(esc(d.input().script()), esc(d.variant()), input(d.input()), String.valueOf(d.seed()),
                        nodes(d.changes(), 6)), "\n");

        b.append("## Prompt lint (missing values reaching the judge)\n\n");
        table(b, report.lint(), "None.\n",
                "| Script | Variant | Input | Node | Token | Claim |\n|---|---|---|---|---|---|\n",
                l -> List.of(esc(l.input().script()), esc(l.variant()), input(l.input()), code(l.node()),
                        esc(String.join(" ", l.tokens())), esc(shorten(l.claim(), 160))), "");
        return b.toString();
    }

    private static void changesByScript(StringBuilder b, AuditReport report) {
        String current = null;
        for (Comparison c : report.comparisons()) {
            if (!c.changed()) {
                continue;
            }
            String script = c.input().script();
            if (!script.equals(current)) {
                b.append(current == null ? "" : "\n");
                current = script;
                b.append("### ").append(esc(script)).append("\n\n");
                AllowedChanges declared = report.expectations().scripts().get(script);
                if (declared != null && !declared.note().isEmpty()) {
                    b.append("Expected: ").append(esc(declared.note())).append("\n\n");
                }
            }
            b.append("- **").append(input(c.input())).append("** (").append(score(c.before())).append(" → ")
                    .append(score(c.after())).append(")");
            if (!c.description().isEmpty()) {
                b.append(": ").append(esc(c.description()));
            }
            b.append('\n');
            for (CheckedChange ch : c.shownChanges()) {
                b.append("  - ").append(ch.expected() ? "" : "**UNEXPECTED** ")
                        .append(ch.change().changeClass().label()).append(": ").append(esc(ch.change().text()))
                        .append('\n');
            }
        }
    }

    /**
     * A findings table: the header and one row per item, or the {@code none} line when there are
     * no items; {@code end} follows either.
     */
    private static <T> void table(StringBuilder b, List<T> items, String none, String header,
                                  Function<T, List<String>> cells, String end) {
        if (items.isEmpty()) {
            b.append(none);
        } else {
            rows(b, header, items, cells);
        }
        b.append(end);
    }

    private static <T> void rows(StringBuilder b, String header, List<T> items, Function<T, List<String>> cells) {
        b.append(header);
        for (T item : items) {
            b.append("| ").append(String.join(" | ", cells.apply(item))).append(" |\n");
        }
    }

    private static String input(ScriptInput in) {
        return esc(in.inputLabel());
    }

    private static String score(ComparedRun run) {
        return run.crashed() ? "crashed (" + esc(run.errorType()) + ")" : Cells.score(run.finalScore());
    }

    private static String changedNodes(Comparison c) {
        List<CheckedChange> shown = c.shownChanges();
        if (shown.isEmpty()) {
            return "–";
        }
        long unexpected = Cells.unexpectedShown(c);
        return nodes(c.changes().stream().map(CheckedChange::change).toList(), 4)
                + (unexpected > 0 ? " (**" + unexpected + " unexpected**)" : "");
    }

    /** Distinct non-derived node ids (all ids when every change is derived), at most {@code max}, then "+N more". */
    private static String nodes(List<NodeChange> changes, int max) {
        Set<String> ids = new LinkedHashSet<>();
        for (NodeChange ch : changes) {
            if (!ch.derived()) {
                ids.add(ch.node());
            }
        }
        if (ids.isEmpty()) {
            changes.forEach(ch -> ids.add(ch.node()));
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
