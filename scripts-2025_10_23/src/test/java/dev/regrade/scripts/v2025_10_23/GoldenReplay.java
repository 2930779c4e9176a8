package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.script.RubricScript;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
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
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * The machinery shared by the golden-replay tests ({@code *GoldenTest}): locating and reading the
 * golden cases recorded from the Python original, running a script on a scripted
 * {@link EvaluationContext} built from a case, and the assertions every replay makes (summary JSON
 * or crash, judge claims, prompt digests). The script-specific checks stay in each test.
 */
final class GoldenReplay {
    static final ObjectMapper MAPPER = new ObjectMapper();
    /** The evaluation date of a case that does not record one. */
    static final String DEFAULT_EVAL_DATE = "2025-10-23";
    /** The answer of a hand-built case that does not give one. */
    static final String SCRIPTED_ANSWER = "Scripted answer text.";
    private static final String SCREENSHOT = "c3R1Yi1zY3JlZW5zaG90"; // base64("stub-screenshot")

    private GoldenReplay() {
    }

    /**
     * A finished run: the evaluator (summary, judge journal), the Python error it raised as
     * {@code Type: message} (null when it completed), and every extraction and judge request the
     * script made, in call order.
     */
    record Outcome(Evaluator evaluator, String crash, List<ExtractionRequest> extractionRequests,
                   List<JudgeRequest> judgeRequests) {

        /** The judge claims, in call order. */
        List<String> claims() {
            return GoldenReplay.claims(evaluator);
        }

        /** SHA-256 of every full judge prompt, in call order. */
        List<String> judgePromptSha256() {
            return evaluator.judgeRequests().stream().map(JudgeCall::promptSha256).toList();
        }

        /** The judge URLs (null for a judge call without one), in call order. */
        List<String> judgeUrls() {
            return evaluator.judgeRequests().stream().map(JudgeCall::url).toList();
        }

        /** Extraction name → full prompt sent, in first-call order (a repeated name keeps its last prompt). */
        Map<String, String> extractionPrompts() {
            Map<String, String> out = new LinkedHashMap<>();
            extractionRequests.forEach(r -> out.put(r.extractionName(), r.prompt()));
            return out;
        }

        /** Extraction name → template (schema) name, in first-call order. */
        Map<String, String> extractionSchemas() {
            Map<String, String> out = new LinkedHashMap<>();
            extractionRequests.forEach(r -> out.put(r.extractionName(), r.schemaName()));
            return out;
        }

        /** The summary as Jackson JSON (the run must have completed). */
        JsonNode summaryJson() throws JsonProcessingException {
            return MAPPER.readTree(MAPPER.writeValueAsString(ResultJson.summary(evaluator)));
        }
    }

    // ---- golden files --------------------------------------------------------------------------

    /** {@code <scriptDir>/<sub>} among the test resources of {@code testClass}'s package. */
    static Path resources(Class<?> testClass, String scriptDir, String sub) {
        URL url = testClass.getResource(scriptDir + "/" + sub);
        if (url == null) {
            throw new IllegalStateException(scriptDir + "/" + sub + " missing from the test classpath");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code .json} files of a directory, sorted by name. */
    static List<Path> jsonFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    /** The golden cases of a script: {@code <scriptDir>/golden/*.json}, sorted by name. */
    static List<Path> goldenFiles(Class<?> testClass, String scriptDir) throws IOException {
        return jsonFiles(resources(testClass, scriptDir, "golden"));
    }

    /** The prompt digests recorded next to a golden case: {@code ../prompts/<same name>}. */
    static Path promptsFile(Path goldenFile) {
        return goldenFile.getParent().resolveSibling("prompts").resolve(goldenFile.getFileName());
    }

    static JsonNode readJson(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** One dynamic test per golden file, named by the file; there must be at least one. */
    static Stream<DynamicTest> perGoldenFile(List<Path> files, ThrowingConsumer<Path> check) {
        assertFalse(files.isEmpty(), "no golden files");
        return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check.accept(p)));
    }

    // ---- scripted context and replay -----------------------------------------------------------

    /** The golden files' judge: the table (claim → verdict), else the default (true when absent). */
    static Function<JudgeRequest, Boolean> tableJudge(JsonNode judge) {
        boolean dflt = judge.path("default").asBoolean(true);
        JsonNode table = judge.path("table");
        return r -> table.has(r.claim()) ? table.get(r.claim()).asBoolean() : dflt;
    }

    /**
     * A scripted context, as the Python harness's stubs: the extractor returns (a copy of) the
     * recorded dict for the extraction name, from the answer or a page alike (a missing name fails,
     * as a failed extraction); {@code judge} gives each verdict; every URL is a page with text
     * {@code Stub page text for <url>} and one screenshot. Every request is appended to the logs.
     */
    static EvaluationContext scriptedContext(String answer, JsonNode extractions, Function<JudgeRequest, Boolean> judge,
                                             String evalDate, long hashSeed, List<ExtractionRequest> extractionLog,
                                             List<JudgeRequest> judgeLog) {
        return EvaluationContext.of(answer)
                .withNames("agent", "answer_1")
                .withModel("o4-mini")
                .withHashSeed(hashSeed)
                .withClock(new EvalClock(LocalDate.parse(evalDate)))
                .withJudge(r -> {
                    judgeLog.add(r);
                    return new JudgeReply("scripted verdict", judge.apply(r));
                })
                .withExtractor(r -> {
                    extractionLog.add(r);
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v.deepCopy();
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of(SCREENSHOT))));
    }

    /** Runs a variant of the script on a scripted context and takes its summary, or the Python error it raised. */
    static Outcome run(RubricScript script, String variant, String answer, JsonNode extractions,
                       Function<JudgeRequest, Boolean> judge, String evalDate, long hashSeed) {
        List<ExtractionRequest> extractionLog = new ArrayList<>();
        List<JudgeRequest> judgeLog = new ArrayList<>();
        Evaluator evaluator = new Evaluator(
                scriptedContext(answer, extractions, judge, evalDate, hashSeed, extractionLog, judgeLog));
        try {
            script.evaluate(evaluator, variant);
            ResultJson.summary(evaluator);
            return new Outcome(evaluator, null, extractionLog, judgeLog);
        } catch (PyException e) {
            return new Outcome(evaluator, e.pythonType() + ": " + e.pythonMessage(), extractionLog, judgeLog);
        }
    }

    /**
     * Replays a golden-shaped case: its variant, answer ({@link #SCRIPTED_ANSWER} if absent),
     * extractions, judge table, eval_date ({@link #DEFAULT_EVAL_DATE} if absent) and hash_seed (0 if absent).
     */
    static Outcome replay(RubricScript script, JsonNode golden) {
        return run(script, golden.get("variant").asText(), golden.path("answer").asText(SCRIPTED_ANSWER),
                golden.path("extractions"), tableJudge(golden.path("judge")),
                golden.path("eval_date").asText(DEFAULT_EVAL_DATE), golden.path("hash_seed").asLong(0));
    }

    // ---- assertions ----------------------------------------------------------------------------

    /** Every variant of the script, and no other, has between 10 and 30 golden cases. */
    static void assertEveryVariantHasGoldenCases(RubricScript script, List<Path> goldenFiles) throws IOException {
        Map<String, Integer> perVariant = new LinkedHashMap<>();
        for (Path p : goldenFiles) {
            perVariant.merge(readJson(p).get("variant").asText(), 1, Integer::sum);
        }
        assertEquals(new TreeSet<>(script.variantNames()), new TreeSet<>(perVariant.keySet()), "variants with golden cases");
        perVariant.forEach((v, n) -> assertTrue(n >= 10 && n <= 30, v + " has " + n + " golden cases"));
    }

    /** The run completed, as the original did. */
    static void assertCompleted(Outcome outcome) {
        if (outcome.crash() != null) {
            fail("the port raised " + outcome.crash() + " where the original completed");
        }
    }

    /**
     * The case's {@code expected}: the same crash ({@code Type: message}), or a completed run whose
     * summary equals the recorded one structurally ({@link #assertJsonEquals}).
     */
    static void assertSummaryOrCrash(JsonNode expected, Outcome outcome) throws JsonProcessingException {
        if (expected.has("crash")) {
            assertEquals(expected.get("crash").asText(), outcome.crash(), "crash");
        } else {
            assertCompleted(outcome);
            assertJsonEquals(expected.get("summary"), outcome.summaryJson(), "$");
        }
    }

    /** The recorded judge claims, in call order. */
    static void assertJudgeClaims(JsonNode expectedClaims, Outcome outcome) {
        assertEquals(texts(expectedClaims), outcome.claims(), "judge claims in call order");
    }

    /** The recorded SHA-256 of every full judge prompt, in call order. */
    static void assertJudgePrompts(JsonNode expectedSha256, Outcome outcome, String message) {
        assertEquals(texts(expectedSha256), outcome.judgePromptSha256(), message);
    }

    /** The recorded SHA-256 of the script's task description. */
    static void assertTaskDescription(JsonNode expectedSha256, String taskDescription) {
        assertEquals(expectedSha256.asText(), sha256(taskDescription), "TASK_DESCRIPTION");
    }

    /**
     * The extractions recorded in a prompts file ({@code script_extraction_prompt},
     * {@code script_extraction_prompt_sha256}, {@code extraction_message_sha256},
     * {@code extraction_schema}, keyed by extraction name in call order) are the ones made: same
     * names in the same order, the script's own prompt verbatim (and hashing as recorded) inside the
     * full prompt sent, the full prompt byte-identical, and the same template (schema) name.
     */
    static void assertRecordedExtractions(JsonNode prompts, Outcome outcome) {
        Map<String, String> sent = outcome.extractionPrompts();
        Map<String, String> schemas = outcome.extractionSchemas();
        List<String> names = fieldNames(prompts.get("script_extraction_prompt"));
        assertEquals(names, new ArrayList<>(sent.keySet()), "extractions in call order");
        for (String name : names) {
            String scriptPrompt = prompts.get("script_extraction_prompt").get(name).asText();
            assertEquals(prompts.get("script_extraction_prompt_sha256").get(name).asText(), sha256(scriptPrompt),
                    name + ": recorded script prompt hashes as recorded");
            assertTrue(sent.get(name).contains(scriptPrompt), name + ": script prompt sent verbatim");
            assertEquals(prompts.get("extraction_message_sha256").get(name).asText(), sha256(sent.get(name)),
                    name + ": full extraction prompt");
            assertEquals(prompts.get("extraction_schema").get(name).asText(), schemas.get(name), name + ": schema name");
        }
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
            assertEquals(fieldNames(expected), fieldNames(actual), path + " keys");
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

    // ---- small helpers -------------------------------------------------------------------------

    static List<String> claims(Evaluator evaluator) {
        return evaluator.judgeRequests().stream().map(JudgeCall::claim).toList();
    }

    /** The texts of a JSON array, a JSON null as null. */
    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(c -> out.add(c.isNull() ? null : c.asText()));
        return out;
    }

    /** The fields of a JSON object as texts, in order. */
    static Map<String, String> textFields(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fieldNames().forEachRemaining(k -> out.put(k, object.get(k).asText()));
        return out;
    }

    /** The same map with every value replaced by its SHA-256. */
    static Map<String, String> sha256Values(Map<String, String> texts) {
        Map<String, String> out = new LinkedHashMap<>();
        texts.forEach((k, v) -> out.put(k, sha256(v)));
        return out;
    }

    static List<String> fieldNames(JsonNode object) {
        List<String> out = new ArrayList<>();
        Iterator<String> it = object.fieldNames();
        it.forEachRemaining(out::add);
        return out;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
