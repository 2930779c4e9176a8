package dev.regrade.rubric;

import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.PageSource;
import dev.regrade.pycompat.PySet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one evaluation run is given: the answer, its names, the ports, the model names, the
 * evaluation clock and the hash seed. Immutable; each {@code withX} returns a copy.
 */
public final class EvaluationContext {
    /** The model the original runner passes to every script. */
    public static final String DEFAULT_MODEL = "o4-mini";

    private final String answer;
    private final String agentName;
    private final String answerName;
    private final Judge judge;
    private final Extractor extractor;
    private final PageSource pages;
    private final MapsTool maps;
    private final EvalClock clock;
    private final long hashSeed;
    private final String model;
    private final Runnable onHashSeedRead;
    private final Runnable onClockRead;
    private final SetOrderListener onSetOrder;
    private final boolean promptDigests;

    /** Told of every Python set a script orders ({@link #setOrder}): its items, in the order added, and its order. */
    @FunctionalInterface
    public interface SetOrderListener {
        void ordered(List<String> items, List<String> order);
    }

    private EvaluationContext(String answer, String agentName, String answerName, Judge judge, Extractor extractor,
                              PageSource pages, MapsTool maps, EvalClock clock, long hashSeed, String model,
                              Runnable onHashSeedRead, Runnable onClockRead, SetOrderListener onSetOrder,
                              boolean promptDigests) {
        this.answer = answer;
        this.agentName = agentName;
        this.answerName = answerName;
        this.judge = judge;
        this.extractor = extractor;
        this.pages = pages;
        this.maps = maps;
        this.clock = clock;
        this.hashSeed = hashSeed;
        this.model = model;
        this.onHashSeedRead = onHashSeedRead;
        this.onClockRead = onClockRead;
        this.onSetOrder = onSetOrder;
        this.promptDigests = promptDigests;
    }

    /**
     * A port used without being configured: an {@link Error}, so that no port of a Python
     * {@code except Exception} (and no engine catch-all) can turn a wiring mistake into a score.
     */
    public static final class PortNotConfigured extends Error {
        private static final long serialVersionUID = 1L;

        PortNotConfigured(String port) {
            super("no " + port + " configured for this evaluation");
        }
    }

    /**
     * A context with no ports: every judge, extractor, page and maps call fails loudly until the
     * corresponding {@code withX} supplies one. Evaluation date 2025-10-23, hash seed 0.
     */
    public static EvaluationContext of(String answer) {
        Objects.requireNonNull(answer, "answer");
        return new EvaluationContext(answer, null, null,
                r -> { throw new PortNotConfigured("judge"); },
                r -> { throw new PortNotConfigured("extractor"); },
                url -> { throw new PortNotConfigured("page source"); },
                (a, b, m) -> { throw new PortNotConfigured("maps tool"); },
                new EvalClock(EvalClock.DEFAULT_DATE), 0L, DEFAULT_MODEL, () -> { }, () -> { }, (items, order) -> { }, true);
    }

    public EvaluationContext withAnswer(String value) {
        return new EvaluationContext(Objects.requireNonNull(value), agentName, answerName, judge, extractor, pages,
                maps, clock, hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withNames(String agent, String answerFile) {
        return new EvaluationContext(answer, agent, answerFile, judge, extractor, pages, maps, clock, hashSeed, model,
                onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withJudge(Judge value) {
        return new EvaluationContext(answer, agentName, answerName, Objects.requireNonNull(value), extractor, pages,
                maps, clock, hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withExtractor(Extractor value) {
        return new EvaluationContext(answer, agentName, answerName, judge, Objects.requireNonNull(value), pages, maps,
                clock, hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withPages(PageSource value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, Objects.requireNonNull(value),
                maps, clock, hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withMaps(MapsTool value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages,
                Objects.requireNonNull(value), clock, hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withClock(EvalClock value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps,
                Objects.requireNonNull(value), hashSeed, model, onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public EvaluationContext withHashSeed(long value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, value, model,
                onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    /**
     * Calls {@code value} whenever the hash seed is read (by a script ordering a Python set). A run
     * that never reads it scores the same under every seed; the audit uses this to skip re-running it.
     */
    public EvaluationContext withHashSeedListener(Runnable value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, hashSeed,
                model, Objects.requireNonNull(value), onClockRead, onSetOrder, promptDigests);
    }

    /**
     * Calls {@code value} whenever the evaluation clock is read (by a script asking {@code datetime.now()}).
     * A run that never reads it scores the same on every date; the replay searches dates only for one that does.
     */
    public EvaluationContext withClockListener(Runnable value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, hashSeed,
                model, onHashSeedRead, Objects.requireNonNull(value), onSetOrder, promptDigests);
    }

    /**
     * Calls {@code value} with every Python set a script orders through {@link #setOrder} (after the hash seed
     * listener): the replay's seed search tells apart by them the seeds that order every set alike.
     */
    public EvaluationContext withSetOrderListener(SetOrderListener value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, hashSeed,
                model, onHashSeedRead, onClockRead, Objects.requireNonNull(value), promptDigests);
    }

    /**
     * Whether the run journal ({@link Evaluator#judgeRequests}) records each prompt's SHA-256 (the default). A caller
     * that never reads the journal (the replay, which compares prompts whole) turns it off: the journal's digests are
     * then null, and no prompt is hashed.
     */
    public EvaluationContext withPromptDigests(boolean value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, hashSeed,
                model, onHashSeedRead, onClockRead, onSetOrder, value);
    }

    /** Whether the run journal records each prompt's SHA-256. */
    public boolean promptDigests() {
        return promptDigests;
    }

    public EvaluationContext withModel(String value) {
        return new EvaluationContext(answer, agentName, answerName, judge, extractor, pages, maps, clock, hashSeed,
                Objects.requireNonNull(value), onHashSeedRead, onClockRead, onSetOrder, promptDigests);
    }

    public String answer() {
        return answer;
    }

    /** The agent name, if one was given (the original defaults to {@code unknown_agent}). */
    public Optional<String> agentName() {
        return Optional.ofNullable(agentName);
    }

    /** The answer name, if one was given (the original defaults to {@code unknown_answer}). */
    public Optional<String> answerName() {
        return Optional.ofNullable(answerName);
    }

    public Judge judge() {
        return judge;
    }

    public Extractor extractor() {
        return extractor;
    }

    public PageSource pages() {
        return pages;
    }

    public MapsTool maps() {
        return maps;
    }

    public EvalClock clock() {
        onClockRead.run();
        return clock;
    }

    /** The PYTHONHASHSEED the run reproduces (set iteration order). */
    public long hashSeed() {
        onHashSeedRead.run();
        return hashSeed;
    }

    /**
     * {@code list(set(items))} in this run: CPython 3.11's iteration order under the run's PYTHONHASHSEED
     * ({@link PySet#iterationOrder}). Reads the hash seed (its listener is told), then tells the set order listener.
     * The way a script should order a set: a run whose seed is read only here depends on the seed only through the
     * orders returned.
     */
    public List<String> setOrder(List<String> items) {
        List<String> order = PySet.iterationOrder(items, hashSeed());
        onSetOrder.ordered(List.copyOf(items), order);
        return order;
    }

    /** The judge and extraction model name written into the summary. */
    public String model() {
        return model;
    }
}
