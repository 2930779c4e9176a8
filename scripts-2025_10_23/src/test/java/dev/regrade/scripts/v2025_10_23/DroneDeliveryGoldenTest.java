package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * for {@code fixed}) through the Java port: same summary JSON, same judge claims and URLs in the
 * same order (the URL order is CPython's set order under the case's PYTHONHASHSEED), and the same
 * prompt texts (SHA-256 of every extraction and judge prompt).
 */
class DroneDeliveryGoldenTest {
    private static final String SCRIPT_DIR = "drone_delivery";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts) {
    }

    /**
     * Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}): the judge answers
     * from the table, else the default.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge, String evalDate,
                   long hashSeed) {
        Outcome o = GoldenReplay.run(DroneDelivery.SCRIPT, variant, answer, extractions,
                GoldenReplay.tableJudge(judge), evalDate, hashSeed);
        return new Run(o.evaluator(), o.crash(), o.extractionPrompts());
    }

    static Run run(String variant, JsonNode extractions, JsonNode judge) {
        return run(variant, GoldenReplay.SCRIPTED_ANSWER, extractions, judge, GoldenReplay.DEFAULT_EVAL_DATE, 0L);
    }

    static List<String> claims(Evaluator evaluator) {
        return GoldenReplay.claims(evaluator);
    }

    static Path resources(String sub) {
        return GoldenReplay.resources(DroneDeliveryGoldenTest.class, SCRIPT_DIR, sub);
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.jsonFiles(resources("golden"));
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(DroneDelivery.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), DroneDeliveryGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(DroneDelivery.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);
        if (g.has("judge_urls")) {
            assertEquals(GoldenReplay.texts(g.get("judge_urls")), r.judgeUrls(),
                    "judge URLs in call order (set order under the hash seed)");
        }

        Path prompts = GoldenReplay.promptsFile(file);
        if (Files.exists(prompts)) {
            JsonNode pr = GoldenReplay.readJson(prompts);
            GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), DroneDelivery.TASK_DESCRIPTION);
            assertEquals(GoldenReplay.textFields(pr.get("extraction_prompt_sha256")),
                    GoldenReplay.sha256Values(r.extractionPrompts()), "extraction prompts (full text sent)");
            GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
        }
    }

    /** The script's own extraction prompts, verbatim (hashes recorded from the Python original). */
    @Test
    void scriptExtractionPromptsAreVerbatim() throws IOException {
        JsonNode pr = GoldenReplay.readJson(resources("prompts").resolve("released__full_correct.json"))
                .get("script_extraction_prompt_sha256");
        assertEquals(pr.get("extracted_companies").asText(), sha256(DroneDelivery.promptExtractCompanies()));
        assertEquals(pr.get("company_0_all_urls").asText(), sha256(DroneDelivery.promptExtractAllCompanyUrls("Zipline")));
        assertEquals(pr.get("company_0_africa_article_url").asText(),
                sha256(DroneDelivery.promptExtractAfricaArticleUrl("Zipline")));
        assertEquals(pr.get("company_1_all_urls").asText(),
                sha256(DroneDelivery.promptExtractAllCompanyUrls("Wingcopter")));
        JsonNode fallback = GoldenReplay.readJson(resources("prompts").resolve("released__empty_answer.json"))
                .get("script_extraction_prompt_sha256");
        assertEquals(fallback.get("company_0_all_urls").asText(), sha256("Extract any URLs from the answer"));
        assertEquals(fallback.get("company_1_africa_article_url").asText(),
                sha256("Extract the article URL about Africa operations"));
    }

    private static String sha256(String text) {
        return GoldenReplay.sha256(text);
    }
}
