package dev.regrade.audit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.inputs.BadInputException;
import dev.regrade.reports.Html;
import dev.regrade.reports.Markdown;
import dev.regrade.rubric.json.JsonFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code regrade report}: render a finished audit again. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Render a finished audit again from its report.json, to stdout.",
        footer = {"", "Example:", "  ./regrade report --from target/audit --format markdown > impact.md",
            "", "Exit status: 0 ok, 2 bad input."})
final class ReportCommand implements Callable<Integer> {
    enum Format { markdown, html, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--from", required = true, paramLabel = "DIR", description = "An audit output directory (with report.json).")
    Path from;

    @Option(names = "--format", defaultValue = "markdown", description = "markdown, html or json. Default: ${DEFAULT-VALUE}.")
    Format format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            Path file = from.resolve("report.json");
            if (!Files.isRegularFile(file)) {
                throw new BadInputException(from + ": no report.json here (run ./regrade audit --out " + from + " first)");
            }
            JsonNode report = ResultFiles.read(file);
            if (!report.has("regrade_audit") || !report.has("comparisons")) {
                throw new BadInputException(file + ": not a Regrade audit report (no regrade_audit/comparisons keys)");
            }
            out.print(switch (format) {
                case markdown -> Markdown.render(report);
                case html -> Html.render(report);
                case json -> JsonFiles.toFileText(report);
            });
            out.flush();
            return ExitCodes.OK;
        } catch (BadInputException e) {
            spec.commandLine().getErr().println("regrade report: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCodes.BAD_INPUT;
        }
    }
}
