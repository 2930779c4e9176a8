package dev.regrade.audit.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policy;
import dev.regrade.policies.SchemaCheck;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.PageVisit;
import dev.regrade.rubric.port.VerdictRules;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code regrade fixture init}: one run of a Python script under a policy, written as the fixture that
 * reproduces it, for a reviewer to edit. The fixture names the policy as its fallback and its judge
 * rules as the judge's, the run's evaluation date and hash seed, the answer text, every distance the
 * maps tool gave, and every extraction the script made with the record it was answered: under
 * {@code extractions} when the record fits the request's schema, under {@code malformed_extractions}
 * when it does not (the {@code empty} policy's nulls for fields that allow none), and left to the
 * fallback policy when one name was answered with different records (the fixture answers by name: one
 * record each; the policy, answering from each request's schema, gives those records again). Pages
 * are not written: the generated ones are those of the same seed. Under {@code observed}
 * ({@link Fixture#OBSERVED}, ignored by the run) it lists every URL visited, every claim judged (node
 * id, claim, verdict) and every extraction name with how it was written.
 */
public final class FixtureInit {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /**
     * The drafted fixture and the run it came from.
     *
     * @param fixture the fixture document
     * @param run     the run under the policy
     */
    public record Draft(ObjectNode fixture, RunRecord run) {
        /** How many extraction names went to {@code section} (extractions, malformed_extractions). */
        public int count(String section) {
            return fixture.path(section).size();
        }
    }

    private FixtureInit() {
    }

    /**
     * Runs {@code <task>.py} of {@code scriptsDir} once and drafts its fixture.
     *
     * @param scriptsLabel how the scripts directory is named in the description (as the user gave it)
     */
    public static Draft draft(String python, Path checkout, Path scriptsDir, String scriptsLabel, String task,
                              Policy policy, LocalDate evalDate, long seed) {
        Path script = scriptsDir.resolve(task + ".py");
        if (!Files.isRegularFile(script)) {
            List<String> tasks = Files.isDirectory(scriptsDir) ? PythonScripts.common(scriptsDir) : List.of();
            throw new BadInputException("--script " + task + ": no " + task + ".py in " + scriptsLabel
                    + DidYouMean.suffix(task, tasks));
        }
        String variant = "init"; // one run: the label names nothing
        PythonSetup setup = PythonSetup.of(python, checkout, Map.of(variant, scriptsDir), Map.of(variant, "--scripts"));
        RecordingWorld world = new RecordingWorld(policy);
        RunRecord run;
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
             PythonRunner runner = new PythonRunner(setup, server)) {
            run = runner.run(new RunSpec(PythonScripts.script(task), variant, world, evalDate, seed));
        }
        return new Draft(fixture(task, scriptsLabel, policy, run, world), run);
    }

    private static ObjectNode fixture(String task, String scriptsLabel, Policy policy, RunRecord run,
                                      RecordingWorld world) {
        var meta = run.document().regrade();
        ObjectNode f = F.objectNode();
        f.put("script", task);
        f.put("description", "Drafted by regrade fixture init from one run of " + task + ".py of " + scriptsLabel
                + " under the '" + policy.name() + "' policy (evaluation date " + meta.evalDate() + ", hash seed "
                + meta.hashSeed() + "): every extraction it made, answered as that policy answered it. Edit it "
                + "to exercise your change.");
        f.put("answer", policy.answer(task));
        f.put("fallback_policy", policy.name());
        f.set("judge", judge(policy.verdictRules()));
        f.put("eval_date", meta.evalDate());
        f.put("hash_seed", meta.hashSeed());

        ObjectNode extractions = F.objectNode();
        ObjectNode malformed = F.objectNode();
        ArrayNode notes = F.arrayNode();
        Map<String, List<RecordingWorld.Extraction>> byName = new LinkedHashMap<>();
        for (RecordingWorld.Extraction e : world.extractions()) {
            byName.computeIfAbsent(e.request().extractionName(), k -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<String, List<RecordingWorld.Extraction>> e : byName.entrySet()) {
            Set<JsonNode> answers = new LinkedHashSet<>();
            e.getValue().forEach(x -> answers.add(x.answer()));
            ObjectNode note = notes.addObject().put("name", e.getKey()).put("requests", e.getValue().size());
            JsonNode answer = answers.iterator().next();
            if (answers.size() > 1 || answer == null) {
                note.put("written", "nowhere: requested " + e.getValue().size() + " times with " + answers.size()
                        + " different answers, so left to the fallback policy '" + policy.name()
                        + "', which answers each request from its schema as in this run");
                continue;
            }
            boolean fits = e.getValue().stream().allMatch(x -> x.request().schema() == null
                    || SchemaCheck.problems(x.request().schema(), answer).isEmpty());
            if (fits) {
                extractions.set(e.getKey(), answer);
                note.put("written", "extractions");
            } else {
                malformed.set(e.getKey(), answer);
                note.put("written", "malformed_extractions: the policy's record does not fit the request's schema "
                        + "(pydantic rejects it, as in this run)");
            }
        }
        f.set("extractions", extractions);
        if (!malformed.isEmpty()) {
            f.set("malformed_extractions", malformed);
        }
        ArrayNode maps = maps(world.distances());
        if (!maps.isEmpty()) {
            f.set("maps", maps);
        }

        ObjectNode observed = F.objectNode();
        observed.put("note", "What the run this fixture came from did, for the reviewer; the run ignores this key.");
        observed.put("outcome", run.crashed() ? "crashed: " + meta.errorType() + ": " + meta.error() : "scored");
        if (run.finalScore() != null) {
            observed.put("final_score", run.finalScore());
        }
        observed.set("extractions", notes);
        ArrayNode urls = observed.putArray("urls");
        Set<String> seen = new LinkedHashSet<>();
        for (PageVisit p : meta.pages()) {
            if (seen.add(p.url())) {
                urls.add(p.url());
            }
        }
        ArrayNode claims = observed.putArray("claims");
        for (JudgeCall c : meta.judgeRequests()) {
            ObjectNode claim = claims.addObject().put("node", c.nodeId()).put("claim", c.claim());
            if (c.url() != null) {
                claim.put("url", c.url());
            }
            if (c.vote() > 1) { // the engine's repeated vote on the same claim
                claim.put("vote", c.vote());
            }
            if (c.verdict() != null) {
                claim.put("verdict", c.verdict());
            } else {
                claim.putNull("verdict");
            }
        }
        f.set(Fixture.OBSERVED, observed);
        return f;
    }

    /** The policy's judge rules in the fixture's words. */
    private static ObjectNode judge(VerdictRules rules) {
        ObjectNode j = F.objectNode();
        j.put("rules", rules.base() == VerdictRules.Base.HASH ? "hash" : "accept");
        if (!rules.reject().isEmpty()) {
            rules.reject().forEach(j.putArray("reject")::add);
        }
        if (!rules.table().isEmpty()) {
            ObjectNode t = j.putObject("table");
            rules.table().forEach(t::put);
        }
        return j;
    }

    /**
     * A row per direction the maps tool answered with a distance, in miles as short as still gives the same
     * metres back ({@code round(miles × 1609.34)}); a pair it did not know stays out (the fixture says
     * "Distance not found" for it too).
     */
    private static ArrayNode maps(List<RecordingWorld.Distance> distances) {
        ArrayNode rows = F.arrayNode();
        Set<String> seen = new LinkedHashSet<>();
        for (RecordingWorld.Distance d : distances) {
            if (d.from() == null || d.to() == null || !(d.reply() instanceof Integer metres)
                    || !seen.add(d.from() + "\u0000" + d.to())) {
                continue;
            }
            rows.addArray().add(d.from()).add(d.to()).add(miles(metres));
        }
        return rows;
    }

    static BigDecimal miles(int metres) {
        BigDecimal exact = BigDecimal.valueOf(metres / 1609.34);
        for (int scale = 0; scale <= 12; scale++) {
            BigDecimal m = exact.setScale(scale, RoundingMode.HALF_EVEN);
            if (Math.round(m.doubleValue() * 1609.34) == metres) {
                return m.stripTrailingZeros().scale() < 0 ? m.setScale(0) : m.stripTrailingZeros();
            }
        }
        return exact;
    }
}
