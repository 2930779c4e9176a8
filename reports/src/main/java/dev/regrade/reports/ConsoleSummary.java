package dev.regrade.reports;

import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.Totals;
import dev.regrade.reports.model.UnexpectedChange;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code regrade audit} prints when it is done: the counts, one line per node with an
 * unexpected change, one line per prompt change (its diff is in the reports), the changelog line (or why there is none) and the declared fixes no input
 * exercised.
 */
public final class ConsoleSummary {
    /** Prompt changes printed with their diffs; the others are counted. */
    private static final int MAX_PROMPTS = 5;

    private ConsoleSummary() {
    }

    /** The summary's lines, without line ends. */
    public static List<String> lines(AuditReport report) {
        Totals s = report.summary();
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%d runs, %d inputs: %d changed trees, %d unexpected changes, %d crashes, "
                        + "%d seed-dependent trees, %d changed prompts, %d prompt-lint findings", s.runs(),
                s.comparisons(), s.changed(), s.unexpected(), s.crashes(), s.determinism(), s.prompts(), s.lint()));
        for (UnexpectedChange u : report.unexpected()) {
            lines.add("UNEXPECTED " + u.input().script() + " " + u.input().inputLabel() + ": " + u.classes() + " "
                    + u.text());
        }
        int shown = 0;
        for (PromptChange p : report.prompts()) {
            if (shown++ == MAX_PROMPTS) {
                lines.add("PROMPT +" + (report.prompts().size() - MAX_PROMPTS)
                        + " more prompt changes: every one with its diff in report-full.md");
                break;
            }
            lines.add("PROMPT " + p.input().script() + " " + p.input().inputLabel() + ": " + p.label() + " ("
                    + p.partsText() + (p.expected() ? ")" : "; UNEXPECTED)"));
            p.diff().lines().forEach(l -> lines.add("    " + l));
        }
        Changelog c = report.changelog();
        lines.add(c.text());
        if (!c.unexercised().isEmpty()) {
            lines.add("Declared fixes no input exercised: " + String.join(", ", c.unexercised()));
        }
        return lines;
    }
}
