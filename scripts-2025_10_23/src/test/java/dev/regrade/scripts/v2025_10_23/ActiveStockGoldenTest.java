package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * with the two corrected tolerance notes for {@code fixed}) through the Java port: same summary
 * JSON, same judge claims in the same order, and the same prompt texts (SHA-256 of the task
 * description, of the script's extraction prompts and of every full judge prompt, which contains
 * the judge instruction the fix changes).
 */
class ActiveStockGoldenTest {
    static final ObjectMapper MAPPER = GoldenReplay.MAPPER;
    private static final String SCRIPT_DIR = "active_stock";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, List<JudgeRequest> judgeRequests) {
    }

    /** Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}); {@code judge} gives each verdict. */
    static Run run(String variant, String answer, JsonNode extractions, Function<JudgeRequest, Boolean> judge,
                   String evalDate, long hashSeed) {
        Outcome o = GoldenReplay.run(ActiveStock.SCRIPT, variant, answer, extractions, judge, evalDate, hashSeed);
        return new Run(o.evaluator(), o.crash(), o.judgeRequests());
    }

    static List<String> claims(Evaluator evaluator) {
        return GoldenReplay.claims(evaluator);
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.goldenFiles(ActiveStockGoldenTest.class, SCRIPT_DIR);
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(ActiveStock.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), ActiveStockGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(ActiveStock.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        Path prompts = GoldenReplay.promptsFile(file);
        assertTrue(Files.exists(prompts), "prompt digests recorded for " + file.getFileName());
        JsonNode pr = GoldenReplay.readJson(prompts);
        GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), ActiveStock.TASK_DESCRIPTION);
        // The script's own extraction prompts, verbatim (company_n_info is parameterised by the n-th name).
        Map<String, String> expectedExtraction = GoldenReplay.textFields(pr.get("script_extraction_prompt_sha256"));
        Map<String, String> actualExtraction = new LinkedHashMap<>();
        for (String name : expectedExtraction.keySet()) {
            String prompt;
            if (name.equals("company_names")) {
                prompt = ActiveStock.promptExtractCompanyNames();
            } else {
                int n = Integer.parseInt(name.substring("company_".length(), name.length() - "_info".length()));
                prompt = ActiveStock.promptExtractCompanyInfo(
                        g.path("extractions").path("company_names").path("companies").get(n - 1).asText());
            }
            actualExtraction.put(name, GoldenReplay.sha256(prompt));
        }
        assertEquals(expectedExtraction, actualExtraction, "extraction prompts");
        GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts (instruction text included)");
    }
}
