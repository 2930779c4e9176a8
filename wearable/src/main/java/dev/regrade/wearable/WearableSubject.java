package dev.regrade.wearable;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subject;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The three wearable-AI challenge scorers as {@link Subject}s, each registered in
 * {@code META-INF/services/dev.regrade.api.Subject}. Variants: {@link Variant#RELEASED} is
 * {@code Sri427/wearable-ai-proactive} starter_kit/run_evaluation.py (commit 87c969c4),
 * {@link Variant#FIXED} is {@code GauravKarakoti/wearable-ai} starter_kit/run_evaluation.py (commit
 * 98fcd646), with the three fixes of FIXES.md §B.
 */
public abstract sealed class WearableSubject implements Subject {
    private static final String INPUTS = "parameters golden and predictions (JSONL files) and output (the results "
            + "file; the summary goes beside it as <name>_summary.json)%s; warnings as the original prints them. "
            + "Returns {summary, results, summary_file, judge_turns, judge_unscored}, the files written as the "
            + "original writes them; FAILED with the original's error where it raises (no file written).";

    private final String name;

    private WearableSubject(String name) {
        this.name = name;
    }

    /**
     * The variant, if the scorers have it.
     *
     * @throws IllegalArgumentException for a variant other than released and fixed
     */
    static Variant releasedOrFixed(Variant variant) {
        Objects.requireNonNull(variant, "variant");
        if (!variant.isReleased() && !variant.isFixed()) {
            throw new IllegalArgumentException("unknown variant '" + variant + "' (released|fixed)");
        }
        return variant;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<Variant> variants() {
        return Variant.RELEASED_AND_FIXED;
    }

    @Override
    public final Result run(Input input) {
        Path golden = Path.of(input.requiredParameter("golden"));
        Path predictions = Path.of(input.requiredParameter("predictions"));
        Path output = Path.of(input.parameter("output").orElse("results.json"));
        Variant variant = releasedOrFixed(input.variant());
        ScoreRun run;
        try {
            run = score(variant, input, input.warnings(), golden, predictions, output);
        } catch (RuntimeException e) {
            // The original loads both files in full (golden first) before anything else, so a file it cannot
            // load fails first, with its error: found again by Python's exact reading (the error path only).
            PyException load = dev.regrade.pycompat.PyJsonl.loadError(golden);
            if (load == null) {
                load = dev.regrade.pycompat.PyJsonl.loadError(predictions);
            }
            if (load != null) {
                return Result.failed(load.getMessage(), JsonNodeFactory.instance.objectNode());
            }
            if (e instanceof PyException p) {
                return Result.failed(p.getMessage(), JsonNodeFactory.instance.objectNode());
            }
            throw e;
        }
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.set("summary", run.summary());
        doc.put("results", run.resultsPath().toString());
        doc.put("summary_file", run.summaryPath().toString());
        doc.put("judge_turns", run.judgeTurns());
        doc.put("judge_unscored", run.judgeUnscored());
        return Result.successful(doc);
    }

    /** Runs this task's scorer on the files. */
    abstract ScoreRun score(Variant variant, Input input, Consumer<String> warnings, Path golden, Path predictions,
                            Path output);

    @Override
    public String toString() {
        return name;
    }

    /** The scorer of a task whose input is its two files and nothing else. */
    private interface FileScorer {
        ScoreRun run(Variant variant, Consumer<String> warnings, Path golden, Path predictions, Path output);
    }

    /** A task scored from its two files alone (proactive, LongQA). */
    abstract static sealed class FilesOnly extends WearableSubject {
        private final FileScorer scorer;

        FilesOnly(String name, FileScorer scorer) {
            super(name);
            this.scorer = scorer;
        }

        @Override
        public final String inputs() {
            return String.format(INPUTS, "");
        }

        @Override
        final ScoreRun score(Variant variant, Input input, Consumer<String> warnings, Path golden, Path predictions,
                             Path output) {
            return scorer.run(variant, warnings, golden, predictions, output);
        }
    }

    /** EgoProactive: {@link ProactiveScorer}. */
    public static final class Proactive extends FilesOnly {
        public Proactive() {
            super("proactive", (v, w, g, p, o) -> new ProactiveScorer(v, w).run(g, p, o));
        }
    }

    /** EgoLongQA: {@link LongQaScorer}. */
    public static final class LongQa extends FilesOnly {
        public LongQa() {
            super("longqa", (v, w, g, p, o) -> new LongQaScorer(v, w).run(g, p, o));
        }
    }

    /** ConvQA: {@link ConvQaScorer}, with the LLM judge when asked for. */
    public static final class ConvQa extends WearableSubject {
        public ConvQa() {
            super("convqa");
        }

        @Override
        public String inputs() {
            return String.format(INPUTS, "; with llm-judge=true, the judge: a JudgeReplySource resource, or "
                    + "parameters judge-url and judge-model (judge-api-key-env names the key's variable, default "
                    + "OPENAI_API_KEY)");
        }

        @Override
        ScoreRun score(Variant variant, Input input, Consumer<String> warnings, Path golden, Path predictions,
                       Path output) {
            JudgeReplySource judge = null;
            if (input.parameter("llm-judge").map(Boolean::parseBoolean).orElse(false)) {
                judge = input.resource(JudgeReplySource.class).orElseGet(() -> new OpenAiChatReplySource(
                        input.requiredParameter("judge-url"), input.requiredParameter("judge-model"),
                        input.parameter("judge-api-key-env").orElse("OPENAI_API_KEY")));
            }
            return new ConvQaScorer(variant, warnings, judge).run(golden, predictions, output);
        }
    }
}
