package dev.regrade.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.bench.Bench;
import dev.regrade.bench.ChildProcesses;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.api.BadInputException;
import dev.regrade.rubric.json.JsonFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade bench}: where the default audit's time goes, and judge requests per second. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Measure the default audit's wall time from process start (--judge in-process and http), in child "
                + "processes started as a user starts them (./regrade audit, with the launcher's JVM options), after "
                + "one unmeasured warm-up; where that time goes, phase by phase, from the audit's own clock (JVM "
                + "start, inputs, fake-judge start, runs, diffs, writing, JVM exit); and judge requests per second "
                + "over loopback HTTP with 1, 4 and 16 client threads; the wearable-AI scorers at 1x, 10x and 100x "
                + "the real val size, each a whole ./regrade score process (time from start to exit, time per row, "
                + "peak RSS), paired with the verbatim original's own command line on the same files when "
                + "--python-scorer is given (ratio, byte comparison of the output files); and VerEval against a "
                + "loopback judge. Prints medians over --repeat runs and writes JSON to --out/bench.json."
        },
        footer = {"", "Targets (printed, not enforced): default audit in-process < 3 s, http < 6 s;",
            "each wearable scorer at 100x faster than the original (proactive, ConvQA >= 10x;",
            "LongQA >= 2.5x) with peak RSS < 512 MB.",
            "", "Examples:", "  ./regrade bench", "  ./regrade bench --sections audit --repeat 5",
            "  ./regrade bench --repeat 1 --quick",
            "", ExitStatus.FOOTER})
final class BenchCommand extends RegradeCommand {
    @Option(names = "--repeat", defaultValue = "5", paramLabel = "N",
            description = "Runs per measurement; medians are reported. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--quick", description = "Skip the child-process audits; a reduced matrix in process; "
            + "few requests (for tests).")
    boolean quick;

    @Option(names = "--requests", paramLabel = "N",
            description = "Verification requests per concurrency setting. Default: 2000 (200 with --quick).")
    Integer requests;

    @Option(names = "--sections", defaultValue = "audit,throughput,subjects", split = ",", paramLabel = "S",
            description = "What to measure: audit (the default audit, in-process and http), throughput (judge "
                    + "requests per second), subjects (the wearable scorers at 1x/10x/100x and VerEval, about 20 "
                    + "minutes; wearable or vereval for one of the two), replay (regrade replay over the synthetic leaderboard of 660 results and of "
                    + "1,320). Default: ${DEFAULT-VALUE}.")
    List<String> sections;

    @Option(names = "--python-scorer", paramLabel = "DIR",
            description = "A directory with the verbatim upstream wearable scorers (released/run_evaluation.py, "
                    + "fixed/run_evaluation.py), run as python3 run_evaluation.py --task T --eval-only on the same "
                    + "data, paired with Regrade's runs, their outputs compared byte for byte. "
                    + "Default: $REGRADE_UPSTREAM_WEARABLE, else skipped.")
    Path pythonScorer;

    @Option(names = "--out", defaultValue = "regrade-out/bench", paramLabel = "DIR", description = "Default: ${DEFAULT-VALUE}.")
    Path out;

    @Override
    int execute() {
        PrintWriter stdout = out();
        PrintWriter err = err();
        int n = requests == null ? (quick ? 200 : 2000) : requests;
        if (repeat < 1 || repeat > 100) {
            throw new BadInputException("--repeat: expected 1 to 100");
        }
        if (n < 1 || n > 100_000) {
            throw new BadInputException("--requests: expected 1 to 100000");
        }
        for (String section : sections) {
            if (!Bench.Options.SECTIONS.contains(section)) {
                throw new BadInputException("--sections: unknown section '" + section + "' (expected "
                        + String.join(", ", Bench.Options.SECTIONS) + ")");
            }
        }
        if (pythonScorer != null && !java.nio.file.Files.isDirectory(pythonScorer)) {
            throw new BadInputException("--python-scorer: " + pythonScorer + " is not a directory");
        }
        Path jar = ChildProcesses.ownJar(BenchCommand.class).orElse(null);
        Path launcher = launcher();
        ObjectNode doc = Bench.run(new Bench.Options(repeat, quick, n, launcher, jar, new java.util.HashSet<>(sections),
                pythonScorer, line -> {
            synchronized (err) {
                err.println(prefix() + line);
                err.flush();
            }
        }));
        Path file = out.resolve("bench.json");
        AuditWriter.atomicWrite(file, JsonFiles.toFileText(doc));
        stdout.print(Bench.table(doc));
        stdout.println();
        stdout.println("JSON: " + file);
        stdout.flush();
        return ExitCodes.OK;
    }

    /** The {@code regrade} launcher that started us (REGRADE_HOME), whose JVM options the children get. */
    private static Path launcher() {
        String home = System.getenv("REGRADE_HOME");
        if (home == null || home.isBlank()) {
            return null;
        }
        Path p = Path.of(home, "regrade");
        return java.nio.file.Files.isExecutable(p) ? p : null;
    }
}
