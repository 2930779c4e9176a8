package dev.regrade.cli;

import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.replay.ReplayReport;
import dev.regrade.audit.replay.ReplayResult;
import dev.regrade.audit.replay.Replayer;
import dev.regrade.audit.replay.ResultLayout;
import dev.regrade.audit.replay.StoredResult;
import dev.regrade.audit.run.GuardedJudge;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regrade replay}: stored results re-scored under another variant, with no model call. */
@Command(name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Re-score stored Mind2Web 2 results under another variant of the port, with no model call: each "
                + "result is first replayed under --before, which must reproduce its stored tree exactly (else "
                + "'mismatch', excluded from every total), then under --after, whose verdicts are the stored "
                + "ones where the before-variant sent the same prompt for the same node and unknown elsewhere "
                + "(the after-score is then the interval over every assignment of the unknown verdicts).",
            "An extraction the after-variant requests that the stored run did not make is 'needs-model' (no "
                + "after-score; --judge-url answers it). gas_stations' legs, stored only rounded, are replayed over "
                + "every value their rounding allows. A runner file's evaluation date is its time stamp's.",
            "Where the stored tree reads Python's set order or the clock, the PYTHONHASHSEED and the date are searched, "
                + "within --search-budget runs per result. Where only the after-variant reads the set order and "
                + "nothing stored says which seed the run had, its score is the range over PYTHONHASHSEED 0.."
                + (Replayer.AFTER_SEED_SAMPLE - 1) + ".",
            "Reads the runner's layout eval_results/<agent>/<task>/<answer>/results/<timestamp>_<answer>.json "
                + "(the latest result per answer) and Regrade's own result files."
        },
        footer = {"", ExitStatus.FOOTER,
            "", "Examples:",
            "  ./regrade run --script ikea_shopping_list --policy hash --format json \\",
            "      > ikea.json",
            "  ./regrade replay --after fixed ikea.json",
            "  ./regrade replay --after fixed --format markdown eval_results > changelog.md",
            "  ./regrade replay --after fixed --format markdown --full eval_results \\",
            "      > replay-full.md",
            "  ./regrade replay --after fixed --out replay-out \\",
            "      --judge-url http://127.0.0.1:8765/v1 --judge-model o4-mini eval_results"})
final class ReplayCommand extends RegradeCommand {
    enum Format { text, json, markdown, html }

    @Parameters(arity = "1..*", paramLabel = "RESULT",
            description = "Result files; a directory stands for every *.json under it (recursively).")
    List<Path> files;

    @Option(names = "--before", defaultValue = "released",
            description = "The variant that wrote the results. Default: ${DEFAULT-VALUE}.")
    String before;

    @Option(names = "--after", required = true, description = "The variant to re-score them under, e.g. fixed.")
    String after;

    @Option(names = "--format", defaultValue = "text",
            description = "text, json, markdown or html (the page replay.html). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--full",
            description = "With --format markdown: every result and every changed node, with no length limit (the "
                    + "default is report.md's summary: at most 65,536 characters, long lists folded).")
    boolean full;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write replay.md, replay-full.md, replay.html, replay.json and replay.txt into DIR "
                    + "(replaced as the audit's --out is: Regrade's own output only).")
    Path outDir;

    @Option(names = "--search-budget", paramLabel = "N", defaultValue = "" + Replayer.DEFAULT_SEARCH_BUDGET,
            description = "The runs of --before one result's self-check may spend searching the PYTHONHASHSEED (0..4095 "
                    + "per date, where the tree reads the set order) and the evaluation date (up to "
                    + Replayer.DATE_SEARCH_DAYS + " days either side of a runner file's, where it reads the clock) "
                    + "together, after its first run; a result not reproduced within it is 'over-budget' (exit 1). "
                    + "0: no search. Default: ${DEFAULT-VALUE}.")
    int searchBudget;

    @Option(names = "--judge-url", paramLabel = "URL",
            description = "An OpenAI-compatible base URL (…/v1) asked for the unknown verdicts and the extractions the "
                    + "stored run did not make, and only those; every after-score is then exact, and the calls are counted.")
    String judgeUrl;

    @Option(names = "--judge-model", paramLabel = "M", description = "The model named in those requests (with --judge-url).")
    String judgeModel;

    @Option(names = "--api-key-env", paramLabel = "VAR", defaultValue = "OPENAI_API_KEY",
            description = "The environment variable holding the endpoint's key (with --judge-url; none needed on "
                    + "this machine). Default: ${DEFAULT-VALUE}.")
    String apiKeyEnv;

    @Override
    int execute() {
        if (full && format != Format.markdown) {
            throw new BadInputException("--full goes with --format markdown (the other formats are complete)");
        }
        if ((judgeUrl == null) != (judgeModel == null)) {
            throw new BadInputException("--judge-url and --judge-model go together");
        }
        if (searchBudget < 0) {
            throw new BadInputException("--search-budget: a number of runs, at least 0 (got " + searchBudget + ")");
        }
        for (String v : List.of(before, after)) {
            if (RubricScripts.all().stream().noneMatch(s -> s.variantNames().contains(v))) {
                throw new BadInputException("no ported script has a variant '" + v + "'");
            }
        }
        List<StoredResult> stored = new ArrayList<>();
        PrintWriter notes = err();
        for (Path file : ResultLayout.latestPerAnswer(ResultFiles.expand(files, note -> notes.println(prefix() + note)))) {
            StoredResult r = StoredResult.read(file, ResultFiles.read(file));
            stored.add(ResultLayout.answerCopy(file, r.answer()).map(p -> r.withAnswerText(readText(p))).orElse(r));
        }
        Replayer replayer = new Replayer(task -> RubricScripts.byName(task)
                .filter(s -> s.variantNames().contains(before) && s.variantNames().contains(after)), before, after)
                .withSearchBudget(searchBudget);
        if (judgeUrl != null) {
            HttpJudgeConfig config;
            try {
                config = HttpJudgeConfig.of(judgeUrl).withModel(judgeModel)
                        .withApiKey(ApiKey.fromEnv(apiKeyEnv, System::getenv));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--judge-url: " + e.getMessage());
            }
            replayer = replayer.withModelForUnknowns(new GuardedJudge(new HttpJudgeClient(config)));
        }
        // Results are independent: replayed on every core, reported in file order.
        List<ReplayResult> results = stored.parallelStream().map(replayer::replay).toList();
        ReplayReport report = new ReplayReport(results);
        if (outDir != null) {
            OutputDirectory.replace(outDir, "replay", "replay", dir -> {
                write(dir.resolve("replay.md"), report.markdown());
                write(dir.resolve(ReplayReport.fullMarkdownFile()), report.markdownFull());
                write(dir.resolve("replay.html"), report.html());
                write(dir.resolve("replay.json"), report.json());
                write(dir.resolve("replay.txt"), report.text());
            });
        }
        PrintWriter out = out();
        out.print(switch (format) {
            case text -> report.text();
            case json -> report.json();
            case markdown -> full ? report.markdownFull() : report.markdown();
            case html -> report.html();
        });
        out.flush();
        PrintWriter err = err();
        err.println(prefix() + report.summaryLine());
        err.flush();
        return report.selfCheckFailed() ? ExitCodes.FINDING : ExitCodes.OK;
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException(file + ": " + IoProblems.describe(e));
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
