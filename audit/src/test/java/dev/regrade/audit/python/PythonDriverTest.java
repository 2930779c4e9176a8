package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.pycompat.PySet;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.webcache.SyntheticPages;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The driver and its world, on a stand-in mind2web2 written for this test (test resources; no
 * upstream code): what the script receives from the fake judge, the synthetic cache, the maps tool,
 * the clock and the hash seed; crashes; a checkout that cannot be imported; the stand-ins reported;
 * an audit of Python originals through the audit's own diff and expectations.
 */
class PythonDriverTest {
    private static final String TASK = "standin_task";
    private static final String PAGE = "https://standin.example.test/books/page-1/#reviews";
    @RegisterExtension
    static final PythonJudge JUDGE = new PythonJudge();


    static Path resource(String name) {
        try {
            return Paths.get(PythonDriverTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static PythonSetup setup(String checkout) {
        Map<String, Path> dirs = new LinkedHashMap<>();
        dirs.put("released", resource("scripts/released"));
        dirs.put("fixed", resource("scripts/fixed"));
        return PythonSetup.of(null, resource(checkout), dirs, Map.of("released", "--before-scripts",
                "fixed", "--after-scripts"));
    }

    private static RunRecord run(String task, World world, LocalDate date, long seed) {
        try (PythonRunner runner = new PythonRunner(setup("checkout"), JUDGE.server())) {
            return runner.run(new RunSpec(PythonScripts.script(task), "released", world, date, seed));
        }
    }

    private static JsonNode info(RunRecord r, String key) {
        for (JsonNode record : r.document().summary().evalBreakdown().get(0).info()) {
            if (record.has(key)) {
                return record.get(key);
            }
        }
        throw new AssertionError("no info record " + key);
    }

    @Test
    void theScriptSeesTheOfflineWorld() {
        World full = Policies.FULL;
        RunRecord r = run(TASK, full, LocalDate.of(2024, 2, 29), 0L);
        assertEquals(RunOutcome.SCORED, r.document().regrade().outcome());
        assertEquals("stand-in task", r.document().tree().orElseThrow().desc());
        // the extraction is answered by the policy from the request's JSON schema
        assertTrue(info(r, "book").path("title").isTextual() && !info(r, "book").path("title").asText().isEmpty(),
                info(r, "book").toString());
        // the verdict by the policy's judge rules (full accepts), over HTTP: one request, journalled
        assertTrue(info(r, "verdict").booleanValue());
        List<JudgeCall> calls = r.document().regrade().judgeRequests();
        assertEquals(1, calls.size());
        assertEquals("The answer names a book.", calls.get(0).claim());
        assertEquals("book_named", calls.get(0).nodeId());
        assertEquals(Boolean.TRUE, calls.get(0).verdict());
        // the page from the synthetic cache the driver read in Mind2Web 2's layout
        String expected = new SyntheticPages(Map.of(), List.of(), 0L).page(PAGE).orElseThrow().text();
        assertEquals(expected, info(r, "page").asText());
        assertEquals(List.of(PAGE), r.document().regrade().pages().stream().map(p -> p.url()).toList());
        // the maps tool from the world's distance table
        assertEquals(full.maps(TASK).calculateDistance("Columbus, OH", "Austin, TX", "driving"),
                info(r, "maps").intValue());
        // the evaluation date as the script's clock, however it imports it
        assertEquals("2024-02-29T00:00:00", info(r, "now").asText());
        assertEquals("2024-02-29", info(r, "today").asText());
        assertEquals("2024-02-29", info(r, "module_today").asText());
        assertEquals(full.answer(TASK), info(r, "answer").asText());
    }

    @Test
    void theEmptyPolicyGivesNullsAndTheDefaultDate() {
        RunRecord r = run(TASK, Policies.EMPTY, null, 0L);
        assertTrue(info(r, "book").path("title").isNull(), info(r, "book").toString());
        assertEquals("2025-10-23", info(r, "today").asText());
        assertEquals("2025-10-23", r.document().regrade().evalDate());
    }

    @Test
    void theHashSeedOrdersPythonSets() {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            items.add("item-" + i);
        }
        List<String> seed0 = texts(info(run(TASK, Policies.FULL, null, 0L), "order"));
        List<String> seed7 = texts(info(run(TASK, Policies.FULL, null, 7L), "order"));
        assertEquals(PySet.iterationOrder(items, 0L), seed0);
        assertEquals(PySet.iterationOrder(items, 7L), seed7);
        assertNotEquals(seed0, seed7);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void aRaisingRunIsCrashedWithThePythonError() {
        RunRecord r = run("crashing_task", Policies.FULL, null, 0L);
        assertEquals(RunOutcome.CRASHED, r.document().regrade().outcome());
        assertEquals("ValueError", r.document().regrade().errorType());
        assertEquals("no answer on 2025-10-23", r.document().regrade().error());
        assertEquals(null, r.finalScore());
    }

    @Test
    void modulesTheEnvironmentLacksAreStoodInForAndReported() {
        try (PythonRunner runner = new PythonRunner(setup("checkout"), JUDGE.server())) {
            runner.run(new RunSpec(PythonScripts.script(TASK), "released", Policies.FULL, null, 0L));
            assertTrue(runner.standIns().contains("regrade_absent_browser_lib"), runner.standIns().toString());
        }
    }

    @Test
    void aCheckoutThatCannotBeImportedIsBadInputWithTheErrorAndTheFix() {
        try (PythonRunner runner = new PythonRunner(setup("broken"), JUDGE.server())) {
            BadInputException e = assertThrows(BadInputException.class, () -> runner.run(
                    new RunSpec(PythonScripts.script(TASK), "released", Policies.FULL, null, 0L)));
            assertTrue(e.getMessage().contains("ModuleNotFoundError"), e.getMessage());
            assertTrue(e.getMessage().contains("no_such_module"), e.getMessage());
            assertTrue(e.getMessage().contains("fix: "), e.getMessage());
        }
    }

    @Test
    void aMissingScriptFileIsBadInput() {
        try (PythonRunner runner = new PythonRunner(setup("checkout"), JUDGE.server())) {
            BadInputException e = assertThrows(BadInputException.class, () -> runner.run(
                    new RunSpec(PythonScripts.script("crashing_task"), "fixed", Policies.FULL, null, 0L)));
            assertTrue(e.getMessage().contains("crashing_task.py"), e.getMessage());
        }
    }

    @Test
    void anAuditOfPythonOriginalsFlowsThroughTheAuditsDiffAndExpectations() {
        AuditConfig config = new AuditConfig(List.of(TASK), List.of("full", "empty"), null, "released", "fixed",
                Expectations.shipped(), List.of(0L, 1L), JudgeMode.IN_PROCESS, 2).withPython(setup("checkout"));
        Audit.Outcome outcome = Audit.run(config, (done, total) -> { });
        // the fixed copy changes the root's description; no expectation allows it for this task
        assertEquals(2, outcome.report().comparisons().size());
        assertEquals(2, outcome.unexpected());
        assertEquals("root", outcome.report().unexpected().get(0).node());
        assertEquals(8, outcome.report().summary().runs());
        assertEquals(8, outcome.evaluated()); // a Python run is never reused for another seed
        // the report names the checkout and the stand-ins, in every rendering, and reads back
        var python = outcome.report().python();
        assertTrue(python.standIns().contains("regrade_absent_browser_lib"), python.standIns().toString());
        assertTrue(python.checkout().endsWith("checkout"), python.checkout());
        assertTrue(dev.regrade.reports.Markdown.render(outcome.report()).contains(python.line()));
        assertTrue(dev.regrade.reports.Html.render(outcome.report()).contains("<p id=\"python\">Python originals: "));
        String json = dev.regrade.reports.model.ReportJson.toFileText(outcome.report());
        assertEquals(python, dev.regrade.reports.model.ReportJson.read(null,
                dev.regrade.rubric.json.JsonFiles.parse(json)).python());
        assertTrue(outcome.resultFiles().containsKey("results/standin_task/fixed/policy-full.json"));
    }

    @Test
    void aShardedAuditOfPythonOriginalsMergesToTheUnshardedOne(@org.junit.jupiter.api.io.TempDir Path tmp) {
        AuditConfig config = new AuditConfig(List.of(TASK), List.of("full", "empty"), null, "released", "fixed",
                Expectations.shipped(), List.of(0L, 1L), JudgeMode.IN_PROCESS, 2).withPython(setup("checkout"));
        Audit.Outcome whole = Audit.run(config, (done, total) -> { });
        List<Path> dirs = new ArrayList<>();
        for (int k = 1; k <= 2; k++) {
            dev.regrade.audit.core.Shard shard = dev.regrade.audit.core.Shard.parse(k + "/2");
            Path dir = tmp.resolve("shard-" + k);
            dev.regrade.audit.shard.Shards.write(dir, config, shard,
                    Audit.runShard(config, shard, (done, total) -> { }, dev.regrade.audit.core.Phases.NONE));
            dirs.add(dir);
        }
        Audit.Outcome merged = dev.regrade.audit.shard.Shards.merge(dirs);
        // the stand-ins travel in the shards' manifests: the merged report names them as the whole one does
        assertTrue(merged.report().python().standIns().contains("regrade_absent_browser_lib"));
        assertEquals(dev.regrade.reports.model.ReportJson.toFileText(whole.report()),
                dev.regrade.reports.model.ReportJson.toFileText(merged.report()));
        assertEquals(whole.resultFiles(), merged.resultFiles());
    }
}
