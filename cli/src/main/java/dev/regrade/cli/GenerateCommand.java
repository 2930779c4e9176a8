package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.replay.Leaderboard;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade generate}: the synthetic Mind2Web 2 leaderboard that {@code replay} reads. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Write a synthetic Mind2Web 2 leaderboard in the runner's layout "
                + "(DIR/eval_results/<agent>/<task>/<answer>/results/ holding <timestamp>_<answer>.json, the summary alone, "
                + "as the Python runner writes it): every ported task × --agents × --runs answers, each scored by "
                + "the released script on one of the four policies under a hash seed chosen by agent and run. "
                + "Deterministic: the same arguments write the same bytes.",
        footer = {"", "Examples:", "  ./regrade generate --out board",
            "  ./regrade replay --after fixed --format markdown board/eval_results"})
final class GenerateCommand extends RegradeCommand {
    @Option(names = "--out", required = true, paramLabel = "DIR")
    Path out;

    @Option(names = "--agents", defaultValue = "20", paramLabel = "N", description = "1 to 999. Default: ${DEFAULT-VALUE}.")
    int agents;

    @Option(names = "--runs", defaultValue = "3", paramLabel = "K",
            description = "Answers per agent and task (answer_1.md … answer_K.md), 1 to 99. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Override
    int execute() {
        if (agents < 1 || agents > 999) {
            throw new BadInputException("--agents: expected 1 to 999");
        }
        if (runs < 1 || runs > 99) {
            throw new BadInputException("--runs: expected 1 to 99");
        }
        int n = Leaderboard.write(out, RubricScripts.all(), agents, runs);
        out().println("wrote " + n + " results under " + out.resolve("eval_results"));
        out().flush();
        return ExitCodes.OK;
    }
}
