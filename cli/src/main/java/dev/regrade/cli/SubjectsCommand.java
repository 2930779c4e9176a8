package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.api.BadInputException;
import dev.regrade.reports.SubjectsHtml;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.vereval.SyntheticBenchmark;
import dev.regrade.wearable.WearableAudit;
import dev.regrade.wearable.WearableGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade subjects}: the subject tasks' synthetic data and their before/after audit. */
@Command(name = "subjects", mixinStandardHelpOptions = true,
        description = "The subject tasks (wearable-AI scorers, VerEval): synthetic data and the released/fixed audit.",
        subcommands = {SubjectsCommand.Generate.class, SubjectsCommand.Audit.class})
final class SubjectsCommand extends CommandGroup {
    @Command(name = "generate", mixinStandardHelpOptions = true,
            description = "Write synthetic data at the real val scale, deterministic by seed: 700 proactive sessions "
                    + "(~9,935 chunks), 700 LongQA rows, 700 ConvQA conversations (~4,415 turns), and a VerEval "
                    + "benchmark (1,391 questions, 13 tasks × 107) with predictions to score "
                    + "(vereval/predictions.jsonl, the ground truth); --scale N writes N times as many rows "
                    + "(same seed and scale, same bytes).")
    static final class Generate extends RegradeCommand {
        @Option(names = "--out", required = true, paramLabel = "DIR")
        Path out;

        @Option(names = "--seed", defaultValue = "7", description = "Default: ${DEFAULT-VALUE}.")
        long seed;

        @Option(names = "--scale", defaultValue = "1", paramLabel = "N",
                description = "Multiply the row counts by N (1 to 1000; 100 gives 70,000 proactive sessions with about "
                        + "a million chunks). Default: ${DEFAULT-VALUE}.")
        int scale;

        @Override
        int execute() {
            if (scale < 1 || scale > 1000) {
                throw new BadInputException("--scale: expected 1 to 1000");
            }
            WearableGenerator.generate(out.resolve("wearable"), seed, scale);
            Path test = SyntheticBenchmark.generate(out.resolve("vereval"), seed, scale);
            SyntheticBenchmark.writePredictions(test, test.resolveSibling("predictions.jsonl"));
            out().println("wrote " + out.resolve("wearable") + " and " + out.resolve("vereval"));
            out().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "audit", mixinStandardHelpOptions = true,
            description = "Run the wearable scorers released and fixed on built-in scenarios over generated data and "
                    + "print the score-impact table with one finding per scenario; writes subjects-report.md, .json and .html.")
    static final class Audit extends RegradeCommand {
        @Option(names = "--out", defaultValue = "regrade-out/subjects", paramLabel = "DIR",
                description = "Replaced by this audit's files (a non-empty directory that is not Regrade's output "
                        + "is refused). Default: ${DEFAULT-VALUE}.")
        Path out;

        @Option(names = "--seed", defaultValue = "7", description = "Default: ${DEFAULT-VALUE}.")
        long seed;

        @Override
        int execute() {
            StringBuilder md = new StringBuilder();
            OutputDirectory.replace(out, "subjects audit", "subjects audit", dir -> write(dir, md));
            PrintWriter o = out();
            o.print(md);
            o.println("Reports: " + out.resolve("subjects-report.md") + ", " + out.resolve("subjects-report.html") + ", "
                    + out.resolve("subjects-report.json"));
            o.flush();
            return ExitCodes.OK;
        }

        /** Runs the scenarios in {@code dir}/work and writes the three reports; the Markdown also into {@code md}. */
        private void write(Path dir, StringBuilder md) {
            JsonNode json = WearableAudit.document(WearableAudit.run(dir.resolve("work"), seed));
            md.append("# Regrade subject audit: wearable-AI scorers, released → fixed\n\n")
                    .append("| Scenario | Task | Metric | released | fixed | Finding |\n|---|---|---|---:|---:|---|\n");
            for (JsonNode s : json) {
                md.append("| ").append(s.get("scenario").textValue()).append(" | ").append(s.get("task").textValue())
                        .append(" | ").append(s.get("metric").textValue()).append(" | ")
                        .append(cell(s.get("released").textValue())).append(" | ")
                        .append(cell(s.get("fixed").textValue())).append(" | ")
                        .append(cell(s.get("finding").textValue())).append(" |\n");
            }
            AuditWriter.atomicWrite(dir.resolve("subjects-report.md"), md.toString());
            AuditWriter.atomicWrite(dir.resolve("subjects-report.json"), JsonFiles.toFileText(json));
            AuditWriter.atomicWrite(dir.resolve("subjects-report.html"), SubjectsHtml.render(json));
        }

        private static String cell(String s) {
            return s.replace("|", "\\|").replace("\n", " ");
        }
    }
}
