package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay over result files the Mind2Web 2 runner itself wrote ({@code tools/runoracle}: the upstream
 * {@code eval_runner.evaluate_task} over every released scriptoracle case, three answers per agent,
 * under judges that accept, reject by claim and hash the claim; and the "dated" world: the hash judge
 * with every answer evaluated on a day of its own, some across midnight into a new year; zipped byte for
 * byte). Properties over every file: the self-check reproduces it; where no claim changed, the after-tree is the Java port's
 * direct run of the after-variant under the same judge rule; where verdicts are unknown, the direct run's
 * score lies in the interval and the interval's ends are attained by assignments of the unknown verdicts;
 * edited files fail the self-check; and the runner's metrics ({@code generate_result_summary} of the
 * upstream HEAD, run on these files) are {@link AgentMetrics}'s.
 */
class RunnerResultsReplayTest {
    private static final Path RUNNER = RunnerOutput.DIR;
    private static final Path CASES = Paths.get("..", "tools", "scriptoracle", "cases");
    private static final List<String> JUDGES = List.of("accept", "reject", "hash");
    /** The worlds replayed here: the three judges on 2025-10-23, and the hash judge on many days. */
    private static final List<String> WORLDS = List.of("accept", "reject", "hash", "dated");

    @TempDir
    static Path unzipped;
    private static JsonNode inputs;
    private static final Map<String, JsonNode> CASE_FILES = new HashMap<>();

    /**
     * One result file the runner wrote, with what it was written from: its world, the judge's rule, the
     * case, the PYTHONHASHSEED and the day the script's clock read.
     */
    private record Written(String world, String judge, Path file, StoredResult stored, JsonNode caseInput, long seed,
                           LocalDate evalDate) {
        String name() {
            return world + "/" + unzipped.resolve(world).relativize(file);
        }
    }

    private static final List<Written> WRITTEN = new ArrayList<>();

    @BeforeAll
    static void unzip() throws IOException {
        inputs = JsonFiles.parse(Files.readString(RUNNER.resolve("inputs.json")));
        Map<String, String> caseOf = new HashMap<>();
        for (JsonNode a : inputs.get("answers")) {
            caseOf.put(a.get("agent").textValue() + "/" + a.get("task").textValue() + "/" + a.get("answer").textValue(),
                    a.get("case").textValue());
        }
        JsonNode dated = inputs.get("worlds").get("dated");
        for (String world : WORLDS) {
            List<Path> results = RunnerOutput.unzipResults(world + ".zip", unzipped.resolve(world));
            boolean isDated = world.equals("dated");
            String judge = isDated ? dated.get("judge").textValue() : world;
            long seed = (isDated ? dated : inputs.get("judges").get(world)).get("hash_seed").longValue();
            for (Path file : results) {
                StoredResult read = StoredResult.read(file, JsonFiles.parse(Files.readString(file)));
                StoredResult stored = read.withAnswerText(Files.readString(ResultLayout.answerCopy(file, read.answer()).orElseThrow()));
                String caseName = caseOf.get(stored.agent() + "/" + stored.task() + "/" + stored.answer());
                // The dated world's script read its clock 30 s after the stamp (eval_runner's log tag names the answer).
                LocalDate evalDate = isDated ? LocalDateTime.parse(dated.get("script_now")
                        .get(stored.task() + "_" + stored.agent() + "_" + stored.answer()).textValue()).toLocalDate()
                        : EvalClock.DEFAULT_DATE;
                WRITTEN.add(new Written(world, judge, file, stored, caseFile(stored.task()).get(caseName), seed, evalDate));
            }
        }
    }

    private static JsonNode caseFile(String task) {
        return CASE_FILES.computeIfAbsent(task, t -> {
            try {
                return JsonFiles.parse(Files.readString(CASES.resolve(t + ".json")));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void theRunnerWroteResultsOfEveryPortedTaskUnderEveryJudge() {
        assertEquals(699, WRITTEN.stream().filter(w -> JUDGES.contains(w.world())).count(),
                "result files the runner wrote (the cases whose released script raises have none)");
        Map<String, Integer> perTask = new TreeMap<>();
        WRITTEN.forEach(w -> perTask.merge(w.world() + " " + w.stored().task(), 1, Integer::sum));
        assertEquals(WORLDS.size() * RubricScripts.all().size(), perTask.size(), "world × task");
        perTask.forEach((k, n) -> assertTrue(n >= 10, k + ": " + n));
        // The dated world: days of their own, and county_AQI answers whose run crossed midnight into a new year.
        List<Written> dated = WRITTEN.stream().filter(w -> w.world().equals("dated")).toList();
        assertTrue(dated.stream().map(Written::evalDate).distinct().count() > 100, "distinct evaluation days");
        assertTrue(dated.stream().filter(w -> !ResultLayout.fileDate(w.file()).orElseThrow().equals(w.evalDate())).count() >= 5,
                "runs that crossed midnight");
    }

    @Test
    void theEvaluationDateIsTheFileNamesOrFoundWhereTheRunCrossedMidnight() {
        Replayer same = new Replayer(RubricScripts::byName, "released", "released");
        List<String> failures = new ArrayList<>();
        int searched = 0;
        for (Written w : WRITTEN) {
            if (!w.world().equals("dated") || !w.stored().task().equals("county_AQI")) {
                continue;
            }
            ReplayResult r = same.replay(w.stored());
            if (r.status() == Status.REPLAYED && r.evalDate() == null) {
                continue; // a tree that never reached the year check: the date does not matter
            }
            boolean crossed = !ResultLayout.fileDate(w.file()).orElseThrow().equals(w.evalDate());
            check(failures, w, r.status() == Status.REPLAYED && w.evalDate().toString().equals(r.evalDate())
                    && (crossed ? r.dateSource().startsWith("the nearest date to ") : r.dateSource().equals("from the file name")),
                    r.status() + " " + r.reason() + " under " + r.evalDate() + " (" + r.dateSource() + "), the script's "
                    + w.evalDate());
            searched += crossed ? 1 : 0;
        }
        assertEquals(List.of(), failures);
        assertTrue(searched >= 5, "crossed midnight " + searched);
    }

    @Test
    void theSelfCheckReproducesEveryFileAndTheSameVariantChangesNothing() {
        Replayer same = new Replayer(RubricScripts::byName, "released", "released");
        List<String> failures = new ArrayList<>();
        for (Written w : WRITTEN) {
            ReplayResult r = same.replay(w.stored());
            check(failures, w, r.status() == Status.REPLAYED && r.exact() && w.stored().finalScore().equals(r.afterMin())
                    && r.changedNodes().isEmpty() && w.stored().tree().equals(r.afterTree()), r.status() + " " + r.reason());
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void theReplayedAfterScoreIsTheDirectRunsOrBracketsItTightly() {
        Replayer toFixed = new Replayer(RubricScripts::byName, "released", "fixed");
        List<String> failures = new ArrayList<>();
        int exact = 0;
        int intervals = 0;
        int attained = 0;
        int newExtractions = 0;
        for (Written w : WRITTEN) {
            ReplayResult r = toFixed.replay(w.stored());
            if (r.status() == Status.NEEDS_MODEL) {
                // The after-variant asks what the before-variant never did: no score without the model, and with
                // it (the case's extractions and the judge's rule, as the runner's client) the direct run's.
                newExtractions++;
                check(failures, w, r.afterMin() == null && !r.unknownExtractions().isEmpty()
                        && r.reason().contains(r.unknownExtractions().get(0)), "needs-model: " + r);
                CaseModel model = new CaseModel(w.caseInput().get("extractions"), q -> verdict(w.judge(), w.caseInput(), q));
                ReplayResult asked = toFixed.withModelForUnknowns(model).replay(w.stored());
                Direct truth = direct(w, Map.of());
                check(failures, w, asked.status() == Status.REPLAYED && asked.exact() && model.extractionsAsked > 0
                        && (truth.crash() == null ? truth.tree().equals(asked.afterTree()) && truth.score().equals(asked.afterMin())
                        : truth.crash().equals(asked.afterError())), "with the model: " + asked.afterMin() + " "
                        + asked.afterError() + ", direct " + truth.score() + " " + truth.crash());
                continue;
            }
            if (r.status() != Status.REPLAYED) {
                check(failures, w, r.status() == Status.SKIPPED && (w.stored().task().equals("ikea_shopping_list")
                        || r.reason().contains("maps tool")), r.status() + " " + r.reason());
                continue;
            }
            Direct truth = direct(w, Map.of());
            if (r.exact()) {
                exact++;
                check(failures, w, truth.crash() == null ? truth.tree().equals(r.afterTree()) && truth.score().equals(r.afterMin())
                        : truth.crash().equals(r.afterError()), "exact after-tree differs from the direct run (direct "
                        + truth.score() + " " + truth.crash() + ", replayed " + r.afterMin() + " " + r.afterError() + ")");
                continue;
            }
            intervals++;
            check(failures, w, truth.crash() != null || r.afterMin() <= truth.score() && truth.score() <= r.afterMax(),
                    "direct " + truth.score() + " outside [" + r.afterMin() + ", " + r.afterMax() + "]");
            // Tight: each end is the direct run's score under some assignment of the unknown verdicts.
            List<String> unknownNodes = r.unknownClaims().stream().map(c -> c.substring(0, c.indexOf(": "))).toList();
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            List<Map<String, Boolean>> assignments = r.enumerated() ? allAssignments(unknownNodes)
                    : List.of(constant(unknownNodes, false), constant(unknownNodes, true));
            for (Map<String, Boolean> a : assignments) {
                Direct d = direct(w, a);
                if (d.crash() == null) {
                    low = Math.min(low, d.score());
                    high = Math.max(high, d.score());
                }
            }
            check(failures, w, r.afterMin() == low && r.afterMax() == high, "interval [" + r.afterMin() + ", "
                    + r.afterMax() + "], direct runs over the unknown verdicts [" + low + ", " + high + "]");
            attained++;
        }
        assertEquals(List.of(), failures);
        assertTrue(exact > 300, "exact " + exact);
        assertTrue(intervals > 50, "intervals " + intervals);
        assertTrue(attained == intervals, "attained " + attained);
        assertTrue(newExtractions > 0 && newExtractions < 100, "with new extractions " + newExtractions);
    }

    @Test
    void gasStationsReplaysOverTheLegsItsRoundingAllowsAndIsTheDirectRun() {
        Replayer toFixed = new Replayer(RubricScripts::byName, "released", "fixed");
        List<String> failures = new ArrayList<>();
        int replayed = 0;
        int withLegs = 0;
        for (Written w : WRITTEN) {
            if (!w.stored().task().equals("gas_stations")) {
                continue;
            }
            ReplayResult r = toFixed.replay(w.stored());
            Direct truth = direct(w, Map.of());
            // Every stored run of the fixed gas_stations variant decides the last leg's new comparison (see
            // RoundedLegsReplayTest for intervals): exact, and the direct run's tree.
            check(failures, w, r.status() == Status.REPLAYED && r.exact() && !r.bound() && truth.tree().equals(r.afterTree())
                    && truth.score().equals(r.afterMin()), r.status() + " " + r.reason() + " " + r.afterMin() + ", direct "
                    + truth.score());
            replayed++;
            withLegs += w.caseInput().path("maps").size() > 1 ? 1 : 0;
        }
        assertEquals(List.of(), failures);
        assertTrue(replayed >= 50, "replayed " + replayed);
        assertTrue(withLegs > 40, "with a station's leg " + withLegs);
    }

    @Test
    void everyKindOfEditFailsTheSelfCheck() throws IOException {
        Replayer same = new Replayer(RubricScripts::byName, "released", "released");
        Map<String, Integer> caught = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        Map<String, Edit> edits = new LinkedHashMap<>();
        edits.put("a leaf's verdict turned over", doc -> flipFirstLeaf(tree(doc)));
        edits.put("a description changed", doc -> ((ObjectNode) tree(doc)).put("desc", tree(doc).get("desc").textValue() + " (edited)"));
        edits.put("final_score changed", doc -> ((ObjectNode) doc).put("final_score",
                doc.get("final_score").doubleValue() == 1.0 ? 0.5 : 1.0));
        edits.put("the last info record removed", doc -> {
            ArrayNode info = (ArrayNode) doc.get("eval_breakdown").get(0).get("info");
            info.remove(info.size() - 1); // an extraction the run requests, or a custom info it records
        });
        edits.put("a node removed", doc -> {
            ArrayNode children = (ArrayNode) tree(doc).get("children");
            children.remove(children.size() - 1);
        });
        for (Written w : WRITTEN) {
            JsonNode original = JsonFiles.parse(Files.readString(w.file()));
            ReplayResult unedited = same.replay(w.stored());
            if (unedited.status() != Status.REPLAYED || unedited.hashSeed() != null) {
                continue; // skipped (a maps distance), and a seed-reading tree would first search every seed
            }
            for (Map.Entry<String, Edit> e : edits.entrySet()) {
                JsonNode doc = original.deepCopy();
                if (e.getKey().contains("info") && doc.get("eval_breakdown").get(0).get("info").isEmpty()
                        || e.getKey().contains("node removed") && tree(doc).get("children").isEmpty()) {
                    continue;
                }
                e.getValue().apply(doc);
                StoredResult edited = StoredResult.read(w.file(), doc).withAnswerText(w.stored().answerText());
                ReplayResult r = same.replay(edited);
                check(failures, w, r.status() == Status.MISMATCH, e.getKey() + ": " + r.status() + " " + r.reason());
                caught.merge(e.getKey(), 1, Integer::sum);
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(edits.keySet(), caught.keySet());
        caught.forEach((k, n) -> assertTrue(n > 100, k + ": " + n));
    }

    @Test
    void agentMetricsAreTheRunnersGenerateResultSummary() throws IOException {
        int agents = 0;
        for (String world : WORLDS) {
            Map<String, List<AgentMetrics.Scored>> byAgent = new TreeMap<>();
            WRITTEN.stream().filter(w -> w.world().equals(world)).forEach(w -> byAgent.computeIfAbsent(w.stored().agent(),
                    k -> new ArrayList<>()).add(new AgentMetrics.Scored(w.stored().task(), w.stored().answer(),
                    w.stored().finalScore())));
            for (Map.Entry<String, List<AgentMetrics.Scored>> e : byAgent.entrySet()) {
                JsonNode summary = JsonFiles.parse(Files.readString(unzipped.resolve(world).resolve(e.getKey()).resolve("summary.json")));
                AgentMetrics m = AgentMetrics.of(e.getKey(), e.getValue());
                String at = world + "/" + e.getKey();
                assertEquals(summary.get("num_tasks").intValue(), m.tasks(), at + " num_tasks");
                int runs = summary.get("num_runs").intValue();
                assertEquals(runs, m.runs(), at + " num_runs");
                assertEquals(summary.get("avg_score").doubleValue(), m.avgScore(), 0.0, at + " avg_score");
                assertEquals(summary.get("avg_score_std").doubleValue(), m.avgScoreStd(), 0.0, at + " avg_score_std");
                assertEquals(summary.get("success_rate").doubleValue(), m.successRate(), 0.0, at + " success_rate");
                assertEquals(summary.get("success_rate_std").doubleValue(), m.successStd(), 0.0, at + " success_rate_std");
                assertEquals(summary.get("pass_at_" + runs).doubleValue(), m.passAtK(), 0.0, at + " pass@k");
                Map<String, Double> perRun = new TreeMap<>();
                summary.get("per_run").fields().forEachRemaining(f -> perRun.put(f.getKey(), f.getValue().get("avg_score").doubleValue()));
                assertEquals(perRun, m.perRun(), at + " per_run");
                agents++;
            }
        }
        assertTrue(agents > 20, "agents " + agents);
    }

    // ---- the Java port's direct run, as the runner's scripted world -----------------------------

    private record Direct(ResultNode tree, Double score, String crash) {
    }

    /**
     * The after-variant run directly on the case (its extractions, every page present, the maps rows),
     * the verdicts by the judge's rule except the nodes given, whose verdicts are assigned.
     */
    private static Direct direct(Written w, Map<String, Boolean> assigned) {
        JsonNode c = w.caseInput();
        JsonNode extractions = c.get("extractions");
        EvaluationContext ctx = EvaluationContext.of(w.stored().answerText())
                .withNames(w.stored().agent(), w.stored().answer())
                .withHashSeed(w.seed())
                .withClock(new EvalClock(w.evalDate()))
                .withJudge(r -> new JudgeReply("scripted verdict", assigned.containsKey(r.nodeId())
                        ? assigned.get(r.nodeId()) : verdict(w.judge(), c, r)))
                .withExtractor(r -> {
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v.deepCopy();
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of("c3R1Yi1zY3JlZW5zaG90"))))
                .withMaps((a, b, mode) -> {
                    for (JsonNode row : c.path("maps")) {
                        if (row.get(0).textValue().equals(a) && row.get(1).textValue().equals(b)) {
                            JsonNode v = row.get(2);
                            if (v.isObject()) {
                                throw new RuntimeException(v.get("raise").textValue());
                            }
                            return v.isInt() ? (Object) v.intValue() : v.textValue();
                        }
                    }
                    throw new IllegalStateException("no maps row for " + a + " -> " + b);
                });
        Evaluator evaluator = new Evaluator(ctx);
        try {
            RubricScripts.byName(w.stored().task()).orElseThrow().evaluate(evaluator, "fixed");
            ResultSummary s = ResultSummary.of(evaluator);
            return new Direct(s.tree().orElse(null), s.finalScore(), null);
        } catch (PyException e) {
            return new Direct(null, null, e.pythonType() + ": " + e.pythonMessage());
        }
    }

    /** tools/runoracle's judges: accept; reject (the case's table, else its default); hash (SHA-256's first byte even). */
    static boolean verdict(String judge, JsonNode c, JudgeRequest r) {
        switch (judge) {
            case "accept":
                return true;
            case "reject":
                JsonNode table = c.get("judge").path("table");
                return table.has(r.claim()) ? table.get(r.claim()).booleanValue() : c.get("judge").path("default").asBoolean(true);
            default:
                try {
                    byte first = MessageDigest.getInstance("SHA-256").digest(r.claim().getBytes(StandardCharsets.UTF_8))[0];
                    return (first & 1) == 0;
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
        }
    }

    private static List<Map<String, Boolean>> allAssignments(List<String> nodes) {
        List<Map<String, Boolean>> out = new ArrayList<>();
        for (int bits = 0; bits < 1 << nodes.size(); bits++) {
            Map<String, Boolean> a = new HashMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                a.put(nodes.get(i), (bits >> i & 1) == 1);
            }
            out.add(a);
        }
        return out;
    }

    private static Map<String, Boolean> constant(List<String> nodes, boolean v) {
        Map<String, Boolean> a = new HashMap<>();
        nodes.forEach(n -> a.put(n, v));
        return a;
    }

    // ---- edits ----------------------------------------------------------------------------------

    private interface Edit {
        void apply(JsonNode doc);
    }

    private static JsonNode tree(JsonNode doc) {
        return doc.get("eval_breakdown").get(0).get("verification_tree");
    }

    /** The first leaf's status turned over (passed ↔ failed) with its score. */
    private static void flipFirstLeaf(JsonNode node) {
        JsonNode children = node.get("children");
        if (children != null && !children.isEmpty()) {
            flipFirstLeaf(children.get(0));
            return;
        }
        boolean pass = !"passed".equals(node.get("status").textValue());
        ((ObjectNode) node).put("status", pass ? "passed" : "failed").put("score", pass ? 1.0 : 0.0);
    }

    private static void check(List<String> failures, Written w, boolean ok, String message) {
        if (!ok) {
            failures.add(w.name() + ": " + message);
        }
    }
}
