package dev.regrade.audit.cli;

import dev.regrade.subjects.wearable.ConvQaScorer;
import dev.regrade.subjects.wearable.LongQaScorer;
import dev.regrade.subjects.wearable.OpenAiChatReplySource;
import dev.regrade.subjects.wearable.ProactiveScorer;
import dev.regrade.subjects.wearable.ScoreRun;
import dev.regrade.subjects.wearable.ScoringError;
import dev.regrade.subjects.wearable.Variant;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code regrade score}: the wearable-AI challenge scorers, released or fixed. */
@Command(name = "score", mixinStandardHelpOptions = true,
        description = {
            "Score a wearable-AI challenge submission (EgoProactive, EgoLongQA, ConvQA) as the starter kit's "
                + "run_evaluation.py does, in its released or fixed variant; writes the results and _summary files "
                + "exactly as the original."
        },
        footer = {"", "Examples:",
            "  ./regrade score longqa --golden val.jsonl --predictions preds.jsonl --variant fixed --output out/results.json",
            "  ./regrade score convqa --golden g.jsonl --predictions p.jsonl --llm-judge --judge-url http://127.0.0.1:8000/v1 --judge-model m",
            "", "Exit status: 0 scored, 1 the original's evaluation error (printed as ERROR: …), 2 bad input."})
final class ScoreCommand implements Callable<Integer> {
    enum Task { proactive, longqa, convqa }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TASK", description = "proactive, longqa or convqa.")
    Task task;

    @Option(names = "--golden", required = true, paramLabel = "G", description = "Golden JSONL.")
    Path golden;

    @Option(names = "--predictions", required = true, paramLabel = "P", description = "Predictions JSONL.")
    Path predictions;

    @Option(names = "--variant", defaultValue = "fixed", paramLabel = "V",
            description = "released or fixed. Default: ${DEFAULT-VALUE}.")
    String variant;

    @Option(names = "--output", defaultValue = "results.json", paramLabel = "F",
            description = "Results file; the summary goes beside it as <name>_summary.json. Default: ${DEFAULT-VALUE}.")
    Path output;

    @Option(names = "--llm-judge", description = "ConvQA: score turns with an LLM judge.")
    boolean llmJudge;

    @Option(names = "--judge-url", paramLabel = "U", description = "OpenAI-compatible base URL (…/v1).")
    String judgeUrl;

    @Option(names = "--judge-model", paramLabel = "M", description = "Judge model name.")
    String judgeModel;

    @Option(names = "--judge-api-key-env", defaultValue = "OPENAI_API_KEY", paramLabel = "VAR",
            description = "Environment variable holding the judge's API key (never printed). Default: ${DEFAULT-VALUE}.")
    String apiKeyEnv;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Variant v;
        try {
            v = Variant.parse(variant);
        } catch (RuntimeException e) {
            err.println("regrade score: --variant: expected released or fixed, not '" + variant + "'");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        for (Path p : new Path[] {golden, predictions}) {
            if (!Files.isRegularFile(p)) {
                err.println("regrade score: " + p + ": no such file");
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            String problem = notUtf8(p);
            if (problem != null) {
                err.println("regrade score: " + p + ": " + problem);
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
        }
        if (llmJudge && (task != Task.convqa || judgeUrl == null || judgeModel == null)) {
            err.println("regrade score: --llm-judge is for convqa and needs --judge-url and --judge-model");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        try {
            ScoreRun run = switch (task) {
                case proactive -> new ProactiveScorer(v, w -> err.println("WARNING: " + w)).run(golden, predictions, output);
                case longqa -> new LongQaScorer(v, w -> err.println("WARNING: " + w)).run(golden, predictions, output);
                case convqa -> new ConvQaScorer(v, w -> err.println("WARNING: " + w),
                        llmJudge ? new OpenAiChatReplySource(judgeUrl, judgeModel, apiKeyEnv) : null)
                        .run(golden, predictions, output);
            };
            out.print(run.summary().toPrettyString());
            out.println();
            out.println("Results: " + run.resultsPath() + ", " + run.summaryPath());
            out.flush();
            return ExitCodes.OK;
        } catch (ScoringError e) {
            err.println("ERROR: " + e.getMessage());
            err.flush();
            return ExitCodes.FINDING;
        }
    }

    /**
     * Decodes the file with a strict UTF-8 decoder: {@code null} when it decodes, else the problem
     * (with the line and byte offset). The scorers read JSONL as UTF-8 and would otherwise fail mid-run without
     * naming the file.
     */
    static String notUtf8(Path p) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(p);
        } catch (IOException e) {
            return "cannot read the file (" + e.getClass().getSimpleName() + ")";
        }
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult cr = dec.decode(in, CharBuffer.allocate(bytes.length), true);
        if (!cr.isError()) {
            return null;
        }
        int line = 1;
        for (int i = 0; i < in.position(); i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return "not UTF-8 text (line " + line + ", byte " + in.position() + ")";
    }
}
