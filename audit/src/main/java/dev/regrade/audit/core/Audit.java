package dev.regrade.audit.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.inputs.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.lint.PromptLint;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.World;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The audit: every script × input, before and after, under every hash seed; tree diffs checked
 * against the expectations; determinism, prompt lint and crashes collected. Runs in parallel;
 * the outcome does not depend on the number of threads.
 */
public final class Audit {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Receives progress: runs done of total. */
    @FunctionalInterface
    public interface Progress {
        void update(int done, int total);
    }

    /**
     * The finished audit.
     *
     * @param report      the report document ({@code report.json}), from which every rendering is made
     * @param resultFiles result documents by relative path ({@code results/<script>/<variant>/<input>.json})
     * @param unexpected  the number of unexpected changes (non-zero: the audit fails)
     * @param evaluated   the runs actually evaluated; the others reused a first-seed run that never
     *                    read its hash seed (the report is the same either way)
     * @param judgeRequests the judge requests (verification votes) the evaluated runs made
     */
    public record Outcome(ObjectNode report, Map<String, String> resultFiles, int unexpected, int evaluated,
                          long judgeRequests) {
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
        phases.mark("inputs");
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
        Map<String, RunRecord> byKey = new LinkedHashMap<>();
        List<RunSpec> again = new ArrayList<>();
        // In HTTP mode one fake judge serves every worker, each on a lane of its own.
        try (FakeJudgeServer server = config.judge() == JudgeMode.HTTP
                ? FakeJudgeServer.start(FakeJudgeConfig.defaults()) : null) {
            if (server != null) {
                phases.mark("fake judge start");
            }
            for (RunRecord r : execute(first, config, server, done, total, progress)) {
                byKey.put(key(r.spec()), r);
                for (long seed : others) {
                    if (config.seedReuse() && !r.seedRead()) {
                        byKey.put(key(r.spec().withHashSeed(seed)), r.underSeed(seed));
                        progress.update(done.incrementAndGet(), total);
                    } else {
                        again.add(r.spec().withHashSeed(seed));
                    }
                }
            }
            phases.mark("runs, first seed");
            for (RunRecord r : execute(again, config, server, done, total, progress)) {
                byKey.put(key(r.spec()), r);
            }
            phases.mark("runs, other seeds");
        }
        if (config.judge() == JudgeMode.HTTP) {
            phases.mark("fake judge stop");
        }
        long requests = 0;
        for (RunRecord r : byKey.values()) {
            if (r.evaluated()) {
                requests += r.document().get("regrade").get("judge_requests").size();
            }
        }
        Outcome outcome = assemble(config, inputs, byKey, first.size() + again.size(), requests);
        phases.mark("diffs and report");
        return outcome;
    }

    private static List<Input> inputs(AuditConfig config) {
        List<Input> inputs = new ArrayList<>();
        List<String> missingVariant = new ArrayList<>();
        for (String name : config.scripts()) {
            RubricScript script = Inputs.script(name);
            for (String v : List.of(config.before(), config.after())) {
                if (!script.variantNames().contains(v)) {
                    missingVariant.add(name + " (has " + String.join(", ", script.variantNames()) + "; no '" + v + "')");
                }
            }
            for (String p : config.policies()) {
                inputs.add(new Input(script, Inputs.policy(p)));
            }
            if (config.fixturesDir() != null) {
                Path dir = config.fixturesDir().resolve(name);
                if (Files.isDirectory(dir)) {
                    for (Path f : Inputs.fixtureFiles(dir)) {
                        inputs.add(new Input(script, Inputs.fixture(f, name)));
                    }
                }
            }
        }
        if (!missingVariant.isEmpty()) {
            throw new BadInputException("variant missing for: " + String.join("; ", missingVariant)
                    + " (choose --scripts that have both variants)");
        }
        return inputs;
    }

    private static List<RunRecord> execute(List<RunSpec> specs, AuditConfig config, FakeJudgeServer server,
                                           AtomicInteger done, int total, Progress progress) {
        if (specs.isEmpty()) {
            return List.of();
        }
        List<Runner> runners = java.util.Collections.synchronizedList(new ArrayList<>());
        ThreadLocal<Runner> runner = ThreadLocal.withInitial(() -> {
            Runner r = server == null ? new Runner() : new Runner().onServer(server);
            runners.add(r);
            return r;
        });
        ExecutorService pool = Executors.newFixedThreadPool(config.threads(), r -> {
            Thread t = new Thread(r, "regrade-audit");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RunRecord>> futures = new ArrayList<>();
            for (RunSpec spec : specs) {
                futures.add(pool.submit(() -> {
                    RunRecord r = runner.get().run(spec, config.judge());
                    progress.update(done.incrementAndGet(), total);
                    return r;
                }));
            }
            List<RunRecord> out = new ArrayList<>();
            for (Future<RunRecord> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("audit interrupted", e);
        } finally {
            pool.shutdownNow();
            runners.forEach(Runner::close);
        }
    }

    private static String key(RunSpec s) {
        return s.script().name() + "\u0000" + s.world().kind() + "\u0000" + s.world().name() + "\u0000" + s.variant()
                + "\u0000" + s.hashSeed();
    }

    private static String key(Input in, String variant, long seed) {
        return in.script().name() + "\u0000" + in.world().kind() + "\u0000" + in.world().name() + "\u0000" + variant
                + "\u0000" + seed;
    }

    /** The relative path of a run's result file. */
    public static String resultPath(String script, String variant, String kind, String input) {
        return "results/" + script + "/" + variant + "/" + kind + "-" + input + ".json";
    }

    private static Outcome assemble(AuditConfig config, List<Input> inputs, Map<String, RunRecord> runs,
                                    int evaluated, long judgeRequests) {
        long base = config.seeds().get(0);
        // The result files' text, rendered in parallel (each is independent of the others).
        List<RunRecord> reported = new ArrayList<>();
        for (Input in : inputs) {
            reported.add(runs.get(key(in, config.before(), base)));
            reported.add(runs.get(key(in, config.after(), base)));
        }
        List<String> rendered = reported.parallelStream().map(RunRecord::fileText).toList();
        Map<RunRecord, String> texts = new java.util.IdentityHashMap<>();
        for (int i = 0; i < reported.size(); i++) {
            texts.put(reported.get(i), rendered.get(i));
        }
        // Every tree diff the report needs, computed in parallel; the report is then built in order.
        List<DiffJob> pairs = new ArrayList<>();
        for (Input in : inputs) {
            pairs.add(new DiffJob(runs.get(key(in, config.before(), base)), runs.get(key(in, config.after(), base)),
                    true));
            for (String variant : List.of(config.before(), config.after())) {
                RunRecord ref = runs.get(key(in, variant, base));
                for (long seed : config.seeds().subList(1, config.seeds().size())) {
                    RunRecord other = runs.get(key(in, variant, seed));
                    if (other.evaluated()) {
                        pairs.add(new DiffJob(ref, other, false));
                    }
                }
            }
        }
        List<List<Change>> diffed = pairs.parallelStream().map(DiffJob::diff).toList();
        Map<String, List<Change>> diffs = new java.util.HashMap<>();
        for (int i = 0; i < pairs.size(); i++) {
            diffs.put(key(pairs.get(i).a().spec()) + "\u0001" + key(pairs.get(i).b().spec()), diffed.get(i));
        }
        ObjectNode report = F.objectNode();
        report.put("regrade_audit", 1);
        report.put("before", config.before());
        report.put("after", config.after());
        report.put("judge", config.judge().label());
        ArrayNode seeds = report.putArray("seeds");
        config.seeds().forEach(seeds::add);
        ObjectNode exp = report.putObject("expectations");
        exp.put("source", config.expectations().source());
        exp.put("description", config.expectations().description());
        ObjectNode expScripts = exp.putObject("scripts");
        config.expectations().scripts().forEach((k, v) -> {
            ObjectNode o = expScripts.putObject(k);
            ArrayNode allow = o.putArray("allow");
            v.allow().forEach(allow::add);
            o.put("note", v.note());
        });
        ObjectNode summary = report.putObject("summary");
        ArrayNode comparisons = report.putArray("comparisons");
        ArrayNode unexpected = report.putArray("unexpected");
        ArrayNode determinism = report.putArray("determinism");
        ArrayNode lint = report.putArray("lint");
        ArrayNode crashes = report.putArray("crashes");
        Map<String, String> files = new LinkedHashMap<>();
        Set<String> affected = new LinkedHashSet<>();
        int changedCount = 0;

        for (Input in : inputs) {
            String script = in.script().name();
            RunRecord before = runs.get(key(in, config.before(), base));
            RunRecord after = runs.get(key(in, config.after(), base));
            String beforePath = resultPath(script, config.before(), in.world().kind(), in.world().name());
            String afterPath = resultPath(script, config.after(), in.world().kind(), in.world().name());
            files.put(beforePath, texts.get(before));
            files.put(afterPath, texts.get(after));

            ObjectNode c = comparisons.addObject();
            c.put("script", script);
            c.put("input_kind", in.world().kind());
            c.put("input", in.world().name());
            c.put("description", in.world().description());
            c.set("before", side(before, beforePath));
            c.set("after", side(after, afterPath));
            Double b = before.finalScore();
            Double a = after.finalScore();
            if (a != null && b != null) {
                c.put("delta", a - b);
            } else {
                c.putNull("delta");
            }
            JsonNode beforeTree = ResultJson.treeOf(before.document());
            JsonNode afterTree = ResultJson.treeOf(after.document());
            List<Change> changes = new ArrayList<>();
            if (before.crashed() != after.crashed()) {
                changes.add(new Change(ChangeClass.VERDICT, "outcome", "(run)",
                        before.crashed() ? "crashed" : "scored", after.crashed() ? "crashed" : "scored"));
            }
            if (beforeTree != null && afterTree != null) {
                changes.addAll(diffs.get(key(before.spec()) + "\u0001" + key(after.spec())));
            }
            ArrayNode ch = c.putArray("changes");
            int unexpectedHere = 0;
            int nonDerived = 0;
            for (Change change : changes) {
                boolean ok = change.nodeId().equals("(run)")
                        ? config.expectations().scripts().containsKey(script)
                        : config.expectations().expected(script, change);
                ObjectNode o = changeJson(change);
                o.put("expected", ok);
                ch.add(o);
                if (change.changeClass() != ChangeClass.DERIVED) {
                    nonDerived++;
                }
                if (!ok) {
                    unexpectedHere++;
                    ObjectNode u = unexpected.addObject();
                    u.put("script", script);
                    u.put("input_kind", in.world().kind());
                    u.put("input", in.world().name());
                    u.setAll(changeJson(change));
                }
            }
            boolean changed = nonDerived > 0 || !java.util.Objects.equals(a, b);
            c.put("changed", changed);
            c.put("unexpected", unexpectedHere);
            if (changed) {
                changedCount++;
                affected.add(script);
                ObjectNode trees = c.putObject("trees");
                trees.set("before", beforeTree == null ? F.nullNode() : beforeTree);
                trees.set("after", afterTree == null ? F.nullNode() : afterTree);
            }
            for (RunRecord r : List.of(before, after)) {
                if (r.crashed()) {
                    RunRecord other = r == before ? after : before;
                    ObjectNode o = crashes.addObject();
                    o.put("script", script);
                    o.put("variant", r.spec().variant());
                    o.put("input_kind", in.world().kind());
                    o.put("input", in.world().name());
                    JsonNode rg = r.document().get("regrade");
                    o.put("error_type", rg.get("error_type").asText());
                    o.put("error", rg.get("error").asText());
                    o.put("other_variant", other.spec().variant());
                    o.put("other_outcome", other.crashed() ? "crashed" : "scored");
                    if (other.finalScore() != null) {
                        o.put("other_score", other.finalScore());
                    } else {
                        o.putNull("other_score");
                    }
                }
            }
            for (String variant : List.of(config.before(), config.after())) {
                RunRecord ref = runs.get(key(in, variant, base));
                for (long seed : config.seeds().subList(1, config.seeds().size())) {
                    RunRecord other = runs.get(key(in, variant, seed));
                    if (!other.evaluated()) {
                        continue; // a copy of ref with another hash_seed: no tree can differ
                    }
                    List<Change> d = new ArrayList<>();
                    if (ref.crashed() != other.crashed()) {
                        d.add(new Change(ChangeClass.VERDICT, "outcome", "(run)", ref.crashed() ? "crashed" : "scored",
                                other.crashed() ? "crashed" : "scored"));
                    }
                    d.addAll(diffs.get(key(ref.spec()) + "\u0001" + key(other.spec())));
                    if (!d.isEmpty()) {
                        ObjectNode o = determinism.addObject();
                        o.put("script", script);
                        o.put("variant", variant);
                        o.put("input_kind", in.world().kind());
                        o.put("input", in.world().name());
                        o.put("base_seed", base);
                        o.put("seed", seed);
                        ArrayNode dc = o.putArray("changes");
                        d.forEach(x -> dc.add(changeJson(x)));
                    }
                }
                Set<String> seen = new LinkedHashSet<>();
                for (JsonNode req : ref.document().get("regrade").get("judge_requests")) {
                    String claim = req.path("claim").asText();
                    String node = req.path("node").isNull() ? "" : req.path("node").asText();
                    if (!seen.add(node + "\u0000" + claim)) {
                        continue;
                    }
                    List<PromptLint.Finding> found = PromptLint.check(claim);
                    if (!found.isEmpty()) {
                        ObjectNode o = lint.addObject();
                        o.put("script", script);
                        o.put("variant", variant);
                        o.put("input_kind", in.world().kind());
                        o.put("input", in.world().name());
                        o.put("node", node);
                        o.put("claim", claim);
                        ArrayNode tokens = o.putArray("tokens");
                        found.stream().map(PromptLint.Finding::token).distinct().forEach(tokens::add);
                    }
                }
            }
        }
        summary.put("runs", runs.size());
        summary.put("comparisons", comparisons.size());
        summary.put("changed", changedCount);
        summary.put("unexpected", unexpected.size());
        summary.put("crashes", crashes.size());
        summary.put("determinism", determinism.size());
        summary.put("lint", lint.size());
        report.put("changelog", changelog(affected));
        return new Outcome(report, files, unexpected.size(), evaluated, judgeRequests);
    }

    /**
     * The tree differences of two runs' results. Before against after: none unless both have a tree
     * (a crash is reported as an outcome change instead); across seeds: a missing tree diffs as empty.
     */
    private record DiffJob(RunRecord a, RunRecord b, boolean bothTrees) {
        List<Change> diff() {
            JsonNode ta = ResultJson.treeOf(a.document());
            JsonNode tb = ResultJson.treeOf(b.document());
            return bothTrees && (ta == null || tb == null) ? List.of() : TreeDiff.diff(ta, tb);
        }
    }

    private static ObjectNode side(RunRecord r, String path) {
        ObjectNode o = F.objectNode();
        o.put("variant", r.spec().variant());
        o.put("outcome", r.crashed() ? "crashed" : "scored");
        if (r.crashed()) {
            o.putNull("final_score");
            JsonNode rg = r.document().get("regrade");
            o.put("error_type", rg.get("error_type").asText());
            o.put("error", rg.get("error").asText());
        } else {
            o.put("final_score", r.finalScore());
        }
        o.put("judge_requests", r.document().get("regrade").get("judge_requests").size());
        o.put("result", path);
        return o;
    }

    private static ObjectNode changeJson(Change c) {
        ObjectNode o = F.objectNode();
        o.put("class", c.changeClass().label());
        o.put("kind", c.kind());
        o.put("node", c.nodeId());
        o.put("before", c.before());
        o.put("after", c.after());
        o.put("text", c.describe());
        return o;
    }

    /** The changelog line for the scripts whose scores or trees changed (FIXES.md's wording). */
    static String changelog(Set<String> affected) {
        if (affected.isEmpty()) {
            return "No scoring changes.";
        }
        List<String> names = new ArrayList<>(affected);
        names.sort(String.CASE_INSENSITIVE_ORDER);
        return "Fixed scoring bugs in " + names.size() + " evaluation script" + (names.size() == 1 ? "" : "s") + " ("
                + String.join(", ", names) + "); scores of affected answers change.";
    }
}
