package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.JudgeReply;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RescoreCommandTest {
    @TempDir
    Path dir;

    private ObjectNode result() {
        Evaluator e = new Evaluator(EvaluationContext.of("answer")
                .withJudge(r -> new JudgeReply("r", !r.claim().contains("wrong"))));
        e.initialize("t", Strategy.SEQUENTIAL, "task");
        Node p = e.addParallel("p", "p");
        e.verify("right", e.addLeaf("a", "a", p));
        e.verify("wrong", e.addLeaf("b", "b", p));
        e.verify("right", e.addLeaf("c", "c"));
        return ResultJson.summary(e);
    }

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void consistentResultExitsZero() throws IOException {
        Path f = write("ok.json", JsonFiles.toFileText(result()));
        CliRun run = CliRun.of("rescore", f.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(f + ": consistent\n", run.out());
    }

    @Test
    void handEditedFinalScoreIsFlaggedWithExitOne() throws IOException {
        ObjectNode doc = result();
        doc.put("final_score", 0.75);
        Path f = write("edited.json", JsonFiles.toFileText(doc));
        CliRun run = CliRun.of("rescore", f.toString());
        assertEquals(1, run.status());
        assertTrue(run.out().contains("DISAGREES (1)"), run.out());
        assertTrue(run.out().contains("root final_score: stored 0.75, recomputed 0.25  [$.final_score]"), run.out());
    }

    @Test
    void jsonFormatPrintsTheRecomputedDocument() throws IOException {
        ObjectNode doc = result();
        Path f = write("ok.json", JsonFiles.toFileText(doc));
        CliRun run = CliRun.of("rescore", "--format", "json", f.toString());
        assertEquals(0, run.status());
        assertEquals(JsonFiles.toFileText(doc), run.out());
    }

    @Test
    void unreadableInputNamesTheFileAndJsonPathWithExitTwo() throws IOException {
        Path notJson = write("broken.json", "{\"final_score\": ");
        CliRun run = CliRun.of("rescore", notJson.toString());
        assertEquals(2, run.status());
        assertEquals("regrade rescore: " + notJson + ":1:17: not valid JSON: the file ends inside an object\n", run.err());

        ObjectNode doc = result();
        ((ObjectNode) doc.get("eval_breakdown").get(0).get("verification_tree").get("children").get(0))
                .put("status", "great");
        Path badStatus = write("status.json", JsonFiles.toFileText(doc));
        run = CliRun.of("rescore", badStatus.toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("$.eval_breakdown[0].verification_tree.children[0].status: unknown status 'great'"),
                run.err());
    }

    @Test
    void helpListsTheCommandsThatExist() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.status());
        assertTrue(run.out().contains("rescore"), run.out());
    }
}
