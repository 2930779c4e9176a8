package dev.regrade.audit.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.PromptRecorder;
import dev.regrade.audit.run.JudgeUnavailableException;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.SentPrompt;
import dev.regrade.audit.run.Runner;
import dev.regrade.judge.server.FakeJudgeLane;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import dev.regrade.policies.World;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.EvalBreakdown;
import dev.regrade.rubric.json.PageVisit;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.json.RunMeta;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.json.TreeJson;
import dev.regrade.rubric.json.TreeStatistics;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.webcache.SyntheticCacheWriter;
import dev.regrade.webcache.SyntheticPages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Runs a spec with the Python original instead of the Java port: the script file of the spec's
 * variant ({@link PythonSetup#scriptFile}) in a driver child of the spec's hash seed, against a lane
 * of its own on the shared fake judge (the world's verdict rules and extractor, so answers are those
 * of the Java audit), a synthetic cache in Mind2Web 2's layout written from the world's pages (a
 * URL the script asks for is added as the Java world would serve it), the world's maps tool and the
 * evaluation date as the script's clock. The result document has the shape of a Java run's, so the
 * audit's diffs, expectations and reports read it unchanged. Not thread-safe: one run at a time.
 */
public final class PythonRunner implements AutoCloseable {
    private static final AtomicInteger LANES = new AtomicInteger();

    private final PythonSetup setup;
    private final FakeJudgeLane lane;
    private final Path workDir;
    // one child per engine and seed: each imports one mind2web2, and the two sides may run different ones
    private final Map<DriverKey, PythonDriver> drivers = new HashMap<>();
    private final TreeSet<String> caches = new TreeSet<>();
    private final TreeSet<String> standIns = new TreeSet<>();
    private int runs;
    private String judgeUrl;

    /** A runner on its own lane of this running server (which the caller owns), in a temporary folder of its own. */
    public PythonRunner(PythonSetup setup, FakeJudgeServer server) {
        this.setup = setup;
        this.lane = server.lane("python-" + LANES.incrementAndGet());
        lane.keepPrompts(true); // the audit compares the prompts; the journal is cleared every run
        try {
            Path base = workBase(Path.of("/dev/shm"));
            this.workDir = base == null ? Files.createTempDirectory("regrade-python-")
                    : Files.createTempDirectory(base, "regrade-python-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The free space a RAM folder must have to hold the runs' caches (a run's pages take a few hundred KB). */
    static final long RAM_FOLDER_MIN_FREE = 256L << 20;

    /**
     * Where the runs' folders go: {@code ram} (Linux's {@code /dev/shm}) when it is a writable folder with
     * {@link #RAM_FOLDER_MIN_FREE} free, else null (the default temporary folder). Every run writes its cache
     * pages and index, rewritten after each page, and deletes them: on a disk file system the kernel's
     * bookkeeping of those files took half of a Python audit's system time (default matrix, 2 cores: 24-27 s
     * of sys and 47.6-52.2 s wall on ext4, 12-15 s and 41.7-45.1 s in /dev/shm, outputs identical).
     */
    static Path workBase(Path ram) {
        try {
            return Files.isDirectory(ram) && Files.isWritable(ram)
                    && Files.getFileStore(ram).getUsableSpace() >= RAM_FOLDER_MIN_FREE ? ram : null;
        } catch (IOException | SecurityException e) {
            return null; // no usable RAM folder: the default temporary folder
        }
    }

    /**
     * Sends every judge and extraction request of this runner's runs to {@code url} (an OpenAI-compatible
     * base URL, e.g. a {@code judge serve --replay}) instead of the fake judge's lane; null: the lane. No
     * API key is sent. A request that endpoint does not answer with a 2xx abandons the run
     * ({@link JudgeUnavailableException}) instead of failing its node as the engine would.
     */
    public PythonRunner withJudgeUrl(String url) {
        this.judgeUrl = url;
        return this;
    }

    /** The stand-ins the drivers installed for modules the user's environment lacks, sorted. */
    public List<String> standIns() {
        return List.copyOf(standIns);
    }

    private record DriverKey(Path engine, long seed) {
    }

    /** The engines' cache classes the drivers met ({@code CacheFileSys}, {@code CacheClass}), sorted. */
    public List<String> engineCaches() {
        return List.copyOf(caches);
    }

    /** Runs the spec's variant from its scripts directory. */
    public RunRecord run(RunSpec spec) {
        return run(spec, cache -> { });
    }

    /**
     * Runs the spec's variant from its scripts directory; {@code withCache} is given the cache folder
     * as the run left it (every page it asked for) before the folder is deleted.
     */
    public RunRecord run(RunSpec spec, java.util.function.Consumer<Path> withCache) {
        String task = spec.script().name();
        World world = spec.world();
        LocalDate date = spec.evalDate() != null ? spec.evalDate() : world.evalDate().orElse(EvalClock.DEFAULT_DATE);
        long seed = spec.hashSeed() != null ? spec.hashSeed() : world.hashSeed().orElse(0L);
        Path script = setup.scriptFile(task, spec.variant());
        if (!Files.isRegularFile(script)) {
            throw new BadInputException(script + ": no such script (the " + spec.variant() + " scripts directory has no "
                    + task + ".py)");
        }
        Path engine = setup.engine(spec.variant());
        PythonDriver driver = drivers.computeIfAbsent(new DriverKey(engine, seed), k -> {
            PythonDriver d = PythonDriver.start(setup, engine, workDir, k.seed());
            standIns.addAll(d.started().standIns());
            caches.add(d.started().cache());
            return d;
        });
        lane.useRules(world.verdictRules());
        lane.useExtractor(world.extractor(task));
        lane.clearJournal();
        Path runDir = workDir.resolve("run-" + (++runs));
        SyntheticPages pages = new SyntheticPages(world.pages(), world.missingPages(), seed);
        SyntheticCacheWriter cache = SyntheticCacheWriter.start(pages, runDir.resolve("cache"));
        MapsTool maps = world.maps(task);
        ObjectNode request = JsonNodeFactory.instance.objectNode()
                .put("script", script.toAbsolutePath().toString())
                .put("answer", world.answer(task))
                .put("agent_name", world.runnerNames().map(Map.Entry::getKey).orElse(Runner.AGENT_NAME))
                .put("answer_name", world.runnerNames().map(Map.Entry::getValue).orElse(world.name()))
                .put("model", EvaluationContext.DEFAULT_MODEL)
                .put("base_url", judgeUrl != null ? judgeUrl : lane.baseUrl())
                .put("judge_strict", judgeUrl != null)
                // the lane answers over the driver's pipe (no HTTP round trip); a --judge-url is reached over HTTP
                .put("judge_pipe", judgeUrl == null)
                .put("cache_dir", cache.directory().toAbsolutePath().toString())
                .put("eval_date", date.toString());
        JsonNode reply;
        try {
            reply = driver.run(request, new PythonDriver.Callbacks() {
                @Override
                public Object maps(String from, String to, String mode) {
                    return maps.calculateDistance(from, to, mode);
                }

                @Override
                public dev.regrade.judge.server.Reply chat(java.util.function.Function<String, String> header,
                                                           byte[] body) {
                    return lane.answer(header, body);
                }

                @Override
                public PythonDriver.Page page(String url) {
                    cache.add(url);
                    return new PythonDriver.Page(cache.directory(), cache.fileStem(url).orElse(null));
                }
            });
            withCache.accept(cache.directory());
        } finally {
            delete(runDir);
        }
        if ("missing_module".equals(reply.path("op").asText())) {
            throw new MissingEngineModuleException(reply.path("module").asText(),
                    reply.path("name").isTextual() ? reply.path("name").asText() : null, script, spec.variant(), engine,
                    reply.path("message").asText());
        }
        if ("judge_failed".equals(reply.path("op").asText())) {
            throw new JudgeUnavailableException("the judge did not answer (" + reply.path("message").asText()
                    + "); the run was abandoned instead of scoring every later check as failed", null);
        }
        List<String> visited = new ArrayList<>();
        reply.path("pages").forEach(u -> visited.add(u.asText()));
        ResultSummary summary;
        RunOutcome outcome = RunOutcome.SCORED;
        String errorType = null;
        String error = null;
        if ("crashed".equals(reply.path("op").asText())) {
            outcome = RunOutcome.CRASHED;
            errorType = reply.path("type").asText();
            error = reply.path("message").asText();
            summary = new ResultSummary(world.runnerNames().map(Map.Entry::getKey).orElse(Runner.AGENT_NAME),
                    world.runnerNames().map(Map.Entry::getValue).orElse(world.name()), null, EvaluationContext.DEFAULT_MODEL,
                    EvaluationContext.DEFAULT_MODEL, List.of(), null);
        } else {
            summary = summary(reply.get("summary"), script);
        }
        RunMeta meta = new RunMeta(task, spec.variant(), world.kind(), world.name(), date.toString(), seed, outcome,
                errorType, error, judgeCalls(lane.journal()), visits(world, seed, visited));
        // Whether a Python run read its hash seed is not known: every seed is run.
        return new RunRecord(spec, JudgeMode.HTTP, new ResultDocument(summary, meta), true, true,
                prompts(lane.journal()));
    }

    /** Reads the original's summary dict into the result document's summary. */
    static ResultSummary summary(JsonNode s, Path script) {
        try {
            if (s == null || !s.isObject()) {
                throw BadInputException.at(null, "$", "evaluate_answer returned no summary dict");
            }
            JsonNode fs = s.get("final_score");
            Double finalScore = fs == null || fs.isNull() ? null : fs.doubleValue();
            List<EvalBreakdown> breakdown = new ArrayList<>();
            TreeStatistics stats = null;
            JsonNode list = s.path("eval_breakdown");
            if (list.isArray() && !list.isEmpty()) {
                JsonNode first = list.get(0);
                ResultNode tree = TreeJson.readStored(JsonField.root(null, s).get("eval_breakdown").get(0).get("verification_tree"));
                List<JsonNode> info = new ArrayList<>();
                first.path("info").forEach(info::add);
                breakdown.add(new EvalBreakdown(info, tree));
                stats = TreeStatistics.of(tree);
            }
            return new ResultSummary(s.path("agent_name").asText(), s.path("answer_name").asText(), finalScore,
                    s.path("judge_model").isTextual() ? s.get("judge_model").asText() : null,
                    s.path("extract_model").isTextual() ? s.get("extract_model").asText() : null, breakdown, stats);
        } catch (BadInputException e) { // a script's fault, not the user's: not exit 2
            throw new IllegalStateException(script + ": the summary evaluate_answer returned is not Mind2Web 2's: "
                    + e.getMessage(), e);
        }
    }

    private static List<JudgeCall> judgeCalls(List<JournalEntry> journal) {
        List<JudgeCall> calls = new ArrayList<>();
        for (JournalEntry e : journal) {
            if (e.kind() == RequestKind.VERIFY) {
                calls.add(new JudgeCall(e.nodeId(), e.claim(), e.url(), e.vote() == null ? 1 : e.vote(),
                        e.promptSha256(), e.verdict(), e.error()));
            }
        }
        return calls;
    }

    /**
     * The prompts of the journal, in arrival order: every extraction, and each check once. The driver
     * sends no vote number, so a verification repeating the one before it (same node, page and prompt)
     * is taken for another vote of the same check, as the engine sends its votes one after another.
     */
    static List<SentPrompt> prompts(List<JournalEntry> journal) {
        PromptRecorder recorder = new PromptRecorder();
        JournalEntry previous = null;
        for (JournalEntry e : journal) {
            if (e.prompt() == null) {
                continue;
            }
            if (e.kind() == RequestKind.EXTRACT) {
                recorder.add(SentPrompt.Kind.EXTRACTION, e.extractionName(), e.url(), null, e.prompt());
            } else if (e.kind() == RequestKind.VERIFY) {
                boolean sameCheck = previous != null && (e.vote() != null ? e.vote() > 1
                        : Objects.equals(previous.nodeId(), e.nodeId()) && Objects.equals(previous.url(), e.url())
                        && previous.prompt().equals(e.prompt()));
                if (!sameCheck) {
                    recorder.add(SentPrompt.Kind.JUDGE, e.nodeId() == null ? "" : e.nodeId(), e.url(), e.claim(),
                            e.prompt());
                }
                previous = e;
                continue;
            }
            previous = null;
        }
        return recorder.prompts();
    }

    /** The page lookups as the Java world records them: the visited URLs replayed in order. */
    private static List<PageVisit> visits(World world, long seed, List<String> urls) {
        SyntheticPages replay = new SyntheticPages(world.pages(), world.missingPages(), seed);
        for (String url : urls) {
            try {
                replay.page(url);
            } catch (PyException e) {
                // recorded as an error lookup, as the original raised on it
            }
        }
        return replay.lookups().stream().map(l -> new PageVisit(l.url(),
                l.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'))).toList();
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        drivers.values().forEach(PythonDriver::close);
        drivers.clear();
        delete(workDir);
    }
}
