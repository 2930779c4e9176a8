package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.audit.replay.DirectoryWalk;
import dev.regrade.audit.replay.ResultLayout;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.TreeJson;
import dev.regrade.rubric.json.RunOutcome;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regrade diff}: tree differences between two results or two directories of them. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {
            "Show every difference between two result files, or between the result files at the same relative "
                + "paths of two directories (for the Mind2Web 2 runner's eval_results layout, the latest result of "
                + "each answer, whatever its time stamp): structural (added, removed, moved), content (desc, critical, strategy), "
                + "verdict (a leaf's status or score) and derived (aggregates).",
            "Works on results written by Regrade or by the Python original (Mind2Web 2 summary shape)."
        },
        footer = {"", "Examples:", "  ./regrade diff regrade-out/audit/results/gas_stations/released \\",
            "      regrade-out/audit/results/gas_stations/fixed",
            "  ./regrade diff python_results/answer_1.json regrade_result.json",
            "", ExitStatus.FOOTER})
final class DiffCommand extends RegradeCommand {
    @Parameters(index = "0", paramLabel = "BEFORE")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER")
    Path after;

    @Option(names = "--derived", description = "Also list derived changes (aggregates that changed because their children did).")
    boolean derived;

    @Override
    int execute() {
        PrintWriter out = out();
        int differing;
        if (Files.isDirectory(before) && Files.isDirectory(after)) {
            differing = directories(out);
        } else if (Files.isRegularFile(before) && Files.isRegularFile(after)) {
            differing = pair(out, before, after, before + " → " + after) ? 1 : 0;
            if (differing == 0) {
                out.println("no differences in 1 file");
            }
        } else {
            throw new BadInputException("expected two result files or two directories: " + before + ", " + after);
        }
        out.flush();
        err().flush();
        return differing > 0 ? ExitCodes.FINDING : ExitCodes.OK;
    }

    private int directories(PrintWriter out) {
        DirectoryWalk bw = DirectoryWalk.of(before);
        DirectoryWalk aw = DirectoryWalk.of(after);
        Map<String, Path> b = byKey(bw);
        Map<String, Path> a = byKey(aw);
        TreeSet<String> names = new TreeSet<>(b.keySet());
        names.addAll(a.keySet());
        if (names.isEmpty()) {
            // "no differences in 0 files" would pass a CI job that compares the wrong directories forever
            throw new BadInputException(before + ", " + after + ": no result files (*.json) in either directory");
        }
        // what was compared and passed over, as rescore and replay tell it
        err().println(prefix() + bw.describe());
        err().println(prefix() + aw.describe());
        int differing = 0;
        for (String rel : names) {
            if (!b.containsKey(rel)) {
                out.println(rel + ": only in " + after);
                differing++;
            } else if (!a.containsKey(rel)) {
                out.println(rel + ": only in " + before);
                differing++;
            } else if (pair(out, b.get(rel), a.get(rel), rel)) {
                differing++;
            }
        }
        out.println(differing == 0 ? "no differences in " + names.size() + " files"
                : names.size() + " files, " + differing + " differ");
        return differing;
    }

    /** A walk's result files by pairing key. */
    private static Map<String, Path> byKey(DirectoryWalk walk) {
        Map<String, Path> byKey = new TreeMap<>();
        for (Path f : walk.results()) {
            byKey.put(ResultLayout.pairingKey(walk.dir(), f), f);
        }
        return byKey;
    }

    /** The stored tree, read as {@code rescore} and {@code replay} read it (a bad node is refused by all three alike). */
    private static ResultNode tree(Path file, JsonNode doc) {
        JsonField tree = ResultJson.treeOf(JsonField.root(file.toString(), doc));
        return tree == null ? null : TreeJson.readStored(tree);
    }

    /** Prints one pair's differences; returns true when there are any. */
    private boolean pair(PrintWriter out, Path b, Path a, String label) {
        JsonNode bd = ResultFiles.read(b);
        JsonNode ad = ResultFiles.read(a);
        String bScript = bd.path("regrade").path("script").asText("");
        String aScript = ad.path("regrade").path("script").asText("");
        // The original's results do not name their script; Regrade's do, and two scripts' trees never compare.
        if (!bScript.isEmpty() && !aScript.isEmpty() && !bScript.equals(aScript)) {
            throw new BadInputException(label + ": not the same script: " + bScript + " vs " + aScript);
        }
        ResultNode bt = tree(b, bd);
        ResultNode at = tree(a, ad);
        List<Change> changes = TreeDiff.diff(bt, at);
        String bs = score(b, bd);
        String as = score(a, ad);
        boolean any = !bs.equals(as) || changes.stream().anyMatch(c -> c.changeClass() != ChangeClass.DERIVED);
        if (!any && changes.isEmpty()) {
            return false;
        }
        out.println(label + ": final score " + bs + " → " + as);
        for (Change c : changes) {
            if (derived || c.changeClass() != ChangeClass.DERIVED) {
                out.println("  " + c.changeClass().label() + "  " + c.describe());
            }
        }
        return true;
    }

    private static String score(Path file, JsonNode doc) {
        // read as rescore and replay read it: absent is "missing", another type says what it got
        JsonField.root(file.toString(), doc).get("final_score").asOrNull(JsonField.Kind.NUMBER);
        JsonNode s = doc.get("final_score");
        if (s != null && s.isNumber()) {
            return PyRepr.repr(s.doubleValue());
        }
        JsonNode r = doc.path("regrade");
        return RunOutcome.CRASHED.value().equals(r.path("outcome").asText())
                ? "crashed (" + r.path("error_type").asText() + ")" : "none";
    }
}
