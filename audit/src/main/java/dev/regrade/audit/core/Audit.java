package dev.regrade.audit.core;

import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.audit.answers.Answer;
import dev.regrade.audit.answers.AnswersDir;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.python.FixtureProbe;
import dev.regrade.audit.prompts.PromptComparison;
import dev.regrade.audit.python.PythonRunner;
import dev.regrade.audit.python.PythonScripts;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.JudgeUnavailableException;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.SentPrompt;
import dev.regrade.audit.run.Runner;
import dev.regrade.audit.run.Workers;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.World;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.Crash;
import dev.regrade.reports.model.DeclaredExpectations;
import dev.regrade.reports.model.LintFinding;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.PythonOriginals;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.SeedDifference;
import dev.regrade.reports.model.UnexpectedChange;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.script.RubricScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The audit: every script × input, before and after, under every hash seed; tree diffs checked
 * against the expectations; determinism, prompt lint and crashes collected. Runs in parallel;
 * the outcome does not depend on the number of threads.
 */
public final class Audit {
    /** Receives progress: runs done of total. */
    @FunctionalInterface
    public interface Progress {
        void update(int done, int total);
    }

    /**
     * The finished audit.
     *
     * @param report        the report ({@code report.json}), from which every rendering is made
     * @param resultFiles   result documents by relative path ({@code results/<script>/<variant>/<input>.json})
     * @param evaluated     the runs actually evaluated; the others reused a first-seed run that never
     *                      read its hash seed (the report is the same either way)
     * @param judgeRequests the judge requests (verification votes) the evaluated runs made
     */
    public record Outcome(AuditReport report, Map<String, String> resultFiles, int evaluated, long judgeRequests) {

        /** The number of unexpected changes (non-zero: the audit fails). */
        public int unexpected() {
            return report.unexpected().size();
        }
    }

    private record Input(RubricScript script, World world) {
    }

    private Audit() {
    }

    /** Runs the audit; bad input (unknown script, variant, policy, a broken fixture) is a {@link BadInputException}. */
    public static Outcome run(AuditConfig config, Progress progress) {
        return run(config, progress, Phases.NONE);
    }

    /** Runs the audit, marking the end of each phase on {@code phases}. */
    public static Outcome run(AuditConfig config, Progress progress, Phases phases) {
        List<Input> inputs = inputs(config);
        probeUnportedFixtures(config, inputs);
        phases.mark("inputs");
        Executed runs = execute(inputs, config, progress, phases);
        Outcome outcome = assemble(config, inputs, runs.byId(), runs.evaluated(), runs.judgeRequests(),
                runs.standIns());
        phases.mark("diffs and report");
        return outcome;
    }

    /**
     * One shard's part of the audit, run: every run of the inputs the shard holds (evaluated, or
     * reused from a first-seed run that never read its seed).
     *
     * @param inputs        the number of inputs of the whole matrix
     * @param held          the number of them this shard holds
     * @param runs          the shard's runs: each first-seed run followed by its reuses under the other
     *                      seeds, in matrix order, then the runs evaluated again under another seed
     * @param judgeRequests the judge requests its evaluated runs made
     * @param standIns      (Python originals) the modules the driver stood in for, sorted
     */
    public record ShardOutcome(int inputs, int held, Map<RunId, RunRecord> runs, long judgeRequests,
                               List<String> standIns) {
        public ShardOutcome {
            standIns = List.copyOf(standIns);
            runs = Collections.unmodifiableMap(new LinkedHashMap<>(runs));
        }
    }

    /** Runs the part of the audit that {@code shard} holds ({@link Shard#holds}, by input). */
    public static ShardOutcome runShard(AuditConfig config, Shard shard, Progress progress, Phases phases) {
        List<Input> inputs = inputs(config);
        List<Input> held = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            if (shard.holds(i)) {
                held.add(inputs.get(i));
            }
        }
        probeUnportedFixtures(config, held);
        phases.mark("inputs");
        Executed runs = execute(held, config, progress, phases);
        return new ShardOutcome(inputs.size(), held.size(), runs.byId(), runs.judgeRequests(), runs.standIns());
    }

    /** Every run of the audit's matrix, in matrix order, with the number (1 to n) of the shard of n that holds it. */
    public static Map<RunId, Integer> shardsOfRuns(AuditConfig config, int n) {
        List<Input> inputs = inputs(config);
        Map<RunId, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            int k = Shard.holderOf(i, n);
            for (String variant : List.of(config.before(), config.after())) {
                for (long seed : config.seeds()) {
                    out.put(id(inputs.get(i), variant, seed), k);
                }
            }
        }
        return out;
    }

    /**
     * A stored run of a shard, as {@link #merge} takes it back.
     *
     * @param document  its result document
     * @param seedRead  whether it read its hash seed ({@link RunRecord#seedRead})
     * @param evaluated false for a copy of a first-seed run that never read its seed
     * @param prompts   the prompts it sent, in call order ({@link RunRecord#prompts})
     */
    public record StoredRun(ResultDocument document, boolean seedRead, boolean evaluated, List<SentPrompt> prompts) {
        public StoredRun {
            prompts = List.copyOf(prompts);
        }

        /** A stored run without its prompts. */
        public StoredRun(ResultDocument document, boolean seedRead, boolean evaluated) {
            this(document, seedRead, evaluated, List.of());
        }
    }

    /**
     * The audit assembled from the runs its shards stored: the same outcome as {@link #run} gives
     * for the same configuration. Every run of the matrix must be in {@code stored}; {@code standIns}:
     * what the shards' Python drivers stood in for (sorted; empty for the Java ports).
     */
    public static Outcome merge(AuditConfig config, Map<RunId, StoredRun> stored, List<String> standIns) {
        List<Input> inputs = inputs(config);
        long base = config.seeds().get(0);
        Map<RunId, RunRecord> byId = new LinkedHashMap<>();
        int evaluated = 0;
        long requests = 0;
        for (Input in : inputs) {
            for (String variant : List.of(config.before(), config.after())) {
                for (long seed : config.seeds()) {
                    RunId id = id(in, variant, seed);
                    StoredRun s = stored.get(id);
                    if (s == null) {
                        throw new BadInputException("no shard holds the run " + id.label());
                    }
                    RunSpec spec = new RunSpec(in.script(), variant, in.world(), null, base).withHashSeed(seed);
                    byId.put(id, new RunRecord(spec, config.judge(), s.document(), s.seedRead(), s.evaluated(),
                            s.prompts()));
                    if (s.evaluated()) {
                        evaluated++;
                        requests += s.document().regrade().judgeRequests().size();
                    }
                }
            }
        }
        return assemble(config, inputs, byId, evaluated, requests, standIns);
    }

    /**
     * The runs of some inputs: by id, how many were evaluated, their judge requests, and (Python
     * originals) the modules stood in for.
     */
    private record Executed(Map<RunId, RunRecord> byId, int evaluated, long judgeRequests, List<String> standIns) {
    }

    private static Executed execute(List<Input> inputs, AuditConfig config, Progress progress, Phases phases) {
        long base = config.seeds().get(0);
        List<Long> others = config.seeds().subList(1, config.seeds().size());
        int total = inputs.size() * 2 * config.seeds().size();
        AtomicInteger done = new AtomicInteger();
        // Every input under the first seed; then the other seeds, run again only where the first
        // run read its seed (a run that did not read it gives the same document under any seed).
        List<RunSpec> first = new ArrayList<>();
        for (Input in : inputs) {
            for (String variant : List.of(config.before(), config.after())) {
                first.add(new RunSpec(in.script(), variant, in.world(), null, base));
            }
        }
        Map<RunId, RunRecord> byId = new LinkedHashMap<>();
        List<RunSpec> again = new ArrayList<>();
        Set<String> standIns = Collections.synchronizedSet(new TreeSet<>());
        // In HTTP mode one fake judge serves every worker, each on a lane of its own.
        try (FakeJudgeServer server = config.judge() == JudgeMode.HTTP && config.realJudge() == null
                || config.python() != null
                ? FakeJudgeServer.start(FakeJudgeConfig.defaults()) : null) {
            if (server != null) {
                phases.mark("fake judge start");
            }
            for (RunRecord r : execute(first, config, server, done, total, progress, standIns)) {
                byId.put(RunId.of(r.spec()), r);
                for (long seed : others) {
                    if (config.seedReuse() && !r.seedRead()) {
                        byId.put(RunId.of(r.spec().withHashSeed(seed)), r.underSeed(seed));
                        progress.update(done.incrementAndGet(), total);
                    } else {
                        again.add(r.spec().withHashSeed(seed));
                    }
                }
            }
            phases.mark("runs, first seed");
            for (RunRecord r : execute(again, config, server, done, total, progress, standIns)) {
                byId.put(RunId.of(r.spec()), r);
            }
            phases.mark("runs, other seeds");
        }
        if (config.judge() == JudgeMode.HTTP) {
            phases.mark("fake judge stop");
        }
        long requests = 0;
        for (RunRecord r : byId.values()) {
            if (r.evaluated()) {
                requests += r.document().regrade().judgeRequests().size();
            }
        }
        return new Executed(byId, first.size() + again.size(), requests, List.copyOf(standIns));
    }

    private static List<Input> inputs(AuditConfig config) {
        List<Input> inputs = new ArrayList<>();
        Map<String, List<String>> scriptVariants = new LinkedHashMap<>();
        if (config.fixturesDir() != null) {
            if (config.python() != null) {
                Inputs.checkFixturesDir(config.fixturesDir(), config.scripts());
            } else {
                Inputs.checkFixturesDir(config.fixturesDir());
            }
        }
        AnswersDir.Read answers = config.answers() == null ? null
                : config.answers().read(config.answers().knownTasks(config.python()), config.scripts());
        for (String name : config.scripts()) {
            RubricScript script = config.python() != null ? PythonScripts.script(name) : Inputs.script(name);
            // the Python originals' variants are script directories, not the port's variants
            if (config.python() == null) {
                scriptVariants.put(name, script.variantNames());
            }
            for (String p : config.policies()) {
                inputs.add(new Input(script, Inputs.policy(p)));
            }
            if (config.fixturesDir() != null) {
                Path dir = config.fixturesDir().resolve(name);
                if (Files.isDirectory(dir)) {
                    for (Path f : Inputs.fixtureFiles(dir)) {
                        inputs.add(new Input(script, config.python() != null && !PythonScripts.ported(name)
                                ? Inputs.unportedFixture(f, name) : Inputs.fixture(f, name)));
                    }
                }
            }
            if (answers != null) {
                for (Answer a : answers.of(name)) {
                    inputs.add(new Input(script, config.answers().world(a)));
                }
            }
        }
        if (inputs.isEmpty()) {
            throw Inputs.noRuns(config.scripts(), config.policies(), config.fixturesDir());
        }
        if (!config.expectations().builtIn()) {
            config.expectations().checkScripts(config.scripts());
        }
        checkVariant("--before", config.before(), scriptVariants);
        checkVariant("--after", config.after(), scriptVariants);
        return inputs;
    }

    /**
     * (Python originals) Checks the fixtures of unported tasks against what their scripts request, by a
     * probe run per side ({@link FixtureProbe}), before any run of the matrix and any report.
     */
    private static void probeUnportedFixtures(AuditConfig config, List<Input> inputs) {
        if (config.python() == null) {
            return;
        }
        List<Fixture> unported = new ArrayList<>();
        for (Input in : inputs) {
            if (in.world() instanceof Fixture f && !PythonScripts.ported(in.script().name())) {
                unported.add(f);
            }
        }
        FixtureProbe.check(config.python(), List.of(config.before(), config.after()), config.seeds().get(0), unported);
    }

    /**
     * A variant some audited script lacks is bad input, said once: a name no script has gets "did you
     * mean"; one that only some have names those that do.
     */
    private static void checkVariant(String option, String variant, Map<String, List<String>> scriptVariants) {
        List<String> having = new ArrayList<>();
        TreeSet<String> everyName = new TreeSet<>();
        Set<String> common = null;
        for (Map.Entry<String, List<String>> e : scriptVariants.entrySet()) {
            everyName.addAll(e.getValue());
            if (common == null) {
                common = new LinkedHashSet<>(e.getValue());
            } else {
                common.retainAll(e.getValue());
            }
            if (e.getValue().contains(variant)) {
                having.add(e.getKey());
            }
        }
        if (having.size() == scriptVariants.size()) {
            return;
        }
        if (having.isEmpty()) {
            throw new BadInputException(option + " " + variant + ": no audited script has a variant '" + variant + "'"
                    + DidYouMean.suffix(variant, everyName) + " (variants: " + String.join(", ", everyName) + ")");
        }
        throw new BadInputException(option + " " + variant + ": only " + String.join(", ", having)
                + " of the audited scripts " + (having.size() == 1 ? "has" : "have") + " it; choose --scripts "
                + String.join(",", having) + ", or a variant every audited script has ("
                + String.join(", ", common) + ")");
    }

    private static List<RunRecord> execute(List<RunSpec> specs, AuditConfig config, FakeJudgeServer server,
                                           AtomicInteger done, int total, Progress progress,
                                           Set<String> standIns) {
        return Workers.map("regrade-audit", config.threads(), specs, () -> config.python() != null
                        ? new PythonRunner(config.python(), server)
                                .withJudgeUrl(config.realJudge() == null ? null : config.realJudge().url())
                        : config.realJudge() != null
                        ? new Runner().withEndpoint(config.realJudge().config(System::getenv))
                        : server == null ? new Runner() : new Runner().onServer(server),
                (AutoCloseable runner, RunSpec spec) -> {
                    RunRecord r;
                    try {
                        r = runner instanceof PythonRunner p ? p.run(spec) : ((Runner) runner).run(spec, config.judge());
                    } catch (JudgeUnavailableException e) {
                        // which run, as well as which request: the run is the thing to look at
                        throw new JudgeUnavailableException("run " + RunId.of(spec).label() + ": " + e.getMessage(),
                                e.getCause());
                    }
                    progress.update(done.incrementAndGet(), total);
                    return r;
                }, runner -> {
                    if (runner instanceof PythonRunner p) {
                        standIns.addAll(p.standIns());
                    }
                });
    }

    private static RunId id(Input in, String variant, long seed) {
        return new RunId(in.script().name(), in.world().kind(), in.world().name(), variant, seed);
    }

    /** The relative path of a run's result file. */
    public static String resultPath(String script, String variant, String kind, String input) {
        return "results/" + script + "/" + variant + "/" + kind + "-" + input + ".json";
    }

    private static Outcome assemble(AuditConfig config, List<Input> inputs, Map<RunId, RunRecord> runs,
                                    int evaluated, long judgeRequests, List<String> standIns) {
        long base = config.seeds().get(0);
        // Python runs sent to --judge-url go straight to that endpoint: no lane sees their prompts, so
        // prompt changes are not known. Said in the judge line of every report; never counted as "none".
        boolean promptsKnown = !(config.python() != null && config.realJudge() != null);
        if (!config.expectations().builtIn()) {
            // Before any verdict: a glob that matches nothing allows nothing (a misspelt node id).
            config.expectations().checkGlobs(nodeIds(runs));
        }
        if (!config.expectations().builtIn() && promptsKnown) {
            Map<String, Set<String>> extractions = new LinkedHashMap<>();
            Map<String, Set<String>> checked = new LinkedHashMap<>();
            runs.values().forEach(r -> PromptComparison.collect(r.spec().script().name(), r.prompts(), extractions,
                    checked));
            config.expectations().checkPromptGlobs(extractions, checked);
        }
        // Every input's tree diffs, computed in parallel (each input's are independent of the others').
        List<InputRuns> table = inputs.parallelStream().map(in -> inputRuns(in, config, runs)).toList();
        Map<String, String> files = resultFiles(table);
        // The report, section by section, in input order.
        List<Comparison> comparisons = table.stream()
                .map(r -> ReportSections.comparison(r, config.expectations())).toList();
        List<List<PromptChange>> prompts = table.stream().map(r -> promptsKnown ? PromptComparison.changes(r.input(),
                r.before().prompts(), r.after().prompts(), config.expectations()) : List.<PromptChange>of()).toList();
        List<UnexpectedChange> unexpected = ReportSections.unexpected(comparisons, prompts);
        List<Crash> crashes = table.stream().flatMap(r -> ReportSections.crashes(r).stream()).toList();
        List<SeedDifference> determinism = table.stream()
                .flatMap(r -> ReportSections.seedDifferences(r, base).stream()).toList();
        List<LintFinding> lint = table.stream().flatMap(r -> ReportSections.lint(r).stream()).toList();
        DeclaredExpectations expectations = ReportSections.expectations(config.expectations());
        AuditReport report = new AuditReport(AuditReport.VERSION, config.before(), config.after(),
                config.judgeLabel() + (promptsKnown ? "" : "; prompts not compared (the Python runs sent them "
                        + "to it directly)"), config.seeds(), expectations,
                ReportSections.totals(runs.size(), comparisons, unexpected, crashes, determinism, lint, prompts),
                comparisons, unexpected, determinism, lint, crashes,
                ReportSections.changelog(comparisons, unexpected, expectations, config.scripts(), prompts),
                config.python() == null ? null
                        : new PythonOriginals(config.python().checkout().toString(), standIns,
                                config.python().revisions()),
                prompts.stream().flatMap(List::stream).toList());
        return new Outcome(report, files, evaluated, judgeRequests);
    }

    /** Every node id of every tree of the runs, by script (a script whose runs all crashed has none). */
    private static Map<String, Set<String>> nodeIds(Map<RunId, RunRecord> runs) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (RunRecord r : runs.values()) {
            Set<String> ids = out.computeIfAbsent(r.spec().script().name(), k -> new LinkedHashSet<>());
            r.document().tree().ifPresent(t -> collectIds(t, ids));
        }
        return out;
    }

    private static void collectIds(ResultNode node, Set<String> into) {
        into.add(node.id());
        node.children().forEach(c -> collectIds(c, into));
    }

    private static InputRuns inputRuns(Input in, AuditConfig config, Map<RunId, RunRecord> runs) {
        long base = config.seeds().get(0);
        List<InputRuns.Rerun> reruns = new ArrayList<>();
        for (String variant : List.of(config.before(), config.after())) {
            RunRecord ref = runs.get(id(in, variant, base));
            for (long seed : config.seeds().subList(1, config.seeds().size())) {
                RunRecord other = runs.get(id(in, variant, seed));
                if (other.evaluated()) { // else a copy of ref with another hash_seed: no tree can differ
                    reruns.add(new InputRuns.Rerun(ref, other));
                }
            }
        }
        String script = in.script().name();
        World w = in.world();
        return InputRuns.of(new ScriptInput(script, w.kind(), w.name()), w.description(),
                runs.get(id(in, config.before(), base)), runs.get(id(in, config.after(), base)),
                resultPath(script, config.before(), w.kind(), w.name()),
                resultPath(script, config.after(), w.kind(), w.name()), reruns);
    }

    /** The result files' text by path, rendered in parallel (each is independent of the others). */
    private static Map<String, String> resultFiles(List<InputRuns> table) {
        List<String> paths = new ArrayList<>();
        List<RunRecord> reported = new ArrayList<>();
        for (InputRuns r : table) {
            paths.add(r.beforePath());
            reported.add(r.before());
            paths.add(r.afterPath());
            reported.add(r.after());
        }
        List<String> texts = reported.parallelStream().map(RunRecord::fileText).toList();
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            files.put(paths.get(i), texts.get(i));
        }
        return files;
    }
}
