package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.python.Conform;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.reports.model.PythonOriginals;
import dev.regrade.rubric.diff.Change;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code regrade conform}: every Java port against its Python original, node by node. */
@Command(name = "conform",
        mixinStandardHelpOptions = true,
        description = {
            "Run each Java port (variant --variant) and its Python original (<task>.py from --scripts DIR, on the "
                + "engine of the --python checkout) on the same inputs: every policy, every shipped fixture, several hash "
                + "seeds, the same fake judge, pages and maps. Prints every node where they differ (the audit's tree "
                + "diff), port → original.",
            "Use it to check the ports against another upstream revision of the scripts or the engine."
        },
        footer = {"", "Examples:",
            "  ./regrade conform --python ~/Mind2Web-2 \\",
            "      --scripts ~/Mind2Web-2/eval_scripts/2025_10_23",
            "  ./regrade conform --python ~/Mind2Web-2 --scripts my-fixed-scripts \\",
            "      --variant fixed --seeds 0",
            "", ExitStatus.FOOTER})
final class ConformCommand extends RegradeCommand {
    @Mixin
    PythonOptions python = new PythonOptions();

    @Option(names = "--scripts", required = true, paramLabel = "DIR",
            description = "The originals: <task>.py for each ported task compared (the ported tasks found there).")
    Path scripts;

    @Option(names = "--variant", defaultValue = "released", paramLabel = "V",
            description = "The ports' variant the scripts in DIR should match. Default: ${DEFAULT-VALUE}.")
    String variant;

    @picocli.CommandLine.Mixin
    InputOptions inputs = new InputOptions();

    @Option(names = "--seeds", defaultValue = "0,1,2", paramLabel = "N", split = ",",
            description = "PYTHONHASHSEEDs; every input runs under each. Default: ${DEFAULT-VALUE}.")
    List<Long> seeds;

    @Option(names = "--threads", paramLabel = "N",
            description = "Worker threads (each with a python child per seed). Default: the number of cores.")
    Integer threads;

    @Override
    int execute() {
        if (python.checkout == null) {
            throw new BadInputException("--python M2W2_CHECKOUT is required (the engine the originals run on)");
        }
        PythonSetup setup = PythonSetup.of(python.exe, python.checkout, Map.of(variant, scripts),
                Map.of(variant, "--scripts"));
        List<String> policyNames = inputs.policyNames();
        Path fixtureDir = inputs.fixturesDir();
        InputOptions.seeds(seeds);
        int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (n < 1 || n > 64) {
            throw new BadInputException("--threads: expected 1 to 64");
        }
        Conform.Result result = Conform.run(new Conform.Config(setup, variant, Conform.portedIn(scripts), policyNames,
                fixtureDir, seeds, n));
        PrintWriter out = out();
        for (Conform.Difference d : result.differences()) {
            out.println(d.script() + " " + d.inputKind() + "-" + d.input() + " seed " + d.seed() + ":");
            for (Change c : d.changes()) {
                out.println("  " + c.describe());
            }
        }
        out.println(new PythonOriginals(setup.checkout().toString(), result.standIns()).line());
        if (result.differences().isEmpty()) {
            out.println("no differences in " + result.runs() + " runs (" + result.scripts().size() + " scripts, variant "
                    + variant + ", seeds " + seeds + ")");
        } else {
            out.println(result.changeCount() + " differences in " + result.differences().size() + " of "
                    + result.runs() + " runs (port → original)");
        }
        out.flush();
        return result.differences().isEmpty() ? ExitCodes.OK : ExitCodes.FINDING;
    }
}
