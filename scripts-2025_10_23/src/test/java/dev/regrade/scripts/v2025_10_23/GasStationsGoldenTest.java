package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Prompts;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden cases recorded from the Python original (and its fixed copy) on the upstream
 * engine through the Java port: same summary (parsed JSON, key order and float text included) or
 * the same crash, the same judge claims (none), the same maps lookups in the same order, and the
 * same extraction request.
 */
class GasStationsGoldenTest {
    /** {@code json.dumps(obj, indent=2, ensure_ascii=False)}. */
    private static final PyJson.Format INDENT_2 = PyJson.DUMPS.indent(2).ensureAscii(false);

    /** One replayed run: the evaluator (its summary when it completed), the crash, what was asked. */
    static final class Run {
        Evaluator evaluator;
        PyException crash;
        final List<String> judgeClaims = new ArrayList<>();
        final List<List<String>> mapsCalls = new ArrayList<>();
        final List<ExtractionRequest> extractionRequests = new ArrayList<>();
    }

    /**
     * Runs the port on a case: the extractor returns the recorded dict for the extraction name, the
     * judge answers from the table (else the default), every page exists, the maps tool answers from
     * the table (an int is metres, a string is returned as is, {"raise": msg} throws).
     */
    static Run replay(JsonNode golden) {
        Run run = new Run();
        JsonNode extractions = golden.path("extractions");
        Function<JudgeRequest, Boolean> judge = GoldenReplay.tableJudge(golden.path("judge"));
        JsonNode maps = golden.path("maps");
        EvaluationContext ctx = EvaluationContext.of(golden.get("answer").textValue())
                .withNames("agent", "answer_1")
                .withClock(new EvalClock(LocalDate.parse(golden.path("eval_date").asText("2025-10-23"))))
                .withHashSeed(golden.path("hash_seed").asLong(0))
                .withExtractor(request -> {
                    run.extractionRequests.add(request);
                    JsonNode data = extractions.get(request.extractionName());
                    if (data == null) {
                        throw new AssertionError("no recorded extraction " + request.extractionName());
                    }
                    if (data.isNull()) {
                        throw new IllegalStateException("scripted extraction failure");
                    }
                    return data;
                })
                .withJudge(request -> {
                    run.judgeClaims.add(request.claim());
                    return new JudgeReply("scripted verdict", judge.apply(request));
                })
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of())))
                .withMaps((a, b, mode) -> {
                    run.mapsCalls.add(List.of(a, b, mode));
                    for (JsonNode row : maps) {
                        if (row.get(0).textValue().equals(a) && row.get(1).textValue().equals(b)) {
                            JsonNode v = row.get(2);
                            if (v.isInt()) {
                                return v.intValue();
                            }
                            if (v.isTextual()) {
                                return v.textValue();
                            }
                            throw new RuntimeException(v.get("raise").textValue());
                        }
                    }
                    // An Error, not a RuntimeException: the script's catch must not hide a gap in the table.
                    throw new AssertionError("no maps entry for " + a + " -> " + b);
                });
        run.evaluator = new Evaluator(ctx);
        try {
            GasStations.SCRIPT.evaluate(run.evaluator, golden.get("variant").textValue());
        } catch (PyException e) {
            run.crash = e;
        }
        return run;
    }

    static List<Path> goldenFiles() {
        try {
            return GoldenReplay.goldenFiles(GasStationsGoldenTest.class, "gas_stations");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode read(Path p) {
        try {
            return JsonFiles.parse(Files.readString(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyGoldenCaseScoresAsThePythonOriginal() {
        return goldenFiles().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            JsonNode golden = read(p);
            Run run = replay(golden);
            JsonNode expected = golden.get("expected");
            if (expected.has("crash")) {
                assertNotNull(run.crash, "the original raised " + expected.get("crash").textValue());
                assertEquals(expected.get("crash").textValue(), run.crash.toString());
            } else {
                if (run.crash != null) {
                    fail("the port raised " + run.crash + " where the original completed");
                }
                JsonNode want = expected.get("summary");
                JsonNode got = JsonFiles.parse(
                        PyJson.dumps(ResultJson.summary(run.evaluator), INDENT_2));
                assertEquals(PyJson.dumps(want, INDENT_2),
                        PyJson.dumps(got, INDENT_2));
                assertEquals(want, got);
            }
            assertEquals(strings(golden.get("judge_claims")), run.judgeClaims, "judge claims");
            List<List<String>> wantMaps = new ArrayList<>();
            for (JsonNode call : golden.get("maps_calls")) {
                wantMaps.add(strings(call));
            }
            assertEquals(wantMaps, run.mapsCalls, "maps lookups in order");
            assertExtractionRequests(golden, run);
        }));
    }

    /**
     * The extractions the original asked for (name, schema, source, instruction, and the SHA-256 of
     * its prompt text and task description) are the port's: the port's texts hash like the Python
     * strings, and the request the engine built is the engine's template filled with exactly them.
     */
    static void assertExtractionRequests(JsonNode golden, Run run) {
        JsonNode want = golden.get("extraction_requests");
        assertEquals(want.size(), run.extractionRequests.size(), "number of extractions");
        for (int i = 0; i < want.size(); i++) {
            JsonNode w = want.get(i);
            ExtractionRequest got = run.extractionRequests.get(i);
            assertEquals(w.get("extraction_name").textValue(), got.extractionName());
            assertEquals(w.get("schema_name").textValue(), got.schemaName());
            assertEquals(w.get("source").textValue(), got.url());
            assertEquals(w.get("extraction_prompt_sha256").textValue(), sha256(GasStations.promptExtractGasStations()));
            assertEquals(w.get("task_description_sha256").textValue(), sha256(GasStations.TASK_DESCRIPTION));
            assertEquals(Prompts.format(Prompts.EXTRACT_SIMPLE, Map.of(
                    "extraction_prompt", GasStations.promptExtractGasStations(),
                    "task_description", GasStations.TASK_DESCRIPTION,
                    "answer", golden.get("answer").textValue(),
                    "additional_instruction", w.get("additional_instruction").textValue())), got.prompt());
        }
    }

    @Test
    void goldenSetCoversBothVariantsAndTheRequiredInputs() {
        List<Path> files = goldenFiles();
        long released = files.stream().filter(p -> read(p).get("variant").textValue().equals("released")).count();
        long fixed = files.stream().filter(p -> read(p).get("variant").textValue().equals("fixed")).count();
        assertTrue(released >= 10 && fixed >= 10, released + " released, " + fixed + " fixed");
        List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
        for (String required : List.of("targeted_five_400_mile_legs_last_182_from_la", "more_than_max_stations",
                "fewer_than_min", "missing_address", "leg_distance_not_found", "direct_lookup_succeeds_crash")) {
            for (String variant : List.of("released", "fixed")) {
                assertTrue(names.stream().anyMatch(n -> n.startsWith(required) && n.endsWith("__" + variant + ".json")),
                        "missing golden case " + required + " (" + variant + ")");
            }
        }
        // The fix must change at least one recorded verdict, or the golden set does not show it.
        assertFalse(files.stream().filter(p -> p.toString().contains("targeted_"))
                .map(p -> read(p).path("expected").path("summary").path("final_score").asDouble())
                .distinct().count() < 2);
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array == null ? JsonNodeFactory.instance.arrayNode() : array) {
            out.add(n.textValue());
        }
        return out;
    }

    static String sha256(String text) {
        return GoldenReplay.sha256(text);
    }
}
