package dev.regrade.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code regrade vereval}: the VerEval three-stage judge with the flags of its evaluation guide.
 * The arguments go unchanged to the VerEval runner, which parses them exactly as the guide's
 * argparse does ({@code ./regrade vereval --help} prints its usage).
 */
@Command(name = "vereval",
        description = {
            "VerEval (WearerText benchmark): fact → logic → consistency judge calls per sample, "
                + "final = 0.9·consistency + 0.1·logic, with the flags, defaults and validation of its guide "
                + "(--benchmark, --predictions, --output, --backend, --model, --base-url, --resume, --dry-run, …).",
            "Run './regrade vereval --help' for every flag."
        })
final class VerEvalCommand implements Runnable {
    @Unmatched
    List<String> args;

    @Override
    public void run() {
        // Dispatched before picocli in Main.run; this class exists for the command list.
    }
}
