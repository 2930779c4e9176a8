package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.policies.World;
import dev.regrade.reports.TreeText;
import dev.regrade.rubric.script.RubricScript;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade run}: one script variant on one input. */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run one ported script variant on one input, offline, and print its tree or its result JSON.",
            "The input is a built-in answer policy (empty, minimal, full, hash) or a fixture file."
        },
        footer = {"", "Examples:",
            "  ./regrade run --script gas_stations --variant fixed --fixture fixtures/gas_stations/short-final-leg.json",
            "  ./regrade run --script rl_course_book --variant fixed --policy hash --format json",
            "  ./regrade run --script ikea_shopping_list --policy hash --judge http --judge-url http://127.0.0.1:8766/v1",
            "    (a judge started by 'judge serve', e.g. one recording or replaying a real judge)",
            "", ExitStatus.FOOTER})
final class RunCommand extends RegradeCommand {
    enum Format { tree, json }

    @Option(names = "--script", required = true, paramLabel = "S", description = "Script (task id), e.g. gas_stations.")
    String script;

    @Option(names = "--variant", defaultValue = "released", paramLabel = "V",
            description = "Variant: released, fixed, or another the script has. Default: ${DEFAULT-VALUE}.")
    String variant;

    @ArgGroup(exclusive = true, multiplicity = "1")
    InputChoice input;

    static final class InputChoice {
        @Option(names = "--policy", paramLabel = "P", description = "Built-in policy: empty, minimal, full or hash.")
        String policy;

        @Option(names = "--fixture", paramLabel = "F", description = "A fixture JSON file.")
        Path fixture;
    }

    @Option(names = "--judge", defaultValue = "in-process", paramLabel = "MODE",
            description = "in-process (answer directly) or http (through the OpenAI-compatible client and the fake "
                    + "judge on 127.0.0.1). Default: ${DEFAULT-VALUE}.")
    String judge;

    @Option(names = "--judge-url", paramLabel = "URL",
            description = "With --judge http: send every judge and extraction request to this OpenAI-compatible base "
                    + "URL (…/v1) instead of a fake judge of the run's own: a 'judge serve', e.g. one recording "
                    + "(which holds the real judge's key) or replaying a real judge. No API key is sent.")
    String judgeUrl;

    @Option(names = "--format", defaultValue = "tree", description = "tree (for people) or json (the result "
            + "document). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--eval-date", paramLabel = "YYYY-MM-DD",
            description = "Evaluation date (overrides the fixture's; default 2025-10-23).")
    String evalDate;

    @Option(names = "--hash-seed", paramLabel = "N",
            description = "PYTHONHASHSEED to reproduce (overrides the fixture's; default 0).")
    Long hashSeed;

    @Override
    int execute() {
        RubricScript s = Inputs.script(script);
        Inputs.variant(s, variant);
        World world = input.policy != null ? Inputs.policy(input.policy) : Inputs.fixture(input.fixture, script);
        JudgeMode mode;
        try {
            mode = JudgeMode.parse(judge);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        HttpJudgeConfig endpoint = null;
        if (judgeUrl != null) {
            if (mode != JudgeMode.HTTP) {
                throw new BadInputException("--judge-url needs --judge http");
            }
            try {
                endpoint = HttpJudgeConfig.of(judgeUrl);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--judge-url: " + e.getMessage());
            }
        }
        LocalDate date = null;
        if (evalDate != null) {
            try {
                date = LocalDate.parse(evalDate);
            } catch (DateTimeParseException e) {
                throw new BadInputException("--eval-date: '" + evalDate + "' is not a date like 2025-10-23");
            }
        }
        if (hashSeed != null && (hashSeed < 0 || hashSeed > 4294967295L)) {
            throw new BadInputException("--hash-seed: expected 0 to 4294967295");
        }
        RunRecord r;
        try (Runner runner = endpoint == null ? new Runner() : new Runner().withEndpoint(endpoint)) {
            r = runner.run(new RunSpec(s, variant, world, date, hashSeed), mode);
        }
        out().print(format == Format.json ? r.fileText() : TreeText.render(r.document()));
        out().flush();
        if (endpoint != null) {
            // The endpoint answered the extractions as well as the verdicts: the input's own answers were
            // not used, so the tree can differ from an in-process run of the same input.
            err().println("regrade run: every judge and extraction request went to " + endpoint.baseUrl()
                    + ": its answers, not the " + world.kind() + " " + world.name() + "'s verdict rules and "
                    + "extractions, decided this tree (an in-process run of the same input can score differently)");
            err().flush();
        }
        return ExitCodes.OK;
    }
}
