package dev.regrade.audit.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Fixture;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the fixtures of tasks Regrade has not ported against what their Python scripts actually
 * request, before the audit's matrix: each fixture is run once per side (each variant's script, the
 * audit's first hash seed), every extraction request's name and JSON schema is collected, and
 * {@link Fixture#checkRequested} refuses a name no side requested or a record that does not fit its
 * schema, with the messages a ported script's fixture gets. A port's fixture is checked against its
 * declaration instead (it needs no run).
 */
public final class FixtureProbe {
    private FixtureProbe() {
    }

    /**
     * Probes and checks each fixture; bad input is a {@code BadInputException} naming the fixture file,
     * the key path and the name meant.
     *
     * @param variants the sides to run (the audit's before and after)
     * @param seed     the hash seed of the probe runs (the audit's first)
     */
    public static void check(PythonSetup setup, List<String> variants, long seed, List<Fixture> fixtures) {
        if (fixtures.isEmpty()) {
            return;
        }
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
             PythonRunner runner = new PythonRunner(setup, server)) {
            for (Fixture f : fixtures) {
                List<String> crashes = new ArrayList<>();
                Map<String, List<JsonNode>> requested = requested(runner, f, variants, seed, crashes);
                try {
                    f.checkRequested(requested);
                } catch (BadInputException e) {
                    if (crashes.isEmpty() || e.path() == null || !e.problem().contains("requests no such extraction")) {
                        throw e;
                    }
                    // a crash ends the run: a name requested after it was never seen
                    throw BadInputException.at(e.file(), e.path(), e.problem() + " (but the probe run "
                            + String.join("; ", crashes) + ", so later requests were not seen)", e.suggestion());
                }
            }
        }
    }

    /**
     * Every extraction name the runs requested, with the distinct schemas of its requests, in first-request
     * order; a run that crashed is described in {@code crashes}.
     */
    static Map<String, List<JsonNode>> requested(PythonRunner runner, Fixture fixture, List<String> variants, long seed,
                                                  List<String> crashes) {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (String variant : variants) {
            RecordingWorld world = new RecordingWorld(fixture);
            RunRecord run = runner.run(new RunSpec(PythonScripts.script(fixture.script()), variant, world, null, seed));
            if (run.crashed()) {
                crashes.add("of " + variant + " crashed with " + run.document().regrade().errorType() + ": "
                        + run.document().regrade().error());
            }
            for (RecordingWorld.Extraction e : world.extractions()) {
                List<JsonNode> schemas = out.computeIfAbsent(e.request().extractionName(), k -> new ArrayList<>());
                if (e.request().schema() != null && !schemas.contains(e.request().schema())) {
                    schemas.add(e.request().schema());
                }
            }
        }
        return out;
    }
}
