package dev.regrade.audit.run;

import dev.regrade.judge.InProcessJudge;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.server.Faults;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeLane;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.PageVisit;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.json.RunMeta;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.PageSource;
import dev.regrade.webcache.CacheDirectory;
import dev.regrade.webcache.CachePages;
import dev.regrade.webcache.PageLookup;
import dev.regrade.webcache.SyntheticPages;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one script variant on one input, offline, and returns the result document. In HTTP mode
 * the requests go through the OpenAI-compatible client to a fake judge on 127.0.0.1: a lane of its
 * own on a server shared with other runners ({@link #onServer}), or else a server of its own,
 * started on first use and stopped by {@link #close()}. Not thread-safe: one run at a time.
 */
public final class Runner implements AutoCloseable {
    /** The agent name written into every result. */
    public static final String AGENT_NAME = "regrade";

    private static final AtomicInteger LANES = new AtomicInteger();

    private final Faults faults;
    private final HttpJudgeConfig external;
    private final FakeJudgeServer shared;
    private FakeJudgeServer own;
    private FakeJudgeLane lane;
    private GuardedJudge client;

    /** A runner whose HTTP mode uses a well-behaved fake judge. */
    public Runner() {
        this(Faults.none(), null, null);
    }

    private Runner(Faults faults, HttpJudgeConfig external, FakeJudgeServer shared) {
        this.faults = faults;
        this.external = external;
        this.shared = shared;
    }

    /** A runner whose fake judge misbehaves as {@code faults} say (HTTP mode). */
    public Runner withFaults(Faults value) {
        return new Runner(value, external, shared);
    }

    /**
     * A runner whose HTTP mode talks to another OpenAI-compatible endpoint (no fake server is
     * started; verdicts and extractions come from that endpoint).
     */
    public Runner withEndpoint(HttpJudgeConfig config) {
        return new Runner(faults, config, shared);
    }

    /**
     * A runner whose HTTP mode uses a lane of its own on this running server (which the caller
     * owns and stops), instead of starting a server: one server serves many runners.
     */
    public Runner onServer(FakeJudgeServer server) {
        return new Runner(faults, external, server);
    }

    /** Runs the spec with the given judge mode. */
    public RunRecord run(RunSpec spec, JudgeMode mode) {
        long seed = spec.hashSeed() != null ? spec.hashSeed() : spec.world().hashSeed().orElse(0L);
        SyntheticPages pages = new SyntheticPages(spec.world().pages(), spec.world().missingPages(), seed);
        return run(spec, mode, pages, pages::lookups, pages::seedDecided);
    }

    /**
     * Runs the spec in process with its pages read from a Mind2Web 2 cache folder instead of the
     * synthetic pages (as the Python original reads them: each page with its screenshot), e.g. the
     * folder a run of the original was given.
     */
    public RunRecord runOnCache(RunSpec spec, CacheDirectory cache) {
        CachePages pages = new CachePages(cache);
        return run(spec, JudgeMode.IN_PROCESS, pages, pages::lookups, () -> false);
    }

    private RunRecord run(RunSpec spec, JudgeMode mode, PageSource pages, Supplier<List<PageLookup>> lookups,
                          BooleanSupplier seedDecided) {
        String script = spec.script().name();
        LocalDate date = spec.evalDate() != null ? spec.evalDate()
                : spec.world().evalDate().orElse(EvalClock.DEFAULT_DATE);
        long seed = spec.hashSeed() != null ? spec.hashSeed() : spec.world().hashSeed().orElse(0L);
        Extractor extractor = spec.world().extractor(script);
        Judge judge;
        if (mode == JudgeMode.HTTP) {
            GuardedJudge http = http();
            if (lane != null) {
                lane.useRules(spec.world().verdictRules());
                lane.useExtractor(extractor);
                lane.clearJournal(); // nobody reads it here; it would only grow over an audit
            }
            judge = http;
            extractor = http;
        } else {
            judge = new InProcessJudge(spec.world().verdictRules());
        }
        // The prompts are recorded at the ports, so both judge modes record the same.
        PromptRecorder prompts = new PromptRecorder();
        judge = prompts.judge(judge);
        extractor = prompts.extractor(extractor);
        AtomicBoolean seedRead = new AtomicBoolean();
        EvaluationContext ctx = EvaluationContext.of(spec.world().answer(script))
                .withNames(spec.world().runnerNames().map(Map.Entry::getKey).orElse(AGENT_NAME),
                        spec.world().runnerNames().map(Map.Entry::getValue).orElse(spec.world().name()))
                .withJudge(judge)
                .withExtractor(extractor)
                .withPages(pages)
                .withMaps(spec.world().maps(script))
                .withClock(new EvalClock(date))
                .withHashSeed(seed)
                .withHashSeedListener(() -> seedRead.set(true));
        Evaluator evaluator = new Evaluator(ctx);
        ResultSummary summary;
        RunOutcome outcome = RunOutcome.SCORED;
        String errorType = null;
        String error = null;
        try {
            spec.script().evaluate(evaluator, spec.variant());
            summary = ResultSummary.of(evaluator);
        } catch (GuardedJudge.Abort e) {
            throw new JudgeUnavailableException("the judge did not answer (" + e.getMessage()
                    + "); the run was abandoned instead of scoring every later check as failed", e.getCause());
        } catch (PyException e) {
            // The original raises here: no score, as its runner records no result.
            outcome = RunOutcome.CRASHED;
            errorType = e.pythonType();
            error = e.pythonMessage();
            summary = new ResultSummary(ctx.agentName().orElse("unknown_agent"),
                    ctx.answerName().orElse("unknown_answer"), null, ctx.model(), ctx.model(), List.of(), null);
        }
        List<PageVisit> visits = lookups.get().stream().map(l -> new PageVisit(l.url(),
                l.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'))).toList();
        RunMeta meta = new RunMeta(script, spec.variant(), spec.world().kind(), spec.world().name(), date.toString(),
                seed, outcome, errorType, error, evaluator.judgeRequests(), visits);
        return new RunRecord(spec, mode, new ResultDocument(summary, meta), seedRead.get() || seedDecided.getAsBoolean(),
                true, prompts.prompts());
    }

    private GuardedJudge http() {
        if (client == null) {
            HttpJudgeConfig config = external;
            if (config == null) {
                FakeJudgeServer server = shared;
                if (server == null) {
                    own = FakeJudgeServer.start(FakeJudgeConfig.defaults());
                    server = own;
                }
                lane = server.lane("runner-" + LANES.incrementAndGet());
                lane.useFaults(faults);
                config = HttpJudgeConfig.of(lane.baseUrl())
                        .withModel(EvaluationContext.DEFAULT_MODEL)
                        .withTimeout(Duration.ofSeconds(30));
            }
            client = new GuardedJudge(new HttpJudgeClient(config));
        }
        return client;
    }

    @Override
    public void close() {
        if (own != null) {
            own.stop();
            own = null;
        }
        lane = null;
        client = null;
    }
}
