package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * with the FIXES.md §A fix) through the Java port: the same summary JSON, the same judge claims in
 * the same order, and the same prompt texts (SHA-256 of the task description, of every script
 * extraction prompt and full extraction message, and of every judge prompt).
 */
class BaltimoreMarcStationGoldenTest {
    private static final String SCRIPT_DIR = "baltimore_marc_station";

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts) {
    }

    /**
     * Runs the port on a scripted context ({@link GoldenReplay#scriptedContext}): the judge answers
     * from the table, else the default.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge, String evalDate,
                   long hashSeed) {
        Outcome o = GoldenReplay.run(BaltimoreMarcStation.SCRIPT, variant, answer, extractions,
                GoldenReplay.tableJudge(judge), evalDate, hashSeed);
        return new Run(o.evaluator(), o.crash(), o.extractionPrompts());
    }

    static List<String> claims(Evaluator evaluator) {
        return GoldenReplay.claims(evaluator);
    }

    private static List<Path> goldenFiles() throws IOException {
        return GoldenReplay.goldenFiles(BaltimoreMarcStationGoldenTest.class, SCRIPT_DIR);
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        GoldenReplay.assertEveryVariantHasGoldenCases(BaltimoreMarcStation.SCRIPT, goldenFiles());
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        return GoldenReplay.perGoldenFile(goldenFiles(), BaltimoreMarcStationGoldenTest::replay);
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = GoldenReplay.readJson(file);
        Outcome r = GoldenReplay.replay(BaltimoreMarcStation.SCRIPT, g);
        GoldenReplay.assertSummaryOrCrash(g.get("expected"), r);
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        Path prompts = GoldenReplay.promptsFile(file);
        if (Files.exists(prompts)) {
            JsonNode pr = GoldenReplay.readJson(prompts);
            GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), BaltimoreMarcStation.TASK_DESCRIPTION);
            // The script's own extraction prompts, verbatim, each sent inside the engine's extraction message.
            List<String> names = new ArrayList<>();
            g.path("extractions").path("found_stations").path("station_names")
                    .forEach(n -> names.add(n.isNull() ? null : n.asText()));
            Map<String, String> sent = r.extractionPrompts();
            Map<String, String> actualScript = new LinkedHashMap<>();
            for (String name : sent.keySet()) {
                String prompt = name.equals("found_stations")
                        ? BaltimoreMarcStation.promptExtractStationNames()
                        : BaltimoreMarcStation.promptExtractSingleStationInfo(names.get(index(name)));
                assertTrue(sent.get(name).contains(prompt), name + " prompt sent");
                actualScript.put(name, GoldenReplay.sha256(prompt));
            }
            assertEquals(GoldenReplay.textFields(pr.get("script_extraction_prompt_sha256")), actualScript,
                    "script extraction prompts, in call order");
            assertEquals(GoldenReplay.textFields(pr.get("extraction_message_sha256")), GoldenReplay.sha256Values(sent),
                    "full extraction messages");
            GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
        }
    }

    /** {@code station_<i>_details} → i. */
    private static int index(String extractionName) {
        return Integer.parseInt(extractionName.substring("station_".length(), extractionName.indexOf("_details")));
    }
}
