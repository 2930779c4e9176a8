package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.rescore.Disagreement;
import dev.regrade.rubric.rescore.Rescore;
import dev.regrade.rubric.rescore.Rescorer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regrade rescore}: recompute saved results' aggregates and report disagreements. */
@Command(name = "rescore",
        mixinStandardHelpOptions = true,
        description = {
            "Recompute every aggregate of saved result files from their stored leaves, exactly as the original's "
                + "compute_score(mutate=True), and report any stored score or status that disagrees.",
            "Reads results written by Regrade or by the Python original (Mind2Web 2 summary shape)."
        },
        footer = {"", "Output (text): one line per file: 'consistent', or 'DISAGREES' followed by the nodes.",
            ExitStatus.FOOTER,
            "", "Examples:", "  ./regrade rescore regrade-out/audit/results",
            "  ./regrade rescore --format json answer_1.json > recomputed.json"})
final class RescoreCommand extends RegradeCommand {
    enum Format { text, json }

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR",
            description = "Result JSON files; a directory stands for every *.json under it (recursively; of the "
                    + "Mind2Web 2 runner's results of one answer, the latest).")
    List<Path> files;

    @Option(names = "--format", defaultValue = "text",
            description = "text (one line per file) or json (the recomputed result documents). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Override
    int execute() {
        PrintWriter out = out();
        PrintWriter err = err();
        boolean anyDisagree = false;
        boolean anyBad = false;
        for (Path file : ResultFiles.expand(files, note -> err.println(prefix() + note))) {
            Rescore r;
            try {
                r = Rescorer.rescore(finiteFinalScore(JsonField.root(file.toString(), ResultFiles.read(file))));
            } catch (BadInputException e) {
                err.println(prefix() + e.getMessage());
                anyBad = true;
                continue;
            }
            anyDisagree |= !r.consistent();
            if (format == Format.json) {
                out.print(JsonFiles.toFileText(r.recomputed()));
            } else if (!r.hadTree()) {
                out.println(file + ": consistent (no verification tree: nothing to recompute)");
            } else if (r.consistent()) {
                out.println(file + ": consistent");
            } else {
                out.println(file + ": DISAGREES (" + r.disagreements().size() + ")");
                for (Disagreement d : r.disagreements()) {
                    out.println("  " + d + "  [" + d.path() + "]");
                }
            }
        }
        out.flush();
        err.flush();
        if (anyBad) {
            return ExitCodes.BAD_INPUT;
        }
        return anyDisagree ? ExitCodes.FINDING : ExitCodes.OK;
    }

    /**
     * A NaN or infinite {@code final_score} is unreadable input, not a disagreement: no tree the
     * original scores can produce one (a node's score must lie in [0.0, 1.0]).
     */
    private static JsonField finiteFinalScore(JsonField doc) {
        JsonNode fs = doc.node() == null ? null : doc.node().get("final_score");
        if (fs != null && fs.isNumber() && !Double.isFinite(fs.doubleValue())) {
            double v = fs.doubleValue();
            throw doc.get("final_score").bad("expected a finite number, got "
                    + (Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity"));
        }
        return doc;
    }
}
