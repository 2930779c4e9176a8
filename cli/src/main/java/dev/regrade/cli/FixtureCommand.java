package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.python.FixtureInit;
import dev.regrade.policies.Policies;
import dev.regrade.policies.Policy;
import dev.regrade.rubric.json.JsonFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade fixture}: fixtures, the targeted inputs of an audit. */
@Command(name = "fixture", mixinStandardHelpOptions = true,
        description = "Fixtures (targeted inputs: fixtures/<script>/<name>.json, or --fixtures DIR/<task>/ of an audit).",
        subcommands = {FixtureCommand.Init.class})
final class FixtureCommand extends CommandGroup {
    @Command(name = "init", mixinStandardHelpOptions = true,
            description = {"Write a starting fixture for a task from one run of its Python script (ported or not) in "
                + "the offline world, under a policy: the policy as fallback_policy, its judge rules, the evaluation "
                + "date and hash seed, the answer, every distance the maps tool gave, and every extraction the script "
                + "made with the record it was answered (a record its schema rejects under malformed_extractions; a "
                + "name answered with different records left to the policy). Under 'observed' (ignored by runs): every "
                + "URL visited, every claim judged (node id, claim, verdict), how each extraction was written. "
                + "Unedited, it reproduces that run; edit it to exercise your change, put it in DIR/<task>/ and audit "
                + "with --fixtures DIR.",
                "",
                "Default policy hash: three-element lists with every value filled, so the script follows each branch "
                + "that needs a value (pages, per-item claims, the maps tool), and a judge that both accepts and "
                + "rejects; empty gives null records, minimal one element, full twelve."},
            footer = {"", "Examples:",
                "  ./regrade fixture init --python ~/Mind2Web-2 \\",
                "      --scripts ~/Mind2Web-2/eval_scripts/dev_set --script yu_lineage \\",
                "      --out my-fixtures/yu_lineage/start.json",
                "  ./regrade audit --python ~/Mind2Web-2 --scripts yu_lineage \\",
                "      --before-scripts ~/Mind2Web-2/eval_scripts/dev_set \\",
                "      --after-scripts my-fixed-scripts --policies none --fixtures my-fixtures",
                "", ExitStatus.FOOTER})
    static final class Init extends RegradeCommand {
        @picocli.CommandLine.Mixin
        PythonOptions python = new PythonOptions();

        @Option(names = "--scripts", required = true, paramLabel = "DIR", description = "The directory of <task>.py scripts.")
        Path scripts;

        @Option(names = "--script", required = true, paramLabel = "TASK", description = "The task (DIR/TASK.py).")
        String script;

        @Option(names = "--policy", defaultValue = "hash", paramLabel = "P",
                description = "The policy of the run: empty, minimal, full or hash. Default: ${DEFAULT-VALUE}.")
        String policy;

        @Option(names = "--out", paramLabel = "FILE", description = "Where to write it. Default: TASK.json in the "
                + "current directory.")
        Path file;

        @Option(names = "--force", description = "Replace FILE when it exists (else refused: it may hold an edited fixture).")
        boolean force;

        @Option(names = "--eval-date", paramLabel = "YYYY-MM-DD", description = "Evaluation date of the run (default 2025-10-23).")
        String evalDate;

        @Option(names = "--hash-seed", defaultValue = "0", paramLabel = "N",
                description = "PYTHONHASHSEED of the run. Default: ${DEFAULT-VALUE}.")
        long hashSeed;

        @Override
        int execute() {
            if (python.checkout == null) {
                throw new BadInputException("fixture init needs --python M2W2_CHECKOUT (the script runs on its engine)");
            }
            Policy p = Policies.byName(policy).orElseThrow(() -> new BadInputException("--policy: unknown policy '"
                    + policy + "' (known: " + String.join(", ", Policies.names()) + ")"
                    + DidYouMean.suffix(policy, Policies.names())));
            LocalDate date = null;
            if (evalDate != null) {
                try {
                    date = LocalDate.parse(evalDate);
                } catch (DateTimeParseException e) {
                    throw new BadInputException("--eval-date: '" + evalDate + "' is not a date like 2025-10-23");
                }
            }
            if (hashSeed < 0 || hashSeed > 4294967295L) {
                throw new BadInputException("--hash-seed: expected 0 to 4294967295");
            }
            if (!Files.isDirectory(scripts)) {
                throw new BadInputException("--scripts " + scripts + ": no such directory");
            }
            Path target = file != null ? file : Path.of(script + ".json");
            if (Files.isDirectory(target)) {
                throw new BadInputException("--out " + target + " is a directory; name a file");
            }
            if (Files.exists(target) && !force) {
                throw new BadInputException(target + " exists; pass --force to replace it, or --out another FILE");
            }
            FixtureInit.Draft draft = FixtureInit.draft(python.exe, python.checkout, scripts, scripts.toString(), script,
                    p, date, hashSeed);
            try {
                if (target.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(target.toAbsolutePath().getParent());
                }
            } catch (java.io.IOException e) {
                throw new BadInputException("--out " + target + ": cannot create its folder (" + e.getMessage() + ")");
            }
            AuditWriter.atomicWrite(target, JsonFiles.toFileText(draft.fixture()));
            var observed = draft.fixture().path("observed");
            out().println("Wrote " + target + ": " + script + " under the '" + p.name() + "' policy ("
                    + observed.path("outcome").asText() + (draft.run().finalScore() != null
                    ? ", score " + draft.run().finalScore() : "") + "), "
                    + draft.count("extractions") + " extraction(s) under extractions, "
                    + draft.count("malformed_extractions") + " under malformed_extractions, "
                    + observed.path("urls").size() + " URL(s) visited, " + observed.path("claims").size()
                    + " claim(s) judged. Edit it, put it in DIR/" + script + "/ and audit with --fixtures DIR.");
            out().flush();
            return ExitCodes.OK;
        }
    }
}
