package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.bench.ChildProcesses;
import dev.regrade.judge.Wire;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import dev.regrade.policies.Policies;
import dev.regrade.wearable.JudgeStyle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bodies the OpenAI Python SDK sends ({@code tools/pysdk/captures/}, written by
 * {@code tools/pysdk/make_captures.py}) replayed byte for byte by {@code tools/pysdk/replay.py}
 * (python3's urllib) against the fake judge as {@code judge serve} sets it up. Skipped, saying
 * so, where python3 is not installed.
 */
class PythonSdkCapturesTest {
    private static final Path PYSDK = Paths.get("..", "tools", "pysdk");

    @TempDir
    Path tmp;

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished");
        assertEquals(0, p.exitValue(), String.join(" ", command));
        return out;
    }

    private static JsonNode body(String capture) throws IOException {
        return Wire.MAPPER.readTree(Files.readAllBytes(PYSDK.resolve("captures").resolve(capture + ".body")));
    }

    private static JsonNode content(JsonNode reply) throws IOException {
        assertEquals(200, reply.get("status").asInt(), reply.toString());
        JsonNode completion = Wire.MAPPER.readTree(reply.get("body").asText());
        assertEquals("chat.completion", completion.get("object").asText());
        return completion;
    }

    @Test
    void theCapturesReplayAndAreAnsweredAsTheirCallersExpect() throws Exception {
        assumeTrue(ChildProcesses.succeeds("python3", "--version"), "python3 is not installed: the Python SDK captures are not replayed");
        try (FakeJudgeServer server = FakeJudgeServer.start(JudgeCommand.Serve.config(Policies.MINIMAL.verdictRules(),
                Policies.MINIMAL.extractor("any"), JudgeStyle.PLAIN))) {
            JsonNode replies = Wire.MAPPER.readTree(run("python3", PYSDK.resolve("replay.py").toString(),
                    server.baseUrl()));
            assertEquals(List.of("extract_parse", "plain", "verify_parse", "verify_screenshot_parse"),
                    iterate(replies));
            Map<String, JournalEntry> byDigest = new java.util.HashMap<>();
            server.journal().forEach(e -> byDigest.put(e.promptSha256(), e));

            JsonNode plain = content(replies.get("plain"));
            assertTrue(plain.at("/choices/0/message/content").asText().startsWith("Offline reply"), plain.toString());
            assertEquals("gpt-4o-mini", plain.get("model").asText());

            for (String verify : List.of("verify_parse", "verify_screenshot_parse")) {
                JsonNode c = content(replies.get(verify));
                JsonNode verdict = Wire.MAPPER.readTree(c.at("/choices/0/message/content").asText());
                assertEquals(true, verdict.get("result").asBoolean(false), verify);
                JsonNode sent = body(verify).at("/messages/0/content");
                String prompt = Wire.promptText(sent);
                JournalEntry e = byDigest.get(Wire.sha256(prompt));
                assertEquals(RequestKind.VERIFY, e.kind(), verify);
                assertEquals("The first station, Shell, is at 100 Main St, Villa Rica, GA.", e.claim());
                int images = sent.isArray() ? sent.size() - 1 : 0;
                assertEquals((prompt.length() + 3) / 4 + 85 * images, c.at("/usage/prompt_tokens").asInt(),
                        verify + ": the screenshot part is read");
            }

            JsonNode extraction = Wire.MAPPER.readTree(content(replies.get("extract_parse"))
                    .at("/choices/0/message/content").asText());
            JsonNode schema = body("extract_parse").at("/response_format/json_schema/schema");
            assertFits(extraction, schema, schema);
            assertEquals("Shell", extraction.at("/stations/0/brand").asText());
            assertEquals("100 Main Street, Springfield, IL 62701", extraction.at("/stations/0/address/street").asText());
            assertEquals(RequestKind.EXTRACT, byDigest.get(Wire.sha256(body("extract_parse")
                    .at("/messages/0/content").asText())).kind());
        }
    }

    /** What the strict schema requires: every required key present, objects closed, types as declared. */
    private static void assertFits(JsonNode value, JsonNode schema, JsonNode root) {
        if (schema.has("$ref")) {
            assertFits(value, root.at(schema.get("$ref").asText().substring(1)), root);
            return;
        }
        if (schema.has("anyOf")) {
            JsonNode option = value.isNull() ? null : schema.get("anyOf").get(0);
            if (option != null) {
                assertFits(value, option, root);
            }
            return;
        }
        switch (schema.path("type").asText()) {
            case "object" -> {
                assertTrue(value.isObject(), value.toString());
                List<String> required = iterateValues(schema.get("required"));
                assertEquals(required, iterate(value), "closed object with every required key");
                required.forEach(k -> assertFits(value.get(k), schema.get("properties").get(k), root));
            }
            case "array" -> {
                assertTrue(value.isArray() && !value.isEmpty(), value.toString());
                value.forEach(v -> assertFits(v, schema.get("items"), root));
            }
            case "string" -> assertTrue(value.isTextual(), value.toString());
            case "number" -> assertTrue(value.isNumber(), value.toString());
            default -> throw new AssertionError("unexpected schema " + schema);
        }
    }

    @Test
    void theCommittedCapturesAreWhatTheGeneratorWrites() throws Exception {
        assumeTrue(ChildProcesses.succeeds("python3", "-c", "import pydantic"),
                "python3 with pydantic is not installed: the captures are not regenerated");
        run("python3", PYSDK.resolve("make_captures.py").toString(), tmp.toString());
        List<Path> committed;
        try (Stream<Path> s = Files.list(PYSDK.resolve("captures"))) {
            committed = s.sorted().toList();
        }
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(committed.stream().map(p -> p.getFileName().toString()).toList(),
                    s.sorted().map(p -> p.getFileName().toString()).toList());
        }
        for (Path p : committed) {
            assertArrayEquals(Files.readAllBytes(p), Files.readAllBytes(tmp.resolve(p.getFileName())), p.toString());
        }
    }

    private static List<String> iterate(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> iterateValues(JsonNode array) {
        List<String> values = new java.util.ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
