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
import dev.regrade.rubric.port.ExtractionRequest;
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
 * Replays the golden cases recorded from the Python original (released script, and a copy patched
 * with the fix, each run under the PYTHONHASHSEED recorded in the case) through the Java port: same
 * summary JSON or the same crash, the same judge claims in the same order, and the same prompts
 * (SHA-256 of the task description, of every extraction prompt with its name and template, and of
 * every judge prompt).
 */
class PopularAiBooksGoldenTest {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SCREENSHOT = "c3R1Yi1zY3JlZW5zaG90"; // base64("stub-screenshot")

    /** A finished run: the evaluator (summary, judge journal) or the Python error it raised. */
    record Run(Evaluator evaluator, String crash, List<ExtractionRequest> extractions) {
        List<String> claims() {
            return evaluator.judgeRequests().stream().map(JudgeCall::claim).toList();
        }

        double finalScore() {
            if (crash != null) {
                fail("the port raised " + crash);
            }
            return evaluator.summary().get("final_score").doubleValue();
        }

        /** The book_detail_ extraction names, in call order: which titles were evaluated, in which slot. */
        List<String> bookDetailNames() {
            return extractions.stream().map(ExtractionRequest::extractionName)
                    .filter(n -> n.startsWith("book_detail_")).toList();
        }
    }

    /**
     * Runs the port on a scripted context: the extractor returns the recorded dict for the extraction
     * name (a name not listed fails, as a failed extraction); the judge answers from the table, else
     * the default; every URL is a page with text {@code Stub page text for <url>} and one screenshot,
     * as the Python harness's cache stub.
     */
    static Run run(String variant, String answer, JsonNode extractions, JsonNode judge, String evalDate,
                   long hashSeed) {
        boolean dflt = judge.path("default").asBoolean(true);
        JsonNode table = judge.path("table");
        List<ExtractionRequest> requests = new ArrayList<>();
        EvaluationContext ctx = EvaluationContext.of(answer)
                .withNames("agent", "answer_1")
                .withModel("o4-mini")
                .withHashSeed(hashSeed)
                .withClock(new EvalClock(LocalDate.parse(evalDate)))
                .withJudge(r -> new JudgeReply("scripted verdict",
                        table.has(r.claim()) ? table.get(r.claim()).asBoolean() : dflt))
                .withExtractor(r -> {
                    requests.add(r);
                    JsonNode v = extractions.get(r.extractionName());
                    if (v == null) {
                        throw new IllegalStateException("scripted extraction failure for " + r.extractionName());
                    }
                    return v.deepCopy();
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of(SCREENSHOT))));
        Evaluator evaluator = new Evaluator(ctx);
        try {
            new PopularAiBooks().evaluate(evaluator, variant);
            evaluator.summary();
            return new Run(evaluator, null, requests);
        } catch (PyException e) {
            return new Run(evaluator, e.pythonType() + ": " + e.pythonMessage(), requests);
        }
    }

    /** Replays a golden-shaped JSON object (also used by the fix tests with hand-built inputs). */
    static Run replay(JsonNode g) {
        return run(g.get("variant").asText(), g.path("answer").asText("Scripted answer text."), g.path("extractions"),
                g.path("judge"), g.path("eval_date").asText("2025-10-23"), g.path("hash_seed").asLong(0));
    }

    static Path resources(String sub) {
        try {
            return Path.of(PopularAiBooksGoldenTest.class.getResource("popular_ai_books/" + sub).toURI());
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

    static List<Path> goldenFiles() throws IOException {
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
        assertEquals(new TreeSet<>(new PopularAiBooks().variants()), new TreeSet<>(perVariant.keySet()));
        perVariant.forEach((v, n) -> assertTrue(n >= 10 && n <= 30, v + " has " + n + " golden cases"));
    }

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        List<Path> files = goldenFiles();
        assertFalse(files.isEmpty(), "no golden files");
        return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path file) throws IOException {
        JsonNode g = MAPPER.readTree(file.toFile());
        Run r = replay(g);
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
        assertEquals(expectedClaims, r.claims(), "judge claims in call order");

        JsonNode pr = g.get("prompts");
        assertEquals(pr.get("task_description_sha256").asText(), sha256(PopularAiBooks.TASK_DESCRIPTION),
                "TASK_DESCRIPTION");
        List<List<String>> expectedExtractions = new ArrayList<>();
        pr.get("extraction_requests").forEach(e -> expectedExtractions.add(
                List.of(e.get(0).asText(), e.get(1).asText(), e.get(2).asText())));
        List<List<String>> actualExtractions = r.extractions().stream()
                .map(e -> List.of(e.extractionName(), e.schemaName(), sha256(e.prompt()))).toList();
        assertEquals(expectedExtractions, actualExtractions, "extraction requests (name, template, prompt sha256)");
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
            assertEquals(names(expected.fieldNames()), names(actual.fieldNames()), path + " keys");
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

    private static List<String> names(Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
