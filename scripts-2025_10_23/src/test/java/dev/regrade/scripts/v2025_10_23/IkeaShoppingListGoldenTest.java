package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.scripts.v2025_10_23.GoldenReplay.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (released script, and a copy with the
 * fixed {@code extract_numeric_price}) on the upstream engine through the Java port: the same summary
 * (compared as Python's JSON text, so float repr, NaN and key order count), or the same crash; the
 * same judge claims in call order (votes included); the same prompt texts (SHA-256 of the task
 * description, of each script extraction prompt, and of every judge prompt).
 */
class IkeaShoppingListGoldenTest {
    /** {@code json.dumps(obj, indent=2, ensure_ascii=False)}. */
    private static final PyJson.Format INDENT_2 = PyJson.DUMPS.indent(2).ensureAscii(false);

    private static final String SCRIPT_DIR = "ikea_shopping_list";

    /** A golden case, parsed as Python's json would (NaN and Infinity included). */
    static JsonNode read(Path p) {
        try {
            return JsonFiles.parse(Files.readString(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> goldenFiles() {
        try {
            return GoldenReplay.goldenFiles(IkeaShoppingListGoldenTest.class, SCRIPT_DIR);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyGoldenCaseScoresAsThePythonOriginal() {
        return GoldenReplay.perGoldenFile(goldenFiles(), p -> replay(read(p)));
    }

    private static void replay(JsonNode g) {
        Outcome r = GoldenReplay.replay(IkeaShoppingList.SCRIPT, g);
        JsonNode expected = g.get("expected");
        if (expected.has("crash")) {
            assertEquals(expected.get("crash").textValue(), r.crash(), "crash");
        } else {
            GoldenReplay.assertCompleted(r);
            // Python's JSON text of both: float repr, NaN/Infinity, int vs float and key order all count.
            assertEquals(PyJson.dumps(expected.get("summary"), INDENT_2), PyJson.dumps(ResultJson.summary(r.evaluator()), INDENT_2));
        }
        GoldenReplay.assertJudgeClaims(g.get("judge_claims"), r);

        JsonNode pr = g.get("prompts");
        GoldenReplay.assertTaskDescription(pr.get("task_description_sha256"), IkeaShoppingList.TASK_DESCRIPTION);
        Map<String, String> expectedExtraction = GoldenReplay.textFields(pr.get("script_extraction_prompt_sha256"));
        Map<String, String> sent = r.extractionPrompts();
        Map<String, String> actualExtraction = new LinkedHashMap<>();
        for (String type : IkeaShoppingList.REQUIRED_TYPES) {
            String name = type.replace(" ", "_") + "_extraction";
            String prompt = IkeaShoppingList.promptExtractFurnitureItem(type);
            assertTrue(sent.get(name).contains(prompt), name + " prompt sent");
            actualExtraction.put(name, GoldenReplay.sha256(prompt));
        }
        assertTrue(sent.get("total_price_extraction").contains(IkeaShoppingList.promptExtractTotalPrice()),
                "total_price_extraction prompt sent");
        actualExtraction.put("total_price_extraction", GoldenReplay.sha256(IkeaShoppingList.promptExtractTotalPrice()));
        assertEquals(expectedExtraction, actualExtraction, "extraction prompts, in call order");
        assertEquals(List.copyOf(expectedExtraction.keySet()), List.copyOf(sent.keySet()), "extraction order");
        GoldenReplay.assertJudgePrompts(pr.get("judge_prompt_sha256"), r, "judge prompts");
    }

    @Test
    void bothVariantsHaveTheirGoldenCasesAndTheTargetedOnesDiffer() {
        Map<String, Integer> perVariant = new LinkedHashMap<>();
        Map<String, Double> released = new LinkedHashMap<>();
        Map<String, Double> fixed = new LinkedHashMap<>();
        for (Path p : goldenFiles()) {
            JsonNode g = read(p);
            String variant = g.get("variant").textValue();
            perVariant.merge(variant, 1, Integer::sum);
            String caseName = p.getFileName().toString().replaceFirst("^[a-z]+__", "");
            double score = g.path("expected").path("summary").path("final_score").asDouble(-1);
            (variant.equals("released") ? released : fixed).put(caseName, score);
        }
        assertEquals(List.of("fixed", "released"), perVariant.keySet().stream().sorted().toList());
        perVariant.forEach((v, n) -> assertTrue(n >= 10 && n <= 30, v + " has " + n + " golden cases"));
        assertEquals(released.keySet(), fixed.keySet(), "same cases in both variants");
        // The fix flips the budget verdict both ways in the recorded set.
        assertEquals(0.0, released.get("targeted_words_flip_to_pass.json"));
        assertEquals(1.0, fixed.get("targeted_words_flip_to_pass.json"));
        assertEquals(1.0, released.get("targeted_each_flip_to_fail.json"));
        assertEquals(0.0, fixed.get("targeted_each_flip_to_fail.json"));
        assertEquals(released.get("targeted_was_now_two_amounts.json"), fixed.get("targeted_was_now_two_amounts.json"));
        for (String name : released.keySet()) {
            if (!name.startsWith("targeted_")) {
                assertEquals(released.get(name), fixed.get(name), name + ": untargeted case changed with the fix");
            }
        }
        assertNotEquals(released, fixed);
    }
}
