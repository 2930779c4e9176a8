package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The replay's properties over every script × input Regrade can run (the four policies and every
 * shipped fixture): the self-check reproduces each stored tree; replayed under its own variant a
 * result is exact and unchanged; replayed under the fixed variant, the direct run's score lies in
 * the interval (and is it when the replay is exact); an edited result fails the self-check.
 */
class ReplayerTest {
    private static final Replayer TO_FIXED = new Replayer(RubricScripts::byName, "released", "fixed");
    private static final Replayer TO_RELEASED = new Replayer(RubricScripts::byName, "released", "released");

    private record Case(RubricScript script, World world) {
        @Override
        public String toString() {
            return script.name() + "/" + world.name();
        }
    }

    private static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (RubricScript s : RubricScripts.all()) {
            Policies.all().forEach(p -> out.add(new Case(s, p)));
            Path dir = Paths.get("..", "fixtures", s.name());
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.toString().endsWith(".json")).sorted()
                            .forEach(f -> out.add(new Case(s, Fixture.load(f))));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return out;
    }

    private static RunRecord run(Case c, String variant, long seed) {
        try (Runner runner = new Runner()) {
            return runner.run(new RunSpec(c.script(), variant, c.world(), null, seed), JudgeMode.IN_PROCESS);
        }
    }

    private static StoredResult stored(JsonNode doc) {
        return StoredResult.read(Paths.get("result.json"), doc);
    }

    @Test
    void everyResultReplaysExactlyUnderItsOwnVariantAndWithinTheIntervalUnderTheFixedOne() {
        int replayed = 0;
        int inexact = 0;
        int withUnknownExtractions = 0;
        for (Case c : cases()) {
            RunRecord before = run(c, "released", 0);
            StoredResult stored = stored(ResultJson.toJson(before.document()));
            ReplayResult same = TO_RELEASED.replay(stored);
            if (before.crashed()) {
                assertEquals(Status.SKIPPED, same.status(), c.toString());
                continue;
            }
            if (c.script().name().equals("gas_stations") && same.status() == Status.SKIPPED) {
                fail(c + ": gas_stations' legs are replayed over their rounding: " + same.reason());
            }
            assertEquals(Status.REPLAYED, same.status(), c + ": " + same.reason());
            assertTrue(same.exact(), c + ": " + same.unknownClaims());
            assertEquals(before.document().finalScore(), same.afterMin(), c.toString());
            assertEquals(List.of(), same.changedNodes(), c.toString());
            replayed++;

            ReplayResult fixed = TO_FIXED.replay(stored);
            RunRecord direct = run(c, "fixed", 0);
            if (fixed.status() == Status.NEEDS_MODEL) {
                // Only the model knows an extraction the stored run never made: no score, the extractions named.
                withUnknownExtractions++;
                assertFalse(fixed.unknownExtractions().isEmpty(), c.toString());
                assertNull(fixed.afterMin(), c.toString());
                assertTrue(fixed.reason().contains(fixed.unknownExtractions().get(0)), fixed.reason());
                // With the model (here the world that wrote the run, as the endpoint) the score is exact.
                ReplayResult asked = TO_FIXED.withModelForUnknowns(new Model(c)).replay(stored);
                assertEquals(Status.REPLAYED, asked.status(), c + ": " + asked.reason());
                assertTrue(asked.exact() && asked.judgeCalls() > 0, c.toString());
                if (direct.crashed()) {
                    assertNotNull(asked.afterError(), c.toString());
                } else {
                    assertEquals(direct.document().finalScore(), asked.afterMin(), c.toString());
                }
                continue;
            }
            assertEquals(Status.REPLAYED, fixed.status(), c.toString());
            if (direct.crashed()) {
                assertNotNull(fixed.afterError(), c.toString());
                continue;
            }
            double truth = direct.document().finalScore();
            if (fixed.exact()) {
                assertEquals(truth, fixed.afterMin(), c.toString());
            } else {
                inexact++;
                assertNotNull(fixed.afterMin(), c.toString());
                assertTrue(fixed.afterMin() <= truth && truth <= fixed.afterMax(),
                        c + ": " + truth + " outside [" + fixed.afterMin() + ", " + fixed.afterMax() + "]");
            }
        }
        assertTrue(replayed > 40, "replayed " + replayed);
        assertTrue(inexact > 0, "some fix changes a prompt, so some replay has unknown verdicts");
        assertTrue(withUnknownExtractions > 0, "popular_ai_books fixed extracts other titles");
    }

    @Test
    void anEditedResultFailsTheSelfCheckNamingTheNode() {
        Case c = new Case(RubricScripts.byName("ikea_shopping_list").orElseThrow(), Policies.FULL);
        ObjectNode doc = ResultJson.toJson(run(c, "released", 0).document());
        ObjectNode leaf = firstLeaf(doc.get("eval_breakdown").get(0).get("verification_tree"));
        leaf.put("status", leaf.get("status").asText().equals("passed") ? "failed" : "passed");
        leaf.put("score", leaf.get("status").asText().equals("passed") ? 1.0 : 0.0);
        ReplayResult r = TO_FIXED.replay(stored(doc));
        assertEquals(Status.MISMATCH, r.status());
        assertTrue(r.reason().startsWith("first differing node: "), r.reason());
        assertNull(r.afterMin());
    }

    @Test
    void theHashSeedOfAStoredSetOrderIsRecovered() {
        Case c = new Case(RubricScripts.byName("popular_ai_books").orElseThrow(), Policies.FULL);
        ObjectNode doc = ResultJson.toJson(run(c, "released", 7).document());
        ObjectNode atZero = ResultJson.toJson(run(c, "released", 0).document());
        assertFalse(doc.get("eval_breakdown").equals(atZero.get("eval_breakdown")), "the tree depends on the seed");
        doc.remove("regrade"); // as the Python runner writes it: no seed stored
        Path file = Paths.get("eval_results", "agent", "popular_ai_books", "a1", "results", "t_a1.json");
        ReplayResult r = TO_FIXED.replay(StoredResult.read(file, doc));
        assertEquals(Status.NEEDS_MODEL, r.status(), r.reason()); // the fixed variant reads other titles' details
        assertEquals("popular_ai_books", r.task());
        assertNotNull(r.hashSeed());
        ReplayResult same = TO_RELEASED.replay(StoredResult.read(file, doc));
        assertEquals(doc.get("final_score").doubleValue(), same.afterMin());
    }

    /** The model behind --judge-url, played by the world that wrote the run: its judge and its extractor. */
    private static final class Model implements dev.regrade.rubric.port.Judge, dev.regrade.rubric.port.Extractor {
        private final dev.regrade.rubric.port.Judge judge;
        private final dev.regrade.rubric.port.Extractor extractor;

        Model(Case c) {
            this.judge = new dev.regrade.judge.InProcessJudge(c.world().verdictRules());
            this.extractor = c.world().extractor(c.script().name());
        }

        @Override
        public dev.regrade.rubric.port.JudgeReply judge(dev.regrade.rubric.port.JudgeRequest request) {
            return judge.judge(request);
        }

        @Override
        public JsonNode extract(dev.regrade.rubric.port.ExtractionRequest request) {
            return extractor.extract(request);
        }
    }

    private static ObjectNode firstLeaf(JsonNode node) {
        JsonNode children = node.get("children");
        return children == null || children.isEmpty() ? (ObjectNode) node : firstLeaf(children.get(0));
    }
}
