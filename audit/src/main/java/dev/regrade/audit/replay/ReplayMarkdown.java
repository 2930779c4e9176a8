package dev.regrade.audit.replay;

import dev.regrade.audit.replay.ReplayReport.MetricsRow;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.reports.MarkdownBlocks;
import java.util.ArrayList;
import java.util.List;

/**
 * The replay's Markdown under {@code report.md}'s rules ({@link MarkdownBlocks}): the verdict, the counts and
 * the per-agent table first; long tables folded; a cell's node list cut to "+N more"; the summary at most
 * {@link MarkdownBlocks#MAX_CHARS} characters (rows beyond it are counted, not shown). The full form lists
 * every result and every changed node, with no limit.
 */
final class ReplayMarkdown {
    /** The full form's file name beside {@code replay.md} (with {@code --out}). */
    static final String FULL_FILE = "replay-full.md";

    /** Changed nodes shown per row in the summary. */
    private static final int NODES = 4;

    /** Room kept for the closing lines after the last row that fits. */
    private static final int TAIL = 600;

    private ReplayMarkdown() {
    }

    static String render(ReplayReport report, boolean full) {
        StringBuilder b = new StringBuilder("# Replay").append(full ? " (full report)" : "").append("\n\n");
        b.append(report.selfCheckFailed() ? "**Verdict: " + MarkdownBlocks.esc(report.verdict()) + "** (exit 1)."
                : "**Verdict: " + report.verdict() + ".**")
                .append(' ').append(MarkdownBlocks.esc(report.summaryLine())).append(".\n\n");
        b.append("| count | results | meaning |\n|---|---|---|\n");
        for (ReplayCounts.Row r : ReplayCounts.of(report).rows()) {
            b.append("| ").append(r.nested() ? "… " : "").append(MarkdownBlocks.esc(r.label())).append(" | ")
                    .append(r.count()).append(" | ").append(MarkdownBlocks.esc(r.meaning())).append(" |\n");
        }
        b.append('\n');
        if (!full) {
            b.append("Every result and every changed node: `replay --format markdown --full` (").append(FULL_FILE)
                    .append(" beside this file with `--out`).\n\n");
        }
        metrics(b, full, "agent", report.agents());
        metrics(b, full, "task", report.tasks());
        List<ReplayResult> rows = full ? report.results() : report.results().stream()
                .filter(ReplayMarkdown::worthARow).toList();
        b.append(full ? "## Every result\n\n" : "## Results that may change (score or tree), mismatched or skipped\n\n");
        if (rows.isEmpty()) {
            b.append("None: every result replayed to its stored score.\n");
            return b.toString();
        }
        List<String> lines = new ArrayList<>();
        for (ReplayResult r : rows) {
            lines.add(row(r, full));
        }
        String header = "| task | agent | answer | before | after | Δ | status | changed nodes | unknown claims |\n"
                + "|---|---|---|---|---|---|---|---|---|\n";
        MarkdownBlocks.fold(b, !full, lines.size(), lines.size() + " results", () -> {
            b.append(header);
            int shown = 0;
            for (String line : lines) {
                if (!full && b.length() + line.length() + TAIL > MarkdownBlocks.MAX_CHARS) {
                    break;
                }
                b.append(line);
                shown++;
            }
            if (shown < lines.size()) {
                b.append("\n+").append(lines.size() - shown).append(" more results (GitHub's comment limit): every ")
                        .append("row is in the full form, `--full`.\n");
            }
        });
        return b.toString();
    }

    /** In the summary: every result that is not a replay to its stored score. */
    private static boolean worthARow(ReplayResult r) {
        return r.status() != Status.REPLAYED || r.afterMin() == null || r.mayChange() || !r.changedNodes().isEmpty();
    }

    private static void metrics(StringBuilder b, boolean full, String kind, List<MetricsRow> rows) {
        b.append("## Per ").append(kind).append("\n\n");
        if (rows.isEmpty()) {
            b.append("None: no result replayed.\n\n");
            return;
        }
        MarkdownBlocks.fold(b, !full, rows.size(), rows.size() + " " + kind + "s", () -> {
            b.append("| ").append(kind).append(" | avg_score | success_rate | pass@k |\n|---|---|---|---|\n");
            for (MetricsRow a : rows) {
                b.append("| ").append(MarkdownBlocks.esc(a.name())).append(" | ")
                        .append(String.join(" | ", a.moves())).append(" |\n");
            }
        });
        b.append('\n');
    }

    private static String row(ReplayResult r, boolean full) {
        boolean replayed = r.status() == Status.REPLAYED;
        String nodes = MarkdownBlocks.list(r.changedNodes(), full ? Integer.MAX_VALUE : NODES, MarkdownBlocks::code);
        String status = r.status().value() + (replayed || r.reason() == null ? ""
                : ": " + MarkdownBlocks.esc(full ? r.reason() : shorten(r.reason(), 160)));
        return "| " + MarkdownBlocks.esc(String.valueOf(r.task())) + " | " + MarkdownBlocks.esc(r.agent()) + " | "
                + MarkdownBlocks.esc(r.answer()) + " | " + ReplayReport.score(r.before()) + " | "
                + (replayed ? ReplayReport.after(r) : "") + " | " + (replayed ? ReplayReport.delta(r) : "") + " | "
                + status + " | " + (nodes.isEmpty() ? "–" : nodes) + " | " + r.unknownClaims().size() + " |\n";
    }

    private static String shorten(String s, int max) {
        String flat = s.replace('\n', ' ');
        return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
    }
}
