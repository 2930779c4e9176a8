package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policies;
import dev.regrade.policies.Policy;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures for a task Regrade has not ported (the stand-in lineage_task of the test resources), in an
 * audit of the Python originals: checked against what the script requests on either side, with the
 * messages a port's fixture gets; and {@code fixture init}'s draft, which unedited loads, passes that
 * check and reproduces the run it came from.
 */
class UnportedFixtureTest {
    private static final String TASK = "lineage_task";

    @TempDir
    Path tmp;

    @BeforeAll
    static void python() {
        assumeTrue(PythonSetupProbe.python3(), "no python3 on PATH: the driver's tests need one");
    }

    private Path fixtures(String folder, String json) throws IOException {
        Path dir = tmp.resolve("fixtures").resolve(folder);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("probe.json"), json);
        return tmp.resolve("fixtures");
    }

    private static Audit.Outcome audit(Path fixturesDir) {
        AuditConfig config = new AuditConfig(List.of(TASK), List.of(), fixturesDir, "released", "fixed",
                Expectations.shipped(), List.of(0L), JudgeMode.IN_PROCESS, 1)
                .withPython(PythonDriverTest.setup("checkout"));
        return Audit.run(config, (done, total) -> { });
    }

    private BadInputException refused(String json) throws IOException {
        Path dir = fixtures(TASK, json);
        return assertThrows(BadInputException.class, () -> audit(dir));
    }

    @Test
    void aFolderForAnUnportedTaskIsAuditedWithItsRecordsAnsweredByName() throws IOException {
        // "dates" is requested by the fixed side only: a name either side requests is accepted
        Audit.Outcome outcome = audit(fixtures(TASK, """
                {"script": "lineage_task", "fallback_policy": "hash",
                 "extractions": {"people": {"people": [{"name": "Ada Lovelace", "born": "1815", "url": null}],
                                            "count": 1},
                                 "dates": {"first": 1815}},
                 "judge": {"rules": "accept"}}"""));
        assertEquals(1, outcome.report().comparisons().size());
        String after = outcome.resultFiles().get("results/lineage_task/fixed/fixture-probe.json");
        assertTrue(after.contains("Ada Lovelace belongs to the lineage."), after);
    }

    @Test
    void aMisspeltExtractionNameIsRefusedWithThePathAndDidYouMean() throws IOException {
        BadInputException e = refused("{\"script\": \"lineage_task\", \"extractions\": {\"peple\": {}}}");
        assertEquals(tmp.resolve("fixtures/lineage_task/probe.json") + ": $.extractions.peple: the script lineage_task "
                + "requests no such extraction (it requests people, extraction, dates); did you mean 'people'?",
                e.getMessage());
        BadInputException m = refused("{\"script\": \"lineage_task\", \"malformed_extractions\": {\"date\": 1}}");
        assertTrue(m.getMessage().endsWith("$.malformed_extractions.date: the script lineage_task requests no such "
                + "extraction (it requests people, extraction, dates); did you mean 'dates'?"), m.getMessage());
    }

    @Test
    void aMisspeltFieldAtAnyDepthIsRefusedWithThePathAndDidYouMean() throws IOException {
        BadInputException e = refused("""
                {"script": "lineage_task", "extractions": {"people": {"people": [{"name": "A"}, {"nmae": "B"}]}}}""");
        assertEquals(tmp.resolve("fixtures/lineage_task/probe.json") + ": $.extractions.people.people[1].nmae: "
                + "unknown field (expected a field of Person (name, born, url)); did you mean 'name'?", e.getMessage());
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedWithWhatWasExpected() throws IOException {
        BadInputException e = refused("{\"script\": \"lineage_task\", \"extractions\": {\"people\": {\"count\": \"many\"}}}");
        assertEquals(tmp.resolve("fixtures/lineage_task/probe.json") + ": $.extractions.people.count: expected an "
                + "integer (a whole number, or a string of digits), got \"many\" (to pass a reply the template rejects, "
                + "list it under malformed_extractions)", e.getMessage());
    }

    @Test
    void aFolderNamingNoAuditedTaskIsRefusedWithDidYouMean() throws IOException {
        Path dir = fixtures("lineage_tsak", "{\"script\": \"lineage_tsak\"}");
        BadInputException e = assertThrows(BadInputException.class, () -> audit(dir));
        assertEquals(dir.resolve("lineage_tsak") + ": not an audited task's folder (fixtures go in a folder named "
                + "for their task: lineage_task); did you mean 'lineage_task'?", e.getMessage());
    }

    /** Drafts, writes and reloads the fixture; checks it against the script's requests; runs it. */
    private void roundTrip(Policy policy) throws IOException {
        FixtureInit.Draft draft = FixtureInit.draft(null, PythonDriverTest.resource("checkout"),
                PythonDriverTest.resource("scripts/released"), "scripts/released", TASK, policy, null, 0L);
        Path file = tmp.resolve(policy.name()).resolve("start.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, JsonFiles.toFileText(draft.fixture()));
        Fixture fixture = Fixture.load(file).requireScript(TASK, List.of(TASK));
        PythonSetup setup = PythonDriverTest.setup("checkout");
        FixtureProbe.check(setup, List.of("released", "fixed"), 0L, List.of(fixture)); // unedited: accepted
        RunRecord again;
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
             PythonRunner runner = new PythonRunner(setup, server)) {
            again = runner.run(new RunSpec(PythonScripts.script(TASK), "released", fixture, null, null));
        }
        RunRecord first = draft.run();
        // the same tree, info and score (the answer name is the input's: the policy's, then the fixture's)
        assertEquals(first.document().summary().finalScore(), again.document().summary().finalScore());
        assertEquals(first.document().summary().evalBreakdown(), again.document().summary().evalBreakdown());
        assertEquals(first.document().summary().treeStatistics(), again.document().summary().treeStatistics());
        assertEquals(first.document().regrade().judgeRequests(), again.document().regrade().judgeRequests());
        assertEquals(first.document().regrade().pages(), again.document().regrade().pages());
        assertEquals(first.document().regrade().evalDate(), again.document().regrade().evalDate());
    }

    @Test
    void fixtureInitUnderHashReproducesItsRunAndListsWhatItDid() throws IOException {
        roundTrip(Policies.HASH);
        JsonNode f = JsonFiles.parse(Files.readString(tmp.resolve("hash/start.json")));
        assertEquals("hash", f.path("fallback_policy").asText());
        assertEquals("hash", f.path("judge").path("rules").asText());
        assertEquals(3, f.path("extractions").path("people").path("people").size());
        // "extraction" was answered with two different records (two templates): left to the policy
        assertFalse(f.path("extractions").has("extraction"));
        JsonNode observed = f.path("observed");
        assertEquals(2, observed.path("extractions").get(0).path("requests").intValue());
        assertTrue(observed.path("extractions").get(1).path("written").asText().startsWith("nowhere"));
        assertEquals(3, observed.path("claims").size());
        assertEquals("person_0", observed.path("claims").get(0).path("node").asText());
        assertTrue(observed.path("claims").get(0).path("verdict").isBoolean());
        assertEquals(1, f.path("maps").size());
        assertTrue(observed.path("urls").size() >= 1, observed.toString());
    }

    @Test
    void fixtureInitUnderEmptyPutsRecordsTheSchemaRejectsUnderMalformedExtractions() throws IOException {
        roundTrip(Policies.EMPTY);
        JsonNode f = JsonFiles.parse(Files.readString(tmp.resolve("empty/start.json")));
        assertTrue(f.path("malformed_extractions").path("people").path("count").isNull(), f.toString());
        assertFalse(f.path("extractions").has("people"));
        assertFalse(f.has("maps"), "the empty policy knows no route");
    }

    @Test
    void fixtureInitNamesAMissingScriptWithDidYouMean() {
        BadInputException e = assertThrows(BadInputException.class, () -> FixtureInit.draft(null,
                PythonDriverTest.resource("checkout"), PythonDriverTest.resource("scripts/released"), "scripts/released",
                "lineage_tassk", Policies.HASH, null, 0L));
        assertEquals("--script lineage_tassk: no lineage_tassk.py in scripts/released; did you mean 'lineage_task'?",
                e.getMessage());
    }

    @Test
    void aNameRefusedAfterAProbeCrashSaysTheCrashHidLaterRequests() {
        Fixture f = Fixture.parse("c.json", "c", "{\"script\": \"crashing_task\", \"extractions\": {\"x\": {}}}");
        BadInputException e = assertThrows(BadInputException.class, () -> FixtureProbe.check(
                PythonDriverTest.setup("checkout"), List.of("released"), 0L, List.of(f)));
        assertEquals("c.json: $.extractions.x: the script crashing_task requests no such extraction (it requests none) "
                + "(but the probe run of released crashed with ValueError: no answer on 2025-10-23, so later requests "
                + "were not seen)", e.getMessage());
    }
}
