package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.rubric.json.JsonFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade expect}: expectations files, the declaration a scoring PR commits beside its fix. */
@Command(name = "expect", mixinStandardHelpOptions = true,
        description = "Expectations files (what a scoring change is declared to change, read by audit --expect).",
        subcommands = {ExpectCommand.Init.class})
final class ExpectCommand extends CommandGroup {
    @Command(name = "init", mixinStandardHelpOptions = true,
            description = {"Write an expectations file from the changes an audit actually found (its report.json): "
                + "one entry per changed script, one node-id glob per node pattern (ids that differ only in their "
                + "numbers become one '*' glob), the changed prompts' extraction-name and node-id globs under "
                + "\"prompts\", the classes of change in the note; in the format audit --expect "
                + "reads. Trim it to what the PR declares and commit it with the PR."},
            footer = {"", "Example:", "  ./regrade audit --scripts gas_stations --out regrade-out/audit",
                "  ./regrade expect init --from regrade-out/audit --out expectations.json",
                "  ./regrade audit --scripts gas_stations --expect expectations.json", "", ExitStatus.FOOTER})
    static final class Init extends RegradeCommand {
        @Option(names = "--from", required = true, paramLabel = "DIR",
                description = "An audit output directory (with report.json).")
        Path from;

        @Option(names = "--out", defaultValue = "expectations.json", paramLabel = "FILE",
                description = "Where to write it. Default: ${DEFAULT-VALUE} in the current directory.")
        Path file;

        @Option(names = "--force", description = "Replace FILE when it exists (else refused: it may hold a trimmed declaration).")
        boolean force;

        @Override
        int execute() {
            AuditReport report = ReportCommand.read(from);
            if (Files.exists(file) && !force) {
                throw new BadInputException(file + " exists; pass --force to replace it, or --out another FILE");
            }
            if (Files.isDirectory(file)) {
                throw new BadInputException("--out " + file + " is a directory; name a file");
            }
            Expectations drafted = Expectations.drafted(report, from.toString());
            AuditWriter.atomicWrite(file, JsonFiles.toFileText(drafted.toJson()));
            int globs = drafted.scripts().values().stream().mapToInt(e -> e.allow().size()).sum();
            int prompts = drafted.scripts().values().stream()
                    .mapToInt(e -> e.promptExtractions().size() + e.promptNodes().size()).sum();
            out().println("Wrote " + file + ": " + drafted.scripts().size() + " script"
                    + (drafted.scripts().size() == 1 ? "" : "s") + ", " + globs + " node pattern" + (globs == 1 ? "" : "s")
                    + (prompts == 0 ? "" : ", " + prompts + " prompt pattern" + (prompts == 1 ? "" : "s"))
                    + ", from " + from.resolve("report.json") + " (" + report.before() + " → " + report.after() + ")"
                    + (drafted.scripts().isEmpty() ? "; the audit changed nothing, so it declares no change" : "")
                    + ". Trim it to what the PR declares; then ./regrade audit --expect " + file);
            out().flush();
            return ExitCodes.OK;
        }
    }
}
