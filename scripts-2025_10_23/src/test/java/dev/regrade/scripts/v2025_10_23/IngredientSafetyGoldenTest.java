package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.JudgeCall;
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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
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
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SCREENSHOT = "c3R1Yi1zY3JlZW5zaG90"; // base64("stub-screenshot")

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, Map<String, String> extractionPrompts,
               Map<String, String> extractionSchemas) {
    }

    /**
     * Runs the port on a scripted context: the extractor returns the recorded dict for the extraction
     * name (a missing name fails, as a failed extraction); the judge answers from the table, else the
     * default; every URL is a page with text {@code Stub page text for <url>} and one screenshot, as
     * the Python harness's cache stub.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge) {
        boolean dflt = judge.path("default").asBoolean(true);
        JsonNode table = judge.path("table");
        Map<String, String> prompts = new LinkedHashMap<>();
        Map<String, String> schemas = new LinkedHashMap<>();
        EvaluationContext ctx = EvaluationContext.of(answer)
                .withNames("agent", "answer_1")
                .withModel("o4-mini")
                .withHashSeed(0)
                .withClock(new EvalClock(LocalDate.parse("2025-10-23")))
                .withJudge(r -> new JudgeReply("scripted verdict",
                        table.has(r.claim()) ? table.get(r.claim()).asBoolean() : dflt))
                .withExtractor(r -> {
                    prompts.put(r.extractionName(), r.prompt());
                    schemas.put(r.extractionName(), r.schemaName());
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v;
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of(SCREENSHOT))));
        Evaluator evaluator = new Evaluator(ctx);
        try {
            new IngredientSafety().evaluate(evaluator, variant);
            evaluator.summary();
            return new Run(evaluator, null, prompts, schemas);
        } catch (PyException e) {
            return new Run(evaluator, e.pythonType() + ": " + e.pythonMessage(), prompts, schemas);
        }
    }

    static List<String> claims(Evaluator evaluator) {
        return evaluator.judgeRequests().stream().map(JudgeCall::claim).toList();
    }

    static Path resources(String sub) {
        try {
            return Path.of(IngredientSafetyGoldenTest.class.getResource("ingredient_safety/" + sub).toURI());
        } catch (URISyntaxException e) {
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

    private static List<Path> goldenFiles() throws IOException {
        try (Stream<Path> s = Files.list(resources("golden"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyVariantHasItsGoldenCases() throws IOException {
        Map<String, Integer> perVariant = new LinkedHashMap<>();
        for (Path p : goldenFiles()) {
            perVariant.merge(MAPPER.readTree(p.toFile()).get("variant").asText(), 1, Integer::sum);
        }
        assertEquals(new TreeSet<>(new IngredientSafety().variants()), new TreeSet<>(perVariant.keySet()));
        perVariant.forEach((v, n) -> assertTrue(n >= 10 && n <= 30, v + " has " + n + " golden cases"));
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        List<Path> files = goldenFiles();
        assertFalse(files.isEmpty(), "no golden files");
        return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> replay(p)));
    }

    private static void replay(Path file) throws IOException {
        JsonNode g = MAPPER.readTree(file.toFile());
        assertEquals("2025-10-23", g.path("eval_date").asText());
        assertEquals(0, g.path("hash_seed").asLong());
        Run r = run(g.get("variant").asText(), g.get("answer").asText(), g.path("extractions"), g.path("judge"));
        JsonNode expected = g.get("expected");
        if (expected.has("crash")) {
            assertEquals(expected.get("crash").asText(), r.crash(), "crash");
        } else {
            if (r.crash() != null) {
                fail("the port raised " + r.crash());
            }
            JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(r.evaluator().summary()));
            assertJsonEquals(expected.get("summary"), actual, "$");
        }
        List<String> expectedClaims = new ArrayList<>();
        g.get("judge_claims").forEach(c -> expectedClaims.add(c.asText()));
        assertEquals(expectedClaims, claims(r.evaluator()), "judge claims in call order");

        JsonNode pr = MAPPER.readTree(resources("prompts").resolve(file.getFileName()).toFile());
        assertEquals(pr.get("task_description_sha256").asText(), sha256(IngredientSafety.TASK_DESCRIPTION),
                "TASK_DESCRIPTION");
        // The extractions made, in order, with the script's own prompt verbatim inside the full prompt sent,
        // the full prompt byte-identical, and the template (schema) name.
        List<String> names = new ArrayList<>();
        pr.get("script_extraction_prompt").fieldNames().forEachRemaining(names::add);
        assertEquals(names, new ArrayList<>(r.extractionPrompts().keySet()), "extractions in call order");
        for (String name : names) {
            String scriptPrompt = pr.get("script_extraction_prompt").get(name).asText();
            assertEquals(pr.get("script_extraction_prompt_sha256").get(name).asText(), sha256(scriptPrompt));
            assertTrue(r.extractionPrompts().get(name).contains(scriptPrompt), name + ": script prompt sent verbatim");
            assertEquals(pr.get("extraction_message_sha256").get(name).asText(),
                    sha256(r.extractionPrompts().get(name)), name + ": full extraction prompt");
            assertEquals(pr.get("extraction_schema").get(name).asText(), r.extractionSchemas().get(name),
                    name + ": schema name");
        }
        assertEquals(sha256(IngredientSafety.promptExtractFragrances()),
                pr.get("script_extraction_prompt_sha256").get("fragrances").asText(), "prompt_extract_fragrances");
        List<String> expectedJudge = new ArrayList<>();
        pr.get("judge_prompt_sha256").forEach(h -> expectedJudge.add(h.asText()));
        assertEquals(expectedJudge, r.evaluator().judgeRequests().stream().map(JudgeCall::promptSha256).toList(),
                "judge prompts");
    }

    /** Structural JSON equality with a readable path; numbers compare by value and kind (int vs float). */
    static void assertJsonEquals(JsonNode expected, JsonNode actual, String path) {
        if (expected.isNumber() && actual.isNumber()) {
            assertEquals(expected.isIntegralNumber(), actual.isIntegralNumber(), path + " int/float");
            assertEquals(expected.doubleValue(), actual.doubleValue(), 0.0, path);
            return;
        }
        assertEquals(expected.getNodeType(), actual.getNodeType(), path + " type");
        if (expected.isObject()) {
            assertEquals(iter(expected.fieldNames()), iter(actual.fieldNames()), path + " keys");
            expected.fieldNames().forEachRemaining(k -> assertJsonEquals(expected.get(k), actual.get(k), path + "." + k));
        } else if (expected.isArray()) {
            assertEquals(expected.size(), actual.size(), path + " length");
            for (int i = 0; i < expected.size(); i++) {
                assertJsonEquals(expected.get(i), actual.get(i), path + "[" + i + "]");
            }
        } else {
            assertEquals(expected, actual, path);
        }
    }

    private static List<String> iter(Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
