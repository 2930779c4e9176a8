package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.core.Phases;
import dev.regrade.audit.core.Shard;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.shard.Shards;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.ReportJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A prompt-only change of a Python original (stand-in task {@code prompt_task}: the fixed script
 * rewords its extraction prompt and its claim; the offline verdicts and the tree stay the same): it is
 * reported with its diff, fails the audit unless declared, and survives shard and merge.
 */
class PythonPromptChangeTest {
    private static final String TASK = "prompt_task";

    @BeforeAll
    static void needsPython() {
        assumeTrue(PythonSetupProbe.python3(), "no python3 on PATH: the driver's tests need one");
    }

    private static AuditConfig config(Expectations expectations) {
        return new AuditConfig(List.of(TASK), List.of("full", "empty"), null, "released", "fixed", expectations,
                List.of(0L), JudgeMode.IN_PROCESS, 2).withPython(PythonDriverTest.setup("checkout"));
    }

    private static Expectations declared(String prompts) {
        return Expectations.parse("declared.json", "{\"scripts\": {\"" + TASK + "\": {\"allow\": [], \"prompts\": "
                + prompts + "}}}");
    }

    @Test
    void anUndeclaredPromptOnlyChangeFailsTheAuditWithItsDiff() {
        Audit.Outcome o = Audit.run(config(Expectations.parse("none.json", "{\"scripts\": {}}")), (d, t) -> { });
        assertEquals(0, o.report().summary().changed(), "no tree or score moves offline");
        List<PromptChange> prompts = o.report().prompts();
        assertEquals(4, prompts.size(), prompts.toString()); // an extraction and a check, in each of two inputs
        PromptChange extraction = prompts.get(0);
        assertEquals("extraction", extraction.kind());
        assertEquals("book_title", extraction.subject());
        assertEquals(List.of("extraction prompt"), extraction.parts());
        assertTrue(extraction.diff().contains("-Extract the book of the answer.\n"
                + "+Extract the title of the book the answer names."), extraction.diff());
        PromptChange check = prompts.get(1);
        assertEquals("judge", check.kind());
        assertEquals("book_named", check.subject());
        assertEquals(List.of("claim"), check.parts());
        assertTrue(check.diff().contains("-The answer names a book.\n+The answer names a book by its title."),
                check.diff());
        assertTrue(prompts.stream().noneMatch(PromptChange::expected));
        // one unexpected entry per input and prompt subject: the audit fails
        assertEquals(4, o.unexpected(), o.report().unexpected().toString());
        assertEquals("extraction book_title", o.report().unexpected().get(0).node());
        assertEquals("prompt", o.report().unexpected().get(0).classes());
        assertEquals(4, o.report().summary().prompts());
        assertEquals(1, o.report().summary().promptScripts());
        assertEquals(null, o.report().changelog().line(), "no changelog line beside unexpected changes");
    }

    @Test
    void aDeclaredPromptChangePassesAndIsStillReported() {
        Audit.Outcome o = Audit.run(config(declared("{\"extractions\": [\"book_*\"], \"nodes\": [\"book_named\"]}")),
                (d, t) -> { });
        assertEquals(0, o.unexpected(), o.report().unexpected().toString());
        assertEquals(4, o.report().prompts().size());
        assertTrue(o.report().prompts().stream().allMatch(PromptChange::expected));
        assertEquals("No scoring changes offline. Changed the prompts of 1 evaluation script (prompt_task); a real "
                + "judge may score their answers differently.", o.report().changelog().line());
        // declaring only the extraction leaves the check's prompt change unexpected
        Audit.Outcome half = Audit.run(config(declared("{\"extractions\": [\"book_title\"]}")), (d, t) -> { });
        assertEquals(2, half.unexpected());
        assertTrue(half.report().unexpected().stream().allMatch(u -> u.node().equals("book_named")));
    }

    @Test
    void aPromptGlobMatchingNoPromptIsBadInputWithTheNearestName() {
        BadInputException e = assertThrows(BadInputException.class, () -> Audit.run(
                config(declared("{\"extractions\": [\"book_titel\"]}")), (d, t) -> { }));
        assertEquals("declared.json: scripts.prompt_task.prompts.extractions[0]: 'book_titel' matches no extraction "
                + "prompt prompt_task sends in this audit; did you mean 'book_title'?", e.getMessage());
        BadInputException n = assertThrows(BadInputException.class, () -> Audit.run(
                config(declared("{\"nodes\": [\"book_name\"]}")), (d, t) -> { }));
        assertTrue(n.getMessage().startsWith("declared.json: scripts.prompt_task.prompts.nodes[0]: 'book_name' "
                + "matches no checked node prompt"), n.getMessage());
    }

    @Test
    void shardsKeepThePromptsAndMergeToTheUnshardedAudit(@TempDir Path tmp) {
        AuditConfig config = config(Expectations.parse("none.json", "{\"scripts\": {}}"));
        Audit.Outcome whole = Audit.run(config, (d, t) -> { });
        List<Path> dirs = new ArrayList<>();
        for (int k = 1; k <= 2; k++) {
            Shard shard = Shard.parse(k + "/2");
            Path dir = tmp.resolve("shard-" + k);
            Shards.write(dir, config, shard, Audit.runShard(config, shard, (d, t) -> { }, Phases.NONE));
            dirs.add(dir);
        }
        Audit.Outcome merged = Shards.merge(dirs);
        assertEquals(4, merged.report().prompts().size());
        assertEquals(ReportJson.toFileText(whole.report()), ReportJson.toFileText(merged.report()));
        assertEquals(whole.resultFiles(), merged.resultFiles());
    }
}
