package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subject;
import dev.regrade.api.Subjects;
import dev.regrade.api.Variant;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.client.OpenAiTransport;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.io.IoProblems;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code regrade score}: the wearable-AI challenge scorers, released or fixed, run through the
 * {@link Subject} contract (the subject named as the task).
 */
@Command(name = "score", mixinStandardHelpOptions = true,
        description = {
            "Score a wearable-AI challenge submission (EgoProactive, EgoLongQA, ConvQA) as the starter kit's "
                + "run_evaluation.py does, in its released or fixed variant; writes the results and _summary files "
                + "exactly as the original.",
            "Rows of any shape are read as the original reads them: where it scores odd values (a list field "
                + "given as a string), so does this; where it raises (a row that is not an object, a null judge "
                + "reply), this prints its error and writes no file."
        },
        footer = {"", "Examples:",
            "  ./regrade score longqa --golden val.jsonl --predictions preds.jsonl \\",
            "      --variant fixed --output out/results.json",
            "  ./regrade score convqa --golden g.jsonl --predictions p.jsonl --llm-judge \\",
            "      --judge-url http://127.0.0.1:8000/v1 --judge-model m",
            "", ExitStatus.FOOTER})
final class ScoreCommand extends RegradeCommand {

    /** The tasks, each with the fields of its golden rows that a predictions row never needs (the answer key's context). */
    enum Task {
        proactive("video_intervals", "query", "domain", "dialog", "duration_in_sec"),
        longqa("question", "answer", "mcq_options", "category"),
        convqa("questions", "video_intervals", "dialog", "duration_in_sec");

        final List<String> goldenOnly;

        Task(String... goldenOnly) {
            this.goldenOnly = List.of(goldenOnly);
        }
    }

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
    int execute() {
        PrintWriter out = out();
        PrintWriter err = err();
        Subject subject = Subjects.installed().get(task.name());
        Variant v;
        try {
            v = subject.variant(variant.toLowerCase(Locale.ROOT)); // any case, as before
        } catch (RuntimeException e) {
            throw new BadInputException("--variant: expected released or fixed, not '" + variant + "'");
        }
        // A missing file or a directory is the original's FileNotFoundError/IsADirectoryError (exit 1), from the scorer.
        refuseSwapped();
        if (llmJudge && (task != Task.convqa || judgeUrl == null || judgeModel == null)) {
            requireUtf8(); // as before: a file that is not UTF-8 is reported ahead of the flag problem
            throw new BadInputException("--llm-judge is for convqa and needs --judge-url and --judge-model");
        }
        if (llmJudge) {
            try {
                // What the subject's judge checks when it is built (the URL; a host), here, to be reported first.
                new OpenAiTransport(HttpJudgeConfig.of(judgeUrl));
            } catch (IllegalArgumentException e) {
                requireUtf8();
                throw new BadInputException("--judge-url: " + e.getMessage());
            }
        }
        Input in = Input.of(v).withParameter("golden", golden.toString())
                .withParameter("predictions", predictions.toString()).withParameter("output", output.toString())
                .withWarnings(w -> err.println("WARNING: " + w));
        if (llmJudge) {
            in = in.withParameter("llm-judge", "true").withParameter("judge-url", judgeUrl)
                    .withParameter("judge-model", judgeModel).withParameter("judge-api-key-env", apiKeyEnv);
        }
        Result run;
        try {
            run = subject.run(in);
        } catch (UncheckedIOException e) {
            throw new BadInputException(e.getMessage()); // an I/O failure that is not the original's error
        }
        if (run.status() == Result.Status.FAILED) {
            // Reading errors too (a file that is not UTF-8 or not JSON, missing, a directory): the original's.
            err.println("ERROR: " + run.failure().orElseThrow());
            err.flush();
            return ExitCodes.FINDING;
        }
        JsonNode doc = run.document();
        out.print(PyJson.dumps(doc.get("summary"), PyJson.DUMPS.indent(2))); // as the _summary file has it
        out.println();
        out.println("Results: " + doc.get("results").textValue() + ", " + doc.get("summary_file").textValue());
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * Refuses golden and predictions given the wrong way round: the golden file's first row has none
     * of the task's golden-only fields while the predictions file's first row has some. The original
     * would score such a pair without a word (LongQA: 0.3543 on the generated data). Only the first
     * line of each file is read; anything unreadable is left to the scorer, which reports it as the
     * original does.
     */
    private void refuseSwapped() {
        JsonNode g = firstRow(golden);
        JsonNode p = firstRow(predictions);
        if (g == null || p == null) {
            return;
        }
        List<String> inPredictions = task.goldenOnly.stream().filter(p::has).toList();
        if (task.goldenOnly.stream().noneMatch(g::has) && !inPredictions.isEmpty()) {
            throw new BadInputException("--golden " + golden + " and --predictions " + predictions
                    + " look swapped: the golden file's first row has none of " + String.join(", ", task.goldenOnly)
                    + ", and the predictions file's first row has " + String.join(", ", inPredictions));
        }
    }

    /** The first non-blank line of a file as a JSON object, or null when it is not one (or cannot be read). */
    private static JsonNode firstRow(Path p) {
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    JsonNode n = PyJson.LOADS.readTree(line); // the scorers' own mapper: no second one to start
                    return n != null && n.isObject() ? n : null;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // the scorer reads the file in full and reports what is wrong with it
        }
        return null;
    }

    /** Refuses the first input file that is not UTF-8 (golden first). */
    private void requireUtf8() {
        for (Path p : new Path[] {golden, predictions}) {
            String problem = notUtf8(p);
            if (problem != null) {
                throw new BadInputException(p + ": " + problem);
            }
        }
    }

    /**
     * Decodes the file with a strict UTF-8 decoder, streaming: {@code null} when it decodes, else the
     * problem (with the line and byte offset of the first malformed sequence).
     */
    static String notUtf8(Path p) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long base = 0; // file offset of in.array()[0]
        long line = 1;
        try (InputStream s = Files.newInputStream(p)) {
            while (true) {
                int n = s.read(in.array(), in.position(), in.remaining());
                boolean eof = n < 0;
                if (n > 0) {
                    in.position(in.position() + n);
                }
                in.flip();
                while (true) {
                    int before = in.position();
                    CoderResult cr = dec.decode(in, out, eof);
                    for (int i = before; i < in.position(); i++) {
                        if (in.array()[i] == '\n') {
                            line++;
                        }
                    }
                    if (cr.isError()) {
                        return "not UTF-8 text (line " + line + ", byte " + (base + in.position()) + ")";
                    }
                    out.clear();
                    if (!cr.isOverflow()) {
                        break;
                    }
                }
                if (eof) {
                    return null;
                }
                base += in.position();
                in.compact();
            }
        } catch (IOException e) {
            return IoProblems.describe(e);
        }
    }
}
