package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * for {@code fixed}; the script's {@code datetime.now()} patched to the case's eval_date) through
 * the Java port: same summary JSON, same judge claims in the same order, same extraction order and
 * script prompts, same judge prompts (SHA-256).
 */
class CountyAqiGoldenTest {
    private static final String SCRIPT_DIR = "county_AQI";

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.goldenFiles(CountyAqiGoldenTest.class, SCRIPT_DIR);
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(CountyAqi.SCRIPT, goldenFiles());
    }

    @Test
    void goldenCasesCoverSeveralEvaluationDates() throws IOException {
        TreeSet<String> dates = new TreeSet<>();
        for (Path p : goldenFiles()) {
            dates.add(GoldenReplay.readJson(p).get("eval_date").asText());
        }
        assertTrue(dates.size() >= 3, "eval dates: " + dates);
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), CountyAqiGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        assertTrue(g.hasNonNull("eval_date"), "eval_date recorded");
        Outcome r = GoldenReplay.replay(CountyAqi.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        JsonNode pr = GoldenReplay.readJson(GoldenReplay.promptsFile(file));
        GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), CountyAqi.TASK_DESCRIPTION);
        // Extraction order, schema names, and the script's own prompt (verbatim, inside the engine's prompt).
        JsonNode counties = g.path("extractions").path("counties").path("counties");
        List<String> expectedExtractions = new ArrayList<>();
        pr.get("extractions").forEach(e -> expectedExtractions.add(e.get(0).asText() + " " + e.get(1).asText()
                + " " + e.get(2).asText()));
        List<String> actualExtractions = new ArrayList<>();
        for (ExtractionRequest req : r.extractionRequests()) {
            String n = req.extractionName();
            String prompt;
            if (n.equals("counties")) {
                prompt = CountyAqi.promptExtractCounties();
            } else if (n.equals("aqi_urls")) {
                prompt = CountyAqi.promptExtractAqiUrls();
            } else {
                int i = Integer.parseInt(n.split("_")[1]);
                String name = counties.get(i).get("name").asText();
                prompt = n.endsWith("_population_urls") ? CountyAqi.promptExtractPopulationUrlsForCounty(name)
                        : CountyAqi.promptExtractGdpUrlsForCounty(name);
            }
            assertTrue(req.prompt().contains(prompt), n + " prompt sent");
            actualExtractions.add(n + " " + req.schemaName() + " " + GoldenReplay.sha256(prompt));
        }
        assertEquals(expectedExtractions, actualExtractions, "extractions: order, schema name, script prompt");
        GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
    }
}
