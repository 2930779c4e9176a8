package dev.regrade.audit.replay;

import java.nio.file.Files;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Mind2Web 2 runner's result layout, {@code eval_results/<agent>/<task>/<answer>/results/<timestamp>_<answer>.json}:
 * of several results of one answer only the latest counts, as the runner's {@code _latest_json} picks it
 * (the 14-digit timestamp in the file name; a name without one is oldest). Files outside that layout
 * are kept as they are.
 */
public final class ResultLayout {
    private static final Pattern TIMESTAMP = Pattern.compile("(\\d{8})_?(\\d{6})");

    private ResultLayout() {
    }

    /**
     * The runner's aggregates beside its results, which are no result: {@code <agent>/<task>/summary.json}
     * ({@code _save_agent_task_summary}), {@code <agent>/summary.json} ({@code generate_result_summary}) and
     * {@code all_results.json} ({@code merge_all_results}). A directory walk leaves them out.
     */
    public static boolean isRunnerAggregate(Path file) {
        String name = file.getFileName().toString();
        return name.equals("summary.json") || name.equals("all_results.json");
    }

    /** The files to read: each answer folder's latest result, every other file; in the given order. */
    public static List<Path> latestPerAnswer(List<Path> files) {
        Map<Path, Path> latest = new LinkedHashMap<>();
        for (Path f : files) {
            resultsDir(f).ifPresent(dir -> latest.merge(dir, f, (a, b) -> NEWEST.compare(a, b) >= 0 ? a : b));
        }
        List<Path> kept = new ArrayList<>();
        for (Path f : files) {
            if (resultsDir(f).map(dir -> latest.get(dir).equals(f)).orElse(true)) {
                kept.add(f);
            }
        }
        return kept;
    }

    /** The answer's {@code results} folder of a file the runner wrote ({@code <answer>/results/<ts>_<answer>….json}). */
    private static Optional<Path> resultsDir(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        Path answer = dir == null ? null : dir.getParent();
        return answer != null && answer.getFileName() != null && dir.getFileName().toString().equals("results")
                && file.getFileName().toString().contains(answer.getFileName().toString())
                ? Optional.of(dir) : Optional.empty();
    }

    /**
     * What pairs a file of one result tree with a file of another ({@code diff} of two directories): its
     * path relative to {@code root}, but for a result the runner wrote, its answer's {@code results/}
     * folder (two evaluations of one answer have different time stamps).
     */
    public static String pairingKey(Path root, Path file) {
        Path p = resultsDir(file).map(dir -> root.toAbsolutePath().normalize().relativize(dir)).orElse(null);
        return p != null ? p.toString().replace('\\', '/') + "/"
                : root.relativize(file).toString().replace('\\', '/');
    }

    /**
     * The runner's copy of the answer a result evaluated ({@code <answer>/<answer_name>} beside the
     * {@code results} folder), if the file lies in the runner's layout and the copy exists.
     */
    public static Optional<Path> answerCopy(Path resultFile, String answerName) {
        return resultsDir(resultFile).map(dir -> dir.getParent().resolve(answerName))
                .filter(p -> !answerName.contains("/") && !answerName.contains("\\") && Files.isRegularFile(p));
    }

    /** The runner's file name: {@code <YYYYmmdd_HHMMSS>_<answer>.json} ({@code _save_result_json}). */
    private static final Pattern RUNNER_NAME = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})_(\\d{6})_.+");

    /**
     * The date of a runner result's time stamp (the runner's clock as it began evaluating the answer), if the file
     * lies in the runner's layout and its name starts with a valid {@code YYYYmmdd_HHMMSS_}.
     */
    public static Optional<LocalDate> fileDate(Path file) {
        Matcher m = RUNNER_NAME.matcher(file.getFileName().toString());
        if (resultsDir(file).isEmpty() || !m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3))));
        } catch (DateTimeException e) {
            return Optional.empty(); // digits that are no calendar date: no time stamp
        }
    }

    /** By timestamp, then by name (the runner's tie is file-system order; Regrade's is deterministic). */
    private static final Comparator<Path> NEWEST = Comparator.comparing((Path p) -> timestamp(p.getFileName().toString()))
            .thenComparing(p -> p.getFileName().toString());

    private static String timestamp(String name) {
        Matcher m = TIMESTAMP.matcher(name);
        return m.find() ? m.group(1) + m.group(2) : "";
    }
}
