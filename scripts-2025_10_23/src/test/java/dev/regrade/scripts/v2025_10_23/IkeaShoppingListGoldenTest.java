package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.PyJson;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.Page;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private static final String SCREENSHOT = "c3R1Yi1zY3JlZW5zaG90"; // base64("stub-screenshot")

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts) {
    }

    /**
     * Runs the port on a scripted context: the extractor returns the recorded dict for the extraction
     * name (a name not recorded fails, as the harness's client raised); the judge answers from the
     * table, else the default; every URL is a page with text {@code Stub page text for <url>} and one
     * screenshot, as the Python harness's cache stub.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge) {
        boolean dflt = judge.path("default").asBoolean(true);
        JsonNode table = judge.path("table");
        Map<String, String> extractionPrompts = new LinkedHashMap<>();
        EvaluationContext ctx = EvaluationContext.of(answer)
                .withNames("agent", "answer_1")
                .withModel("o4-mini")
                .withHashSeed(0)
                .withClock(new EvalClock(LocalDate.parse("2025-10-23")))
                .withJudge(r -> new JudgeReply("scripted verdict",
                        table.has(r.claim()) ? table.get(r.claim()).asBoolean() : dflt))
                .withExtractor(r -> {
                    extractionPrompts.put(r.extractionName(), r.prompt());
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v;
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of(SCREENSHOT))));
        Evaluator evaluator = new Evaluator(ctx);
        try {
            new IkeaShoppingList().evaluate(evaluator, variant);
            evaluator.summary();
            return new Run(evaluator, null, extractionPrompts);
        } catch (PyException e) {
            return new Run(evaluator, e.pythonType() + ": " + e.pythonMessage(), extractionPrompts);
        }
    }

    static Path resources(String sub) {
        try {
            return Path.of(IkeaShoppingListGoldenTest.class.getResource("ikea_shopping_list/" + sub).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode read(Path p) {
        try {
            return PyJson.parse(Files.readString(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> goldenFiles() {
        try (Stream<Path> s = Files.list(resources("golden"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyGoldenCaseScoresAsThePythonOriginal() {
        List<Path> files = goldenFiles();
        assertFalse(files.isEmpty(), "no golden files");
        return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> replay(read(p))));
    }

    private static void replay(JsonNode g) {
        Run r = run(g.get("variant").textValue(), g.get("answer").textValue(), g.path("extractions"), g.path("judge"));
        JsonNode expected = g.get("expected");
        if (expected.has("crash")) {
            assertEquals(expected.get("crash").textValue(), r.crash(), "crash");
        } else {
            if (r.crash() != null) {
                fail("the port raised " + r.crash() + " where the original completed");
            }
            // Python's JSON text of both: float repr, NaN/Infinity, int vs float and key order all count.
            assertEquals(PyJson.dumps(expected.get("summary"), 2), PyJson.dumps(r.evaluator().summary(), 2));
        }
        List<String> expectedClaims = new ArrayList<>();
        g.get("judge_claims").forEach(c -> expectedClaims.add(c.textValue()));
        assertEquals(expectedClaims, r.evaluator().judgeRequests().stream().map(JudgeCall::claim).toList(),
                "judge claims in call order");

        JsonNode pr = g.get("prompts");
        assertEquals(pr.get("task_description_sha256").textValue(), sha256(IkeaShoppingList.TASK_DESCRIPTION),
                "TASK_DESCRIPTION");
        Map<String, String> expectedExtraction = new LinkedHashMap<>();
        pr.get("script_extraction_prompt_sha256").fields()
                .forEachRemaining(e -> expectedExtraction.put(e.getKey(), e.getValue().textValue()));
        Map<String, String> actualExtraction = new LinkedHashMap<>();
        for (String type : IkeaShoppingList.REQUIRED_TYPES) {
            String name = type.replace(" ", "_") + "_extraction";
            String prompt = IkeaShoppingList.promptExtractFurnitureItem(type);
            assertTrue(r.extractionPrompts().get(name).contains(prompt), name + " prompt sent");
            actualExtraction.put(name, sha256(prompt));
        }
        assertTrue(r.extractionPrompts().get("total_price_extraction").contains(IkeaShoppingList.promptExtractTotalPrice()));
        actualExtraction.put("total_price_extraction", sha256(IkeaShoppingList.promptExtractTotalPrice()));
        assertEquals(expectedExtraction, actualExtraction, "extraction prompts, in call order");
        assertEquals(List.copyOf(expectedExtraction.keySet()), List.copyOf(r.extractionPrompts().keySet()),
                "extraction order");
        List<String> expectedJudge = new ArrayList<>();
        pr.get("judge_prompt_sha256").forEach(h -> expectedJudge.add(h.textValue()));
        assertEquals(expectedJudge, r.evaluator().judgeRequests().stream().map(JudgeCall::promptSha256).toList(),
                "judge prompts");
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
