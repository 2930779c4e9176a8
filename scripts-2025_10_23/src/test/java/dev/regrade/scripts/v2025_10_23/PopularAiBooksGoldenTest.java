package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * with the fix, each run under the PYTHONHASHSEED recorded in the case) through the Java port: same
 * summary JSON or the same crash, the same judge claims in the same order, and the same prompts
 * (SHA-256 of the task description, of every extraction prompt with its name and template, and of
 * every judge prompt).
 */
class PopularAiBooksGoldenTest {
    private static final String SCRIPT_DIR = "popular_ai_books";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, List<ExtractionRequest> extractions) {
        List<String> claims() {
            return GoldenReplay.claims(evaluator);
        }

        double finalScore() {
            if (crash != null) {
                fail("the port raised " + crash);
            }
            return ResultJson.summary(evaluator).get("final_score").doubleValue();
        }

        /** The book_detail_ extraction names, in call order: which titles were evaluated, in which slot. */
        List<String> bookDetailNames() {
            return extractions.stream().map(ExtractionRequest::extractionName)
                    .filter(n -> n.startsWith("book_detail_")).toList();
        }
    }

    /**
     * Replays a golden-shaped JSON object (also used by the fix tests with hand-built inputs) on a
     * scripted context ({@link GoldenReplay#replay}).
     */
    static Run replay(JsonNode g) {
        Outcome o = GoldenReplay.replay(PopularAiBooks.SCRIPT, g);
        return new Run(o.evaluator(), o.crash(), o.extractionRequests());
    }

    static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.goldenFiles(PopularAiBooksGoldenTest.class, SCRIPT_DIR);
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(PopularAiBooks.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), PopularAiBooksGoldenTest::check);
    }

    private static void check(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(PopularAiBooks.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        JsonNode pr = g.get("prompts");
        GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), PopularAiBooks.TASK_DESCRIPTION);
        List<List<String>> expectedExtractions = new ArrayList<>();
        pr.get("extraction_requests").forEach(e -> expectedExtractions.add(
                List.of(e.get(0).asText(), e.get(1).asText(), e.get(2).asText())));
        List<List<String>> actualExtractions = r.extractionRequests().stream()
                .map(e -> List.of(e.extractionName(), e.schemaName(), GoldenReplay.sha256(e.prompt()))).toList();
        assertEquals(expectedExtractions, actualExtractions, "extraction requests (name, template, prompt sha256)");
        GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
    }
}
