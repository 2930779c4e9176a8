package dev.regrade.audit.answers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.JudgeUnavailableException;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.record.RecordingJudge;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Policies;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.ReportJson;
import dev.regrade.rubric.port.VerdictRules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real answers in an audit of the Java ports, offline, and with every request sent to a real judge
 * ({@code --judge-url}) that a recording judge stands between, then replayed.
 */
@Timeout(120)
class AnswersAuditTest {
    private static final String TASK = "rl_course_book";

    @TempDir
    Path tmp;

    private Path answers() throws IOException {
        Path dir = tmp.resolve("answers");
        write(dir.resolve("agent-a/" + TASK + "/answer_1.md"), "The RL course at Stanford is CS234; its book is Sutton & Barto.");
        write(dir.resolve("agent-a/" + TASK + "/answer_2.md"), "CMU teaches 10-703; no book.\r\n");
        write(dir.resolve("agent-b/gas_stations/answer_1.md"), "not audited here");
        return dir;
    }

    private static void write(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private static AuditConfig config(Path answers, List<String> policies) {
        return new AuditConfig(List.of(TASK), policies, null, "released", "fixed", Expectations.shipped(),
                List.of(0L), JudgeMode.IN_PROCESS, 2).withAnswers(new AnswerSource(answers, "hash"));
    }

    @Test
    void eachAnswerIsAnInputOfItsTaskOnBothSides() throws IOException {
        Audit.Outcome o = Audit.run(config(answers(), List.of("hash")), (done, total) -> { });
        List<Comparison> rows = o.report().comparisons();
        assertEquals(List.of("policy hash", "answer agent-a-answer_1", "answer agent-a-answer_2"),
                rows.stream().map(c -> c.input().inputKind() + " " + c.input().input()).toList());
        assertEquals("agent-a/rl_course_book/answer_1.md (offline: extractions and verdicts of the hash policy)",
                rows.get(1).description());
        assertEquals(6, o.report().summary().runs());
        for (String variant : List.of("released", "fixed")) {
            assertTrue(o.resultFiles().containsKey("results/" + TASK + "/" + variant + "/answer-agent-a-answer_1.json"),
                    o.resultFiles().keySet().toString());
        }
        String one = o.resultFiles().get("results/" + TASK + "/released/answer-agent-a-answer_1.json");
        String two = o.resultFiles().get("results/" + TASK + "/released/answer-agent-a-answer_2.json");
        // the script gets the runner's names: the agent folder and the answer file
        assertTrue(one.contains("\"agent_name\": \"agent-a\"") && one.contains("\"answer_name\": \"answer_1.md\""),
                one);
        // the answer's text is what the judge sees: two answers under one policy send other prompts
        assertNotEquals(prompts(one), prompts(two));
    }

    @Test
    void aFixtureBesideAnAnswerRulesItOfflineAsTheSameFixtureWithTheAnswerInside() throws IOException {
        Path shipped = Path.of("..", "fixtures", TASK, "fully-correct.json");
        com.fasterxml.jackson.databind.node.ObjectNode fixture = (com.fasterxml.jackson.databind.node.ObjectNode)
                dev.regrade.rubric.json.JsonFiles.parse(Files.readString(shipped));
        Path dir = tmp.resolve("answers");
        write(dir.resolve("a/" + TASK + "/answer_1.md"), fixture.get("answer").asText());
        fixture.remove("answer");
        write(dir.resolve("a/" + TASK + "/answer_1.json"), fixture.toString());
        Path fixtures = tmp.resolve("fixtures/" + TASK);
        Files.createDirectories(fixtures);
        Files.copy(shipped, fixtures.resolve("fully-correct.json"));
        AuditConfig config = new AuditConfig(List.of(TASK), List.of(), fixtures.getParent(), "released", "fixed",
                Expectations.shipped(), List.of(0L), JudgeMode.IN_PROCESS, 2).withAnswers(new AnswerSource(dir, "hash"));
        Audit.Outcome o = Audit.run(config, (done, total) -> { });
        assertEquals("a/" + TASK + "/answer_1.md (offline: the fixture answer_1.json)",
                o.report().comparisons().get(1).description());
        for (String variant : List.of("released", "fixed")) {
            var asFixture = dev.regrade.rubric.json.JsonFiles.parse(
                    o.resultFiles().get("results/" + TASK + "/" + variant + "/fixture-fully-correct.json"));
            var asAnswer = dev.regrade.rubric.json.JsonFiles.parse(
                    o.resultFiles().get("results/" + TASK + "/" + variant + "/answer-a-answer_1.json"));
            assertEquals(asFixture.get("final_score"), asAnswer.get("final_score"));
            assertEquals(asFixture.get("eval_breakdown"), asAnswer.get("eval_breakdown"));
            assertEquals(asFixture.path("regrade").get("judge_requests"), asAnswer.path("regrade").get("judge_requests"));
        }
        // the file is the answer: a fixture beside it that gives one too is refused
        write(dir.resolve("a/" + TASK + "/answer_1.json"), "{\"script\": \"" + TASK + "\", \"answer\": \"x\"}");
        dev.regrade.api.BadInputException e = assertThrows(dev.regrade.api.BadInputException.class,
                () -> Audit.run(config, (done, total) -> { }));
        assertTrue(e.getMessage().contains("answer_1.json: $.answer: the fixture of an answer gives no answer"),
                e.getMessage());
    }

    private static List<String> prompts(String resultFile) {
        List<String> out = new java.util.ArrayList<>();
        dev.regrade.rubric.json.JsonFiles.parse(resultFile).path("regrade").path("judge_requests")
                .forEach(r -> out.add(r.path("prompt_sha256").asText()));
        assertTrue(!out.isEmpty(), "no judge requests");
        return out;
    }

    @Test
    void aRecordedRealJudgeReplaysToTheSameAuditAndAnUnrecordedRequestNamesTheRun() throws Exception {
        Path dir = answers();
        Path recording = tmp.resolve("recording");
        // the "real judge": a fake judge ruling as the hash policy does, so the in-process audit is the reference
        FakeJudgeServer upstream = FakeJudgeServer.start(FakeJudgeConfig.defaults().withRules(VerdictRules.hash())
                .withExtractor(Policies.HASH.extractor(TASK)));
        AuditConfig offline = config(dir, List.of());
        Audit.Outcome reference = Audit.run(offline, (done, total) -> { });
        Audit.Outcome recorded;
        FakeJudgeServer recorder = new FakeJudgeServer(FakeJudgeConfig.defaults(), RecordingJudge.record(recording,
                HttpJudgeConfig.of(upstream.baseUrl()).withTimeout(Duration.ofSeconds(30)))).start();
        try {
            recorded = Audit.run(offline.withRealJudge(RealJudge.of(recorder.baseUrl())), (done, total) -> { });
        } finally {
            recorder.stop();
            upstream.stop();
        }
        FakeJudgeServer replay = new FakeJudgeServer(FakeJudgeConfig.defaults(), RecordingJudge.replay(recording)).start();
        try {
            RealJudge real = RealJudge.of(replay.baseUrl());
            Audit.Outcome replayed = Audit.run(offline.withRealJudge(real), (done, total) -> { });
            assertEquals(reference.resultFiles(), recorded.resultFiles());
            assertEquals(reference.resultFiles(), replayed.resultFiles());
            // the report names the judge (URL and model, no key) and is otherwise the in-process one
            assertEquals(replay.baseUrl() + " (model o4-mini)", replayed.report().judge());
            assertEquals(ReportJson.toFileText(reference.report()).replace("\"judge\": \"in-process\"",
                    "\"judge\": \"" + real.label() + "\""), ReportJson.toFileText(replayed.report()));
            // an answer the recording never saw: its first request gets WireMock's 404, and the audit stops
            write(dir.resolve("agent-a/" + TASK + "/answer_3.md"), "A new answer nobody recorded.");
            JudgeUnavailableException e = assertThrows(JudgeUnavailableException.class,
                    () -> Audit.run(offline.withRealJudge(real), (done, total) -> { }));
            assertTrue(e.getMessage().startsWith("run " + TASK + " answer-agent-a-answer_3 "), e.getMessage());
            assertTrue(e.getMessage().contains("answered HTTP 404"), e.getMessage());
            assertTrue(e.getMessage().contains("extraction '") || e.getMessage().contains("verification of node '"),
                    e.getMessage());
        } finally {
            replay.stop();
        }
    }
}
