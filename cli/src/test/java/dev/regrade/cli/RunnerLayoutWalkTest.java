package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff}, {@code rescore} and {@code replay} walk one runner output directory alike: the same result
 * files, the same files passed over with a count, older node formats and bad fields read or refused alike.
 */
class RunnerLayoutWalkTest {
    @TempDir
    Path dir;

    private Path results;
    private ObjectNode doc;

    /** One Regrade run, stripped of its {@code regrade} object as the Python runner writes it. */
    @BeforeEach
    void run() {
        CliRun run = CliRun.of("run", "--script", "ikea_shopping_list", "--policy", "hash", "--format", "json");
        assertEquals(0, run.status(), run.err());
        doc = (ObjectNode) JsonFiles.parse(run.out());
        doc.remove("regrade");
        results = dir.resolve("eval_results");
    }

    /** {@code <agent>/<task>/<answer>/results/<ts>_<answer>.md.json} beside the answer's copy and the summaries. */
    private Path store(String agent, String answer, String timestamp, JsonNode json) throws IOException {
        Path answerDir = results.resolve(agent).resolve("ikea_shopping_list").resolve(answer);
        Path f = answerDir.resolve("results").resolve(timestamp + "_" + answer + ".md.json");
        Files.createDirectories(f.getParent());
        ObjectNode d = json.deepCopy();
        d.put("agent_name", agent).put("answer_name", answer + ".md");
        Files.writeString(f, JsonFiles.toFileText(d), StandardCharsets.UTF_8);
        Files.writeString(answerDir.resolve(answer + ".md"), "the answer", StandardCharsets.UTF_8);
        Files.writeString(answerDir.getParent().resolve("summary.json"), "[]", StandardCharsets.UTF_8);
        return f;
    }

    private void layout() throws IOException {
        store("agent-a", "answer_1", "20250101_120000", doc); // earlier: the runner reads the latest only
        store("agent-a", "answer_1", "20260101_120000", doc);
        store("agent-a", "answer_2", "20260101_120000", doc);
        store("agent-b", "answer_1", "20260101_120000", doc);
        Files.writeString(results.resolve("agent-a/summary.json"), "{\"agent_name\": \"agent-a\"}");
        Files.writeString(results.resolve("all_results.json"), "{}");
    }

    @Test
    void allThreeSucceedOnOneDirectoryAndCountTheSameResultFiles() throws IOException {
        layout();
        String walk = results + ": 3 result files (passed over 4 summary files, 3 answer copies, 1 earlier result"
                + " of a re-evaluated answer)";

        CliRun diff = CliRun.of("diff", results.toString(), results.toString());
        assertEquals(0, diff.status(), diff.err());
        assertEquals("no differences in 3 files\n", diff.out());
        assertEquals("regrade diff: " + walk + "\nregrade diff: " + walk + "\n", diff.err());

        CliRun rescore = CliRun.of("rescore", results.toString());
        assertEquals(0, rescore.status(), rescore.err());
        assertEquals(3, rescore.out().lines().filter(l -> l.endsWith(": consistent")).count(), rescore.out());
        assertEquals("regrade rescore: " + walk + "\n", rescore.err());

        CliRun replay = CliRun.of("replay", "--after", "fixed", results.toString());
        assertEquals(0, replay.status(), replay.err());
        assertTrue(replay.err().startsWith("regrade replay: " + walk + "\nregrade replay: 3 results: 3 replayed"),
                replay.err());
    }

    @Test
    void aDirectoryOfSummariesAloneIsBadInputThatSaysSo() throws IOException {
        Files.createDirectories(results);
        Files.writeString(results.resolve("all_results.json"), "{}");
        CliRun rescore = CliRun.of("rescore", results.toString());
        assertEquals(2, rescore.status());
        assertEquals("regrade rescore: " + results + ": no result files (*.json) in this directory (only the runner's"
                + " summary files, which hold no tree)\n", rescore.err());
    }

    /** The upstream site's example trees: {@code claim} and {@code func}, no {@code desc}. */
    private static void toClaimFormat(JsonNode node) {
        ObjectNode n = (ObjectNode) node;
        n.set("claim", n.remove("desc"));
        n.put("func", "verify");
        node.path("children").forEach(RunnerLayoutWalkTest::toClaimFormat);
    }

    @Test
    void anOlderClaimFormatIsReadByItsClaimInDiffAndRescore() throws IOException {
        ObjectNode old = doc.deepCopy();
        toClaimFormat(old.get("eval_breakdown").get(0).get("verification_tree"));
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.writeString(a, JsonFiles.toFileText(old));
        JsonNode child = old.get("eval_breakdown").get(0).get("verification_tree").get("children").get(0);
        String id = child.get("id").asText();
        String claim = child.get("claim").asText();
        ((ObjectNode) child).put("claim", claim + " (edited)");
        Files.writeString(b, JsonFiles.toFileText(old));

        CliRun diff = CliRun.of("diff", a.toString(), b.toString());
        assertEquals(1, diff.status(), diff.out() + diff.err());
        assertTrue(diff.out().contains("content  " + id + " desc: " + claim + " → " + claim + " (edited)"),
                diff.out());

        CliRun rescore = CliRun.of("rescore", a.toString());
        assertEquals(0, rescore.status(), rescore.err());
        assertEquals(a + ": consistent\n", rescore.out());
    }

    @Test
    void aMissingOrWrongFieldIsTheSameSentenceInAllThree() throws IOException {
        ObjectNode noScore = doc.deepCopy();
        noScore.remove("final_score");
        assertSameProblem(noScore, "$.final_score: missing");

        ObjectNode textScore = doc.deepCopy();
        textScore.put("final_score", "high");
        assertSameProblem(textScore, "$.final_score: expected a");

        ObjectNode noDesc = doc.deepCopy();
        ((ObjectNode) noDesc.get("eval_breakdown").get(0).get("verification_tree")).remove("desc");
        assertSameProblem(noDesc, "$.eval_breakdown[0].verification_tree.desc: missing");
    }

    private void assertSameProblem(ObjectNode bad, String problem) throws IOException {
        Path f = store("agent-a", "answer_1", "20260101_120000", bad);
        Path good = dir.resolve("good.json");
        Files.writeString(good, JsonFiles.toFileText(doc));
        for (List<String> args : List.of(List.of("diff", f.toString(), good.toString()), List.of("rescore", f.toString()),
                List.of("replay", "--after", "fixed", f.toString()))) {
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(2, run.status(), args + ": " + run.out() + run.err());
            assertTrue(run.err().contains(f + ": " + problem), args + ": " + run.err());
            // Jackson's own wording ("Cannot", "JsonNode", "line: ") never reaches the user
            assertFalse(run.err().contains("Jackson") || run.err().contains("JsonNode"), run.err());
        }
    }
}
