package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.FakeJudgeLane;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.Reply;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.webcache.SyntheticCacheWriter;
import dev.regrade.webcache.SyntheticPages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's faster paths change nothing a run produces: a judge request sent over the driver's
 * pipe (answered by the lane in process) gives the run and the lane's journal that the same request
 * over HTTP gives; a script's module is loaded once per file version and evaluation date and reused,
 * as Mind2Web 2's runner reuses it for all a task's answers.
 */
class PythonJudgePipeTest {
    private static final String TASK = "standin_task";
    @RegisterExtension
    static final PythonJudge JUDGE = new PythonJudge();


    private record Outcome(JsonNode reply, List<String> journal, int piped) {
    }

    private static Outcome run(PythonDriver driver, FakeJudgeLane lane, Path script, Path cacheDir, boolean pipe,
                               String evalDate) {
        World world = Policies.FULL;
        lane.useRules(world.verdictRules());
        lane.useExtractor(world.extractor(TASK));
        lane.clearJournal();
        SyntheticCacheWriter cache = SyntheticCacheWriter.start(
                new SyntheticPages(world.pages(), world.missingPages(), 0L), cacheDir);
        ObjectNode request = JsonNodeFactory.instance.objectNode()
                .put("script", script.toAbsolutePath().toString())
                .put("answer", world.answer(TASK))
                .put("agent_name", "agent")
                .put("answer_name", world.name())
                .put("model", "o4-mini")
                .put("base_url", lane.baseUrl())
                .put("cache_dir", cacheDir.toAbsolutePath().toString())
                .put("eval_date", evalDate)
                .put("judge_pipe", pipe);
        AtomicInteger piped = new AtomicInteger();
        JsonNode reply = driver.run(request, new PythonDriver.Callbacks() {
            @Override
            public Object maps(String from, String to, String mode) {
                return world.maps(TASK).calculateDistance(from, to, mode);
            }

            @Override
            public PythonDriver.Page page(String url) {
                cache.add(url);
                return new PythonDriver.Page(cache.directory(), cache.fileStem(url).orElse(null));
            }

            @Override
            public Reply chat(Function<String, String> header, byte[] body) {
                piped.incrementAndGet();
                return lane.answer(header, body);
            }
        });
        List<String> journal = lane.journal().stream().map(PythonJudgePipeTest::describe).toList();
        return new Outcome(reply, journal, piped.get());
    }

    private static String describe(JournalEntry e) {
        return e.kind() + " " + e.nodeId() + " " + e.claim() + " " + e.promptSha256() + " " + e.verdict() + " "
                + e.error();
    }

    @Test
    void aJudgeRequestOverThePipeGivesTheRunAndJournalOfHttp(@TempDir Path tmp) {
        FakeJudgeLane lane = JUDGE.server().lane("pipe-test");
        Path script = PythonDriverTest.resource("scripts/released/" + TASK + ".py");
        try (PythonDriver driver = PythonDriver.start(PythonDriverTest.setup("checkout"), tmp.resolve("work"), 0L)) {
            Outcome http = run(driver, lane, script, tmp.resolve("http"), false, "2024-02-29");
            Outcome pipe = run(driver, lane, script, tmp.resolve("pipe"), true, "2024-02-29");
            assertEquals("done", http.reply().path("op").asText(), http.reply().toString());
            assertEquals(0, http.piped());
            // every request the lane journalled came over the pipe, and there were some (an extraction, a verdict)
            assertEquals(2, pipe.journal().size(), pipe.journal().toString());
            assertEquals(pipe.journal().size(), pipe.piped());
            assertEquals(http.journal(), pipe.journal());
            assertEquals(http.reply(), pipe.reply());
        }
    }

    @Test
    void aScriptModuleIsLoadedOncePerFileVersionAndEvaluationDate(@TempDir Path tmp) throws IOException {
        FakeJudgeLane lane = JUDGE.server().lane("reuse-test");
        Path script = tmp.resolve("reuse_task.py");
        Files.copy(PythonDriverTest.resource("reuse/reuse_task.py"), script, StandardCopyOption.REPLACE_EXISTING);
        try (PythonDriver driver = PythonDriver.start(PythonDriverTest.setup("checkout"), tmp.resolve("work"), 0L)) {
            assertEquals(1, runs(run(driver, lane, script, tmp.resolve("c1"), true, "2024-02-29")));
            assertEquals(2, runs(run(driver, lane, script, tmp.resolve("c2"), true, "2024-02-29")));
            // another evaluation date is another clock: a module of its own
            assertEquals(1, runs(run(driver, lane, script, tmp.resolve("c3"), true, "2025-01-01")));
            assertEquals(3, runs(run(driver, lane, script, tmp.resolve("c4"), true, "2024-02-29")));
            // an edited file is loaded afresh
            Files.writeString(script, Files.readString(script) + "\n# edited\n");
            assertEquals(1, runs(run(driver, lane, script, tmp.resolve("c5"), true, "2024-02-29")));
        }
    }

    private static int runs(Outcome o) {
        assertTrue("done".equals(o.reply().path("op").asText()), o.reply().toString());
        return o.reply().path("summary").path("runs").asInt();
    }
}
