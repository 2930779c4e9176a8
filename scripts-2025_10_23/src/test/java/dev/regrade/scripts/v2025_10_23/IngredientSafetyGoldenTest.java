package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy with the
 * FIXES.md §A fix for {@code fixed}) through the Java port: same summary JSON, same judge claims in
 * the same order, and the same texts sent to the models (task description, the script's extraction
 * prompts, the schema names, and SHA-256 of every full extraction and judge prompt).
 */
class IngredientSafetyGoldenTest {
    private static final String SCRIPT_DIR = "ingredient_safety";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts,
               Map<String, String> extractionSchemas) {
    }

    /**
     * Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}) on 2025-10-23 with
     * hash seed 0: the judge answers from the table, else the default.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge) {
        Outcome o = GoldenReplay.run(IngredientSafety.SCRIPT, variant, answer, extractions, GoldenReplay.tableJudge(judge),
                GoldenReplay.DEFAULT_EVAL_DATE, 0L);
        return new Run(o.evaluator(), o.crash(), o.extractionPrompts(), o.extractionSchemas());
    }

    static List<String> claims(Evaluator evaluator) {
        return GoldenReplay.claims(evaluator);
    }

    static Path resources(String sub) {
        return GoldenReplay.resources(IngredientSafetyGoldenTest.class, SCRIPT_DIR, sub);
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.jsonFiles(resources("golden"));
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(IngredientSafety.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), IngredientSafetyGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        assertEquals(GoldenReplay.DEFAULT_EVAL_DATE, g.path("eval_date").asText());
        assertEquals(0, g.path("hash_seed").asLong());
        Outcome r = GoldenReplay.replay(IngredientSafety.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        JsonNode pr = GoldenReplay.readJson(GoldenReplay.promptsFile(file));
        GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), IngredientSafety.TASK_DESCRIPTION);
        GoldenReplay.assertRecordedExtractions(pr, r);
        assertEquals(GoldenReplay.sha256(IngredientSafety.promptExtractFragrances()),
                pr.get("script_extraction_prompt_sha256").get("fragrances").asText(), "prompt_extract_fragrances");
        GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
    }
}
