package dev.regrade.audit.replay;

import dev.regrade.api.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One directory of results as {@code diff}, {@code rescore} and {@code replay} all walk it (recursively, in
 * path order): the result files compared, and what is passed over with a count: the runner's summary files
 * ({@link ResultLayout#isRunnerAggregate}), its copies of the answers beside each {@code results} folder, and
 * the earlier results of an answer evaluated again ({@link ResultLayout#latestPerAnswer}).
 *
 * @param dir          the directory walked, as given
 * @param results      the result files to read, in path order
 * @param summaries    the runner's {@code summary.json} and {@code all_results.json} files passed over
 * @param answerCopies the runner's answer copies passed over (files in an answer folder beside {@code results/})
 * @param earlier      result files passed over because a later result of the same answer exists
 */
public record DirectoryWalk(Path dir, List<Path> results, int summaries, int answerCopies, int earlier) {
    public DirectoryWalk {
        results = List.copyOf(results);
    }

    /** Walks {@code dir} (which may hold no result file: see {@link #requireResults}). */
    public static DirectoryWalk of(Path dir) {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new BadInputException(dir + ": cannot read the directory");
        }
        List<Path> json = new ArrayList<>();
        int summaries = 0;
        int copies = 0;
        for (Path f : files) {
            if (!f.getFileName().toString().endsWith(".json")) {
                // the runner copies each answer into its answer folder, beside the results folder
                Path parent = f.getParent();
                if (parent != null && Files.isDirectory(parent.resolve("results"))) {
                    copies++;
                }
            } else if (ResultLayout.isRunnerAggregate(f)) {
                summaries++;
            } else {
                json.add(f);
            }
        }
        List<Path> latest = ResultLayout.latestPerAnswer(json);
        return new DirectoryWalk(dir, latest, summaries, copies, json.size() - latest.size());
    }

    /** This walk, which must have found a result file: checking nothing would pass forever. */
    public DirectoryWalk requireResults() {
        if (results.isEmpty()) {
            throw new BadInputException(dir + ": no result files (*.json) in this directory"
                    + (summaries > 0 ? " (only the runner's summary files, which hold no tree)" : ""));
        }
        return this;
    }

    /**
     * The walk in one line, the same in all three commands: {@code DIR: 233 result files (passed over 94 summary
     * files, 241 answer copies)}.
     */
    public String describe() {
        List<String> over = new ArrayList<>();
        if (summaries > 0) {
            over.add(count(summaries, "summary file"));
        }
        if (answerCopies > 0) {
            over.add(count(answerCopies, "answer copy", "answer copies"));
        }
        if (earlier > 0) {
            over.add(count(earlier, "earlier result") + " of a re-evaluated answer");
        }
        return dir + ": " + count(results.size(), "result file")
                + (over.isEmpty() ? "" : " (passed over " + String.join(", ", over) + ")");
    }

    private static String count(int n, String one) {
        return count(n, one, one + "s");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
