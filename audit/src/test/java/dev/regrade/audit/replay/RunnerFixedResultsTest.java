package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay against the upstream fixed scripts' own results ({@code tools/runoracle}: for every world the
 * runner evaluated the same answers twice, under the same judge, PYTHONHASHSEED and clock, once with the
 * released scripts ({@code <world>.zip}) and once with the fixed ones ({@code <world>.fixed.zip})). Each
 * stored result replayed under the other variant must give what the runner wrote with that variant: an
 * exact score is its score (and its tree), an interval holds it, a crash is a run that wrote nothing, and
 * an extraction the stored run never made is {@code needs-model} and, answered as the runner's client
 * answered it, the exact result. The legs world (gas_stations answers whose legs lie within 0.05 mile of
 * the script's thresholds) is replayed over the legs' rounding: each interval's ends are the lowest and
 * highest scores the upstream script gives over leg values that reproduce the stored tree
 * ({@code legs-bounds.json}), and an exact score is the only one they give.
 */
class RunnerFixedResultsTest {
    private static final Path RUNNER = RunnerOutput.DIR;
    private static final Path CASES = Paths.get("..", "tools", "scriptoracle", "cases");
    private static final List<String> WORLDS = List.of("accept", "reject", "hash", "dated", "legs");
    private static final List<String> VARIANTS = List.of("released", "fixed");

    @TempDir
    static Path unzipped;
    private static JsonNode inputs;
    private static JsonNode legsBounds;
    /** world → variant → "agent/task/answer" → the result the runner wrote (absent: the script raised). */
    private static final Map<String, Map<String, Map<String, StoredResult>>> WRITTEN = new LinkedHashMap<>();
    /** world → "agent/task/answer" → its case. */
    private static final Map<String, Map<String, JsonNode>> CASE_OF = new LinkedHashMap<>();

    @BeforeAll
    static void unzip() throws IOException {
        inputs = JsonFiles.parse(Files.readString(RUNNER.resolve("inputs.json")));
        legsBounds = JsonFiles.parse(Files.readString(RUNNER.resolve("legs-bounds.json")));
        JsonNode legsCases = JsonFiles.parse(Files.readString(RUNNER.resolve("legs-cases.json")));
        Map<String, JsonNode> caseFiles = new HashMap<>();
        Map<String, JsonNode> released = new LinkedHashMap<>();
        for (JsonNode a : inputs.get("answers")) {
            String task = a.get("task").textValue();
            JsonNode file = caseFiles.computeIfAbsent(task, t -> read(CASES.resolve(t + ".json")));
            released.put(key(a), file.get(a.get("case").textValue()));
        }
        Map<String, JsonNode> legs = new LinkedHashMap<>();
        for (JsonNode a : inputs.get("worlds").get("legs").get("answers")) {
            legs.put(key(a), legsCases.get(a.get("case").textValue()));
        }
        for (String world : WORLDS) {
            CASE_OF.put(world, world.equals("legs") ? legs : released);
            for (String variant : VARIANTS) {
                Path root = unzipped.resolve(world + "-" + variant);
                List<Path> results = RunnerOutput.unzipResults(world + (variant.equals("released") ? ".zip" : ".fixed.zip"), root);
                Map<String, StoredResult> byAnswer = new TreeMap<>();
                for (Path file : results) {
                    StoredResult read = StoredResult.read(file, JsonFiles.parse(Files.readString(file)));
                    byAnswer.put(read.agent() + "/" + read.task() + "/" + read.answer(), read.withAnswerText(
                            Files.readString(ResultLayout.answerCopy(file, read.answer()).orElseThrow())));
                }
                WRITTEN.computeIfAbsent(world, w -> new LinkedHashMap<>()).put(variant, byAnswer);
            }
        }
    }

    private static String key(JsonNode answer) {
        return answer.get("agent").textValue() + "/" + answer.get("task").textValue() + "/" + answer.get("answer").textValue();
    }

    private static JsonNode read(Path p) {
        try {
            return JsonFiles.parse(Files.readString(p));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String judgeOf(String world) {
        return switch (world) {
            case "dated", "legs" -> inputs.get("worlds").get(world).get("judge").textValue();
            default -> world;
        };
    }

    @Test
    void everyWorldWasWrittenWithBothVariants() {
        for (String world : WORLDS) {
            int released = WRITTEN.get(world).get("released").size();
            int fixed = WRITTEN.get(world).get("fixed").size();
            assertTrue(released >= 36 && fixed >= 36, world + ": " + released + " released, " + fixed + " fixed results");
        }
        assertEquals(699, WORLDS.subList(0, 3).stream().mapToInt(w -> WRITTEN.get(w).get("released").size()).sum());
    }

    @Test
    void everyReplayIsWhatTheOtherVariantsRunWrote() {
        List<String> failures = new ArrayList<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (String world : WORLDS) {
            for (String before : VARIANTS) {
                String after = before.equals("released") ? "fixed" : "released";
                Replayer replayer = new Replayer(RubricScripts::byName, before, after);
                Map<String, StoredResult> truths = WRITTEN.get(world).get(after);
                for (Map.Entry<String, StoredResult> e : WRITTEN.get(world).get(before).entrySet()) {
                    String at = world + " " + before + "→" + after + " " + e.getKey();
                    StoredResult truth = truths.get(e.getKey());
                    ReplayResult r = replayer.replay(e.getValue());
                    String outcome = outcome(r, truth, world, e.getKey(), replayer, before + "→" + after);
                    counts.merge(world + " " + before + "→" + after + " " + outcome.split(":")[0], 1, Integer::sum);
                    if (outcome.startsWith("wrong")) {
                        failures.add(at + ": " + outcome);
                    }
                }
            }
        }
        assertEquals(List.of(), failures, counts.toString());
        int exact = counts.entrySet().stream().filter(c -> c.getKey().endsWith(" exact")).mapToInt(Map.Entry::getValue).sum();
        int intervals = counts.entrySet().stream().filter(c -> c.getKey().endsWith(" interval")).mapToInt(Map.Entry::getValue).sum();
        int raises = counts.entrySet().stream().filter(c -> c.getKey().endsWith(" raises")).mapToInt(Map.Entry::getValue).sum();
        int needsModel = counts.entrySet().stream().filter(c -> c.getKey().endsWith(" needs-model")).mapToInt(Map.Entry::getValue).sum();
        assertTrue(exact > 1000 && intervals > 50 && raises > 0 && needsModel > 0, counts.toString());
        assertEquals(0, counts.entrySet().stream().filter(c -> c.getKey().startsWith("legs") && c.getKey().endsWith(" skipped"))
                .mapToInt(Map.Entry::getValue).sum(), "legs answers skipped: " + counts);
    }

    /** How the replay compares with the run the other variant wrote: "exact", "interval", …, or "wrong: …". */
    private static String outcome(ReplayResult r, StoredResult truth, String world, String key, Replayer replayer,
                                  String direction) {
        JsonNode c = CASE_OF.get(world).get(key);
        switch (r.status()) {
            case MISMATCH:
                return "wrong: the self-check failed: " + r.reason();
            case SKIPPED:
                // Only where the replay cannot bound the score: ikea's score is not monotone in its verdicts.
                return r.task().equals("ikea_shopping_list") ? "skipped" : "wrong: skipped (" + r.reason() + ")";
            case NEEDS_MODEL:
                CaseModel model = new CaseModel(c.get("extractions"),
                        q -> RunnerResultsReplayTest.verdict(judgeOf(world), c, q));
                ReplayResult asked = replayer.withModelForUnknowns(model).replay(storedOf(r, world, key));
                String with = outcome(asked, truth, world, key, replayer, direction);
                return with.startsWith("wrong") || r.afterMin() != null ? "wrong: needs-model (" + r.reason() + "), then " + with
                        : "needs-model";
            default:
                break;
        }
        if (truth == null) { // the other variant raised: the runner wrote nothing
            return r.afterError() != null ? "raises" : "wrong: the other variant raised, the replay gives "
                    + r.afterMin() + "–" + r.afterMax();
        }
        if (r.afterMin() == null) {
            return "wrong: the replay raises (" + r.afterError() + "), the other variant wrote " + truth.finalScore();
        }
        double score = truth.finalScore();
        JsonNode bounds = world.equals("legs") ? legsBounds.get(caseName(key)).get(direction) : null;
        if (r.seedsSampled() > 0 && (r.exact() || r.hashSeed() != null)) {
            return "wrong: stated over a sample of seeds, but exact or under a recovered seed";
        }
        if (r.exact()) {
            if (r.afterMin() != score || r.afterTree() != null && !r.afterTree().equals(truth.tree())
                    || r.afterTree() == null && !r.task().equals("gas_stations")) {
                return "wrong: exact " + r.afterMin() + (r.afterTree() == null ? " (no tree)" : "") + ", the run wrote "
                        + score + (r.afterTree() != null && !r.afterTree().equals(truth.tree()) ? " and another tree" : "");
            }
            if (bounds != null && (bounds.get("low").doubleValue() != score || bounds.get("high").doubleValue() != score)) {
                return "wrong: exact " + score + ", but leg values reproducing the stored tree score ["
                        + bounds.get("low") + ", " + bounds.get("high") + "]";
            }
            return "exact";
        }
        if (!(r.afterMin() <= score && score <= r.afterMax())) {
            return "wrong: the run wrote " + score + ", outside [" + r.afterMin() + ", " + r.afterMax() + "]";
        }
        if (bounds != null) {
            double low = bounds.get("low").doubleValue();
            double high = bounds.get("high").doubleValue();
            boolean ok = r.bound() ? r.afterMin() <= low && high <= r.afterMax() : r.afterMin() == low && r.afterMax() == high;
            if (!ok) {
                return "wrong: " + (r.bound() ? "bound" : "interval") + " [" + r.afterMin() + ", " + r.afterMax()
                        + "], leg values reproducing the stored tree attain [" + low + ", " + high + "]";
            }
        }
        return r.seedsSampled() > 0 ? "over-seeds" : "interval";
    }

    private static StoredResult storedOf(ReplayResult r, String world, String key) {
        for (String variant : VARIANTS) {
            StoredResult s = WRITTEN.get(world).get(variant).get(key);
            if (s != null && s.file().equals(r.file())) {
                return s;
            }
        }
        throw new IllegalStateException("no stored result " + r.file());
    }

    private static String caseName(String key) {
        for (JsonNode a : inputs.get("worlds").get("legs").get("answers")) {
            if (key(a).equals(key)) {
                return a.get("case").textValue();
            }
        }
        throw new IllegalStateException("no legs answer " + key);
    }
}
