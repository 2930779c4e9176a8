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
import dev.regrade.rubric.port.JudgeRequest;
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
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SCREENSHOT = "c3R1Yi1zY3JlZW5zaG90"; // base64("stub-screenshot")

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, List<JudgeRequest> judgeRequests) {
    }

    /**
     * Runs the port on a scripted context: the extractor returns the recorded dict for the
     * extraction name (a missing name fails, as a failed extraction); {@code judge} gives each
     * verdict; every URL is a page with text {@code Stub page text for <url>} and one screenshot,
     * as the Python harness's cache stub.
     */
    static Run run(String variant, String answer, JsonNode extractions, Function<JudgeRequest, Boolean> judge,
                   String evalDate, long hashSeed) {
        List<JudgeRequest> requests = new ArrayList<>();
        EvaluationContext ctx = EvaluationContext.of(answer)
                .withNames("agent", "answer_1")
                .withModel("o4-mini")
                .withHashSeed(hashSeed)
                .withClock(new EvalClock(LocalDate.parse(evalDate)))
                .withJudge(r -> {
                    requests.add(r);
                    return new JudgeReply("scripted verdict", judge.apply(r));
                })
                .withExtractor(r -> {
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v;
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of(SCREENSHOT))));
        Evaluator evaluator = new Evaluator(ctx);
        try {
            new ActiveStock().evaluate(evaluator, variant);
            evaluator.summary();
            return new Run(evaluator, null, requests);
        } catch (PyException e) {
            return new Run(evaluator, e.pythonType() + ": " + e.pythonMessage(), requests);
        }
    }

    /** The golden files' judge: the table (claim → verdict), else the default. */
    static Function<JudgeRequest, Boolean> tableJudge(JsonNode judge) {
        boolean dflt = judge.path("default").asBoolean(true);
        JsonNode table = judge.path("table");
        return r -> table.has(r.claim()) ? table.get(r.claim()).asBoolean() : dflt;
    }

    static List<String> claims(Evaluator evaluator) {
        return evaluator.judgeRequests().stream().map(JudgeCall::claim).toList();
    }

    static Path resources(String sub) {
        try {
            return Path.of(ActiveStockGoldenTest.class.getResource("active_stock/" + sub).toURI());
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
        assertEquals(new TreeSet<>(new ActiveStock().variants()), new TreeSet<>(perVariant.keySet()));
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
        Run r = run(g.get("variant").asText(), g.get("answer").asText(), g.path("extractions"),
                tableJudge(g.path("judge")), g.path("eval_date").asText("2025-10-23"), g.path("hash_seed").asLong(0));
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

        Path prompts = resources("prompts").resolve(file.getFileName());
        assertTrue(Files.exists(prompts), "prompt digests recorded for " + file.getFileName());
        JsonNode pr = MAPPER.readTree(prompts.toFile());
        assertEquals(pr.get("task_description_sha256").asText(), sha256(ActiveStock.TASK_DESCRIPTION),
                "TASK_DESCRIPTION");
        // The script's own extraction prompts, verbatim (company_n_info is parameterised by the n-th name).
        Map<String, String> expectedExtraction = new LinkedHashMap<>();
        pr.get("script_extraction_prompt_sha256").fields()
                .forEachRemaining(e -> expectedExtraction.put(e.getKey(), e.getValue().asText()));
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
            actualExtraction.put(name, sha256(prompt));
        }
        assertEquals(expectedExtraction, actualExtraction, "extraction prompts");
        List<String> expectedJudge = new ArrayList<>();
        pr.get("judge_prompt_sha256").forEach(h -> expectedJudge.add(h.asText()));
        assertEquals(expectedJudge, r.evaluator().judgeRequests().stream().map(JudgeCall::promptSha256).toList(),
                "judge prompts (instruction text included)");
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
