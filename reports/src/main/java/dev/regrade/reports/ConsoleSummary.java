package dev.regrade.reports;

import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Totals;
import dev.regrade.reports.model.UnexpectedChange;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code regrade audit} prints when it is done: the counts, one line per unexpected change,
 * and the changelog line.
 */
public final class ConsoleSummary {
    private ConsoleSummary() {
    }

    /** The summary's lines, without line ends. */
    public static List<String> lines(AuditReport report) {
        Totals s = report.summary();
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%d runs, %d inputs: %d changed trees, %d unexpected changes, %d crashes, "
                        + "%d seed-dependent trees, %d prompt-lint findings", s.runs(), s.comparisons(), s.changed(),
                s.unexpected(), s.crashes(), s.determinism(), s.lint()));
        for (UnexpectedChange u : report.unexpected()) {
            lines.add("UNEXPECTED " + u.input().script() + " " + u.input().inputLabel() + ": "
                    + u.change().changeClass().label() + " " + u.change().text());
        }
        lines.add(report.changelog());
        return lines;
    }
}
