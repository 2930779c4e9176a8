package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.rubric.Evaluator;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and copies patched
 * for {@code fixed} and {@code instructors-last}) through the Java port: same summary JSON, same
 * judge claims in the same order, and the same prompt texts (SHA-256 of every extraction and judge
 * prompt, where the case recorded them).
 */
class RlCourseBookGoldenTest {
    static final ObjectMapper MAPPER = GoldenReplay.MAPPER;
    private static final String SCRIPT_DIR = "rl_course_book";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts) {
    }

    /**
     * Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}): the judge answers
     * from the table, else the default.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge, String evalDate,
                   long hashSeed) {
        Outcome o = GoldenReplay.run(RlCourseBook.SCRIPT, variant, answer, extractions,
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
        return GoldenReplay.resources(RlCourseBookGoldenTest.class, SCRIPT_DIR, sub);
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.jsonFiles(resources("golden"));
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(RlCourseBook.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), RlCourseBookGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(RlCourseBook.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        Path prompts = GoldenReplay.promptsFile(file);
        if (Files.exists(prompts)) {
            JsonNode pr = GoldenReplay.readJson(prompts);
            GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), RlCourseBook.TASK_DESCRIPTION);
            // The script's own extraction prompt, verbatim, and sent inside the engine's extraction prompt.
            Map<String, String> sent = r.extractionPrompts();
            Map<String, String> actualExtraction = new LinkedHashMap<>();
            for (String university : RlCourseBook.UNIVERSITIES) {
                String name = university.toLowerCase(Locale.ROOT).replace(" ", "_") + "_course_info";
                String prompt = RlCourseBook.promptExtractCourseForUniversity(university);
                assertTrue(sent.get(name).contains(prompt), name + " prompt sent");
                actualExtraction.put(name, GoldenReplay.sha256(prompt));
            }
            assertEquals(GoldenReplay.textFields(pr.get("script_extraction_prompt_sha256")), actualExtraction,
                    "extraction prompts");
            GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
        }
    }
}
