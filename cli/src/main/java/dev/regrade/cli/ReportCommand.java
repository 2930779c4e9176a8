package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.reports.Html;
import dev.regrade.reports.Markdown;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.ReportJson;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade report}: render a finished audit again. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Render a finished audit again from its report.json, to stdout.",
        footer = {"", "Example:", "  ./regrade report --from regrade-out/audit --format markdown > impact.md",
            "", ExitStatus.FOOTER})
final class ReportCommand extends RegradeCommand {
    enum Format { markdown, html, json }

    @Option(names = "--from", required = true, paramLabel = "DIR", description = "An audit output directory (with report.json).")
    Path from;

    @Option(names = "--format", defaultValue = "markdown", description = "markdown, html or json. Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--full", description = "With --format markdown: the full report (report-full.md: every row, "
            + "every input's changes) instead of the pull-request summary (report.md).")
    boolean full;

    @Override
    int execute() {
        if (full && format != Format.markdown) {
            throw new BadInputException("--full is for --format markdown (the full Markdown report)");
        }
        AuditReport report = read(from);
        out().print(switch (format) {
            case markdown -> full ? Markdown.renderFull(report) : Markdown.render(report);
            case html -> Html.render(report);
            case json -> ReportJson.toFileText(report);
        });
        out().flush();
        return ExitCodes.OK;
    }

    /** The report of the audit output directory {@code from} (its report.json); bad input when there is none. */
    static AuditReport read(Path from) {
        Path file = from.resolve("report.json");
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(from + ": no report.json here (run ./regrade audit --out " + from + " first)");
        }
        JsonNode json = ResultFiles.read(file);
        if (!json.has("regrade_audit") || !json.has("comparisons")) {
            throw new BadInputException(file + ": not a Regrade audit report (no regrade_audit/comparisons keys)");
        }
        return ReportJson.read(file.toString(), json);
    }
}
