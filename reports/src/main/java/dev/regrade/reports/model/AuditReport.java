package dev.regrade.reports.model;

import java.util.List;

/**
 * A finished audit: the schema of {@code report.json} (written and read by {@link ReportJson}),
 * from which every rendering is made. Lists are in report order: inputs in audit order, and
 * within an input the before variant first.
 *
 * @param version      the format version of {@code report.json} ({@code regrade_audit}), {@link #VERSION}
 * @param before       the variant before the change
 * @param after        the variant after the change
 * @param judge        how the judge was reached: {@code in-process} or {@code http}
 * @param seeds        the hash seeds, the reported one first
 * @param expectations the expectations the changes were checked against
 * @param summary      the counts
 * @param comparisons  one per script × input
 * @param unexpected   every node with a change the expectations do not allow, in comparison order
 * @param determinism  every tree that differs under another seed
 * @param lint         every claim with a missing value, once per node and claim
 * @param crashes      every crashed run under the first seed
 * @param changelog    the changelog entry the audit offers (or withholds), and the fixes no input exercised
 * @param python       in an audit of the Python originals, their checkout and the stand-ins used; else null
 *                     (and absent from {@code report.json})
 * @param prompts      every prompt that differs before and after, in comparison order, each checked
 *                     against the expectations
 */
public record AuditReport(int version, String before, String after, String judge, List<Long> seeds,
                          DeclaredExpectations expectations, Totals summary, List<Comparison> comparisons,
                          List<UnexpectedChange> unexpected, List<SeedDifference> determinism,
                          List<LintFinding> lint, List<Crash> crashes, Changelog changelog, PythonOriginals python,
                          List<PromptChange> prompts) {
    /** The format version this code writes (2: prompt changes). */
    public static final int VERSION = 2;

    public AuditReport {
        prompts = List.copyOf(prompts);
        seeds = List.copyOf(seeds);
        comparisons = List.copyOf(comparisons);
        unexpected = List.copyOf(unexpected);
        determinism = List.copyOf(determinism);
        lint = List.copyOf(lint);
        crashes = List.copyOf(crashes);
    }

    /** A report without prompt changes. */
    public AuditReport(int version, String before, String after, String judge, List<Long> seeds,
                       DeclaredExpectations expectations, Totals summary, List<Comparison> comparisons,
                       List<UnexpectedChange> unexpected, List<SeedDifference> determinism,
                       List<LintFinding> lint, List<Crash> crashes, Changelog changelog, PythonOriginals python) {
        this(version, before, after, judge, seeds, expectations, summary, comparisons, unexpected, determinism, lint,
                crashes, changelog, python, List.of());
    }

    /** An audit of the Java ports (no {@link #python}) without prompt changes. */
    public AuditReport(int version, String before, String after, String judge, List<Long> seeds,
                       DeclaredExpectations expectations, Totals summary, List<Comparison> comparisons,
                       List<UnexpectedChange> unexpected, List<SeedDifference> determinism,
                       List<LintFinding> lint, List<Crash> crashes, Changelog changelog) {
        this(version, before, after, judge, seeds, expectations, summary, comparisons, unexpected, determinism, lint,
                crashes, changelog, null);
    }
}
