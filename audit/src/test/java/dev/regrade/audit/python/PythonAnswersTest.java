package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.audit.answers.AnswerSource;
import dev.regrade.audit.answers.RealJudge;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.JudgeUnavailableException;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Policies;
import dev.regrade.rubric.port.VerdictRules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real answers and {@code --judge-url} in an audit of the Python originals, on the stand-in checkout:
 * the answer text reaches {@code evaluate_answer}, the driver's client talks to the given URL, and a
 * request that URL does not answer abandons the audit naming the run and the request.
 */
@Timeout(120)
class PythonAnswersTest {
    private static final String TASK = "standin_task";
    private static final String RESULT = "results/" + TASK + "/released/answer-agent-answer_1.json";

    @TempDir
    Path tmp;

    @BeforeAll
    static void python() {
        assumeTrue(PythonSetupProbe.python3(), "no python3 on PATH: the driver's tests need one");
    }

    private AuditConfig config() throws IOException {
        Path f = tmp.resolve("answers/agent/" + TASK + "/answer_1.md");
        Files.createDirectories(f.getParent());
        Files.writeString(f, "My answer: Dune.\r\n", StandardCharsets.UTF_8);
        return new AuditConfig(List.of(TASK), List.of(), null, "released", "fixed", Expectations.shipped(),
                List.of(0L), JudgeMode.IN_PROCESS, 1).withPython(PythonDriverTest.setup("checkout"))
                .withAnswers(new AnswerSource(tmp.resolve("answers"), "full"));
    }

    @Test
    void theAnswerTextReachesTheOriginal() throws IOException {
        Audit.Outcome o = Audit.run(config(), (done, total) -> { });
        String result = o.resultFiles().get(RESULT);
        assertTrue(result.contains("\"answer\": \"My answer: Dune.\\n\""), result);
        // evaluate_answer got the runner's names, and returned them
        assertTrue(result.contains("\"agent_name\": \"agent\"") && result.contains("\"answer_name\": \"answer_1.md\""),
                result);
    }

    @Test
    void theDriverAsksTheJudgeUrlAndAnUnansweredRequestNamesTheRun() throws IOException {
        FakeJudgeServer judge = FakeJudgeServer.start(FakeJudgeConfig.defaults().withRules(VerdictRules.hash())
                .withExtractor(r -> Policies.MINIMAL.answer(TASK, r)));
        try {
            Audit.Outcome o = Audit.run(config().withRealJudge(RealJudge.of(judge.baseUrl())), (done, total) -> { });
            // no lane saw the prompts: the report says they were not compared, rather than "0 changed prompts"
            assertEquals(judge.baseUrl() + " (model o4-mini); prompts not compared (the Python runs sent them to it "
                    + "directly)", o.report().judge());
            assertEquals(java.util.List.of(), o.report().prompts());
            assertTrue(o.resultFiles().get(RESULT).contains("\"answer\": \"My answer: Dune.\\n\""));
            // nothing answers under /nowhere: an OpenAI 404, which the engine would swallow into a failed node
            JudgeUnavailableException e = assertThrows(JudgeUnavailableException.class, () -> Audit.run(
                    config().withRealJudge(RealJudge.of(judge.baseUrl() + "/nowhere")), (done, total) -> { }));
            assertTrue(e.getMessage().startsWith("run " + TASK + " answer-agent-answer_1 "), e.getMessage());
            assertTrue(e.getMessage().contains("extraction 'book'"), e.getMessage());
            assertTrue(e.getMessage().contains("404"), e.getMessage());
        } finally {
            judge.stop();
        }
    }
}
