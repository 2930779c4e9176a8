package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * with the FIXES.md §A fix) through the Java port: same summary JSON, same judge claims and URLs in
 * the same order, same judge prompt texts (SHA-256), and the same extraction requests (name,
 * schema, source page, SHA-256 of the full prompt) — the ground-truth extraction from the Sephora
 * page included.
 */
class BestSellingFoundationsGoldenTest {
    static final ObjectMapper MAPPER = GoldenReplay.MAPPER;
    private static final String SCRIPT_DIR = "best_selling_foundations";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, List<ExtractionRequest> extractions) {
    }

    /**
     * Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}): the extractor
     * answers from the answer or a page alike; the judge answers from the table, else the default.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge, String evalDate,
                   long hashSeed) {
        Outcome o = GoldenReplay.run(BestSellingFoundations.SCRIPT, variant, answer, extractions,
                GoldenReplay.tableJudge(judge), evalDate, hashSeed);
        return new Run(o.evaluator(), o.crash(), o.extractionRequests());
    }

    static Run run(String variant, JsonNode extractions, JsonNode judge) {
        return run(variant, GoldenReplay.SCRIPTED_ANSWER, extractions, judge, GoldenReplay.DEFAULT_EVAL_DATE, 0L);
    }

    static List<String> claims(Evaluator evaluator) {
        return GoldenReplay.claims(evaluator);
    }

    static JsonNode golden(String fileName) throws IOException {
        return GoldenReplay.readJson(
                GoldenReplay.resources(BestSellingFoundationsGoldenTest.class, SCRIPT_DIR, "golden").resolve(fileName));
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.goldenFiles(BestSellingFoundationsGoldenTest.class, SCRIPT_DIR);
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(BestSellingFoundations.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), BestSellingFoundationsGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(BestSellingFoundations.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);
        assertEquals(GoldenReplay.texts(g.get("judge_urls")), r.judgeUrls(), "judge URLs in call order");
        GoldenReplay.assertJudgePrompts(g.get("judge_prompt_sha256"), r, "judge prompts");
        GoldenReplay.assertTaskDescription(g.get("task_description_sha256"), BestSellingFoundations.TASK_DESCRIPTION);

        // Extraction requests: the same names, templates, sources (page extractions carry the URL) and prompts.
        JsonNode expectedRequests = g.get("extraction_requests");
        assertEquals(expectedRequests.size(), r.extractionRequests().size(), "number of extraction requests");
        for (int i = 0; i < expectedRequests.size(); i++) {
            JsonNode e = expectedRequests.get(i);
            ExtractionRequest a = r.extractionRequests().get(i);
            String at = "extraction request " + i + " (" + e.get("extraction_name").asText() + ")";
            assertEquals(e.get("extraction_name").asText(), a.extractionName(), at + " name");
            assertEquals(e.get("schema_name").asText(), a.schemaName(), at + " schema");
            assertEquals(e.get("source").isNull() ? null : e.get("source").asText(), a.url(), at + " source");
            assertEquals(e.get("prompt_sha256").asText(), GoldenReplay.sha256(a.prompt()), at + " full prompt");
        }
    }
}
