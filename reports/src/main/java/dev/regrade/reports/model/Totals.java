package dev.regrade.reports.model;

/**
 * The counts at the top of every rendering ({@code summary} in {@code report.json}).
 *
 * @param runs        every run, all seeds included (reused runs counted as runs)
 * @param comparisons the script × input comparisons
 * @param changed     the comparisons whose tree or score changed
 * @param unexpected  the nodes with an unexpected change, one per node (non-zero: the audit fails)
 * @param crashes     the crashed runs under the first seed
 * @param determinism the trees that differ under another seed
 * @param lint        the prompt-lint findings
 * @param prompts     the prompt changes (prompts that differ before and after)
 * @param promptScripts the scripts with a prompt change
 */
public record Totals(int runs, int comparisons, int changed, int unexpected, int crashes, int determinism, int lint,
                     int prompts, int promptScripts) {
    /** Counts without prompt changes. */
    public Totals(int runs, int comparisons, int changed, int unexpected, int crashes, int determinism, int lint) {
        this(runs, comparisons, changed, unexpected, crashes, determinism, lint, 0, 0);
    }
}
