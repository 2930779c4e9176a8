package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The prompt templates are the original's, byte for byte (digests computed with python3's str.format). */
class PromptsTest {
    private static JsonNode golden() throws IOException {
        try (InputStream in = PromptsTest.class.getResourceAsStream("prompts/golden.json")) {
            return JsonFiles.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void formattedTemplatesMatchPythonDigests() throws IOException {
        JsonNode g = golden();
        Map<String, String> values = new HashMap<>();
        g.get("values").fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().textValue()));
        Map<String, String> templates = Map.of(
                "extract_simple", Prompts.EXTRACT_SIMPLE,
                "extract_url", Prompts.EXTRACT_URL,
                "verify_simple", Prompts.VERIFY_SIMPLE,
                "verify_url", Prompts.VERIFY_URL);
        for (var e : templates.entrySet()) {
            String formatted = Prompts.format(e.getValue(), values);
            assertEquals(g.get("lengths").get(e.getKey()).intValue(),
                    formatted.codePointCount(0, formatted.length()), e.getKey() + " length in code points");
            assertEquals(g.get("sha256").get(e.getKey()).textValue(), Evaluator.sha256(formatted),
                    e.getKey() + " SHA-256 of the formatted prompt");
        }
    }

    @Test
    void formatInsertsValuesVerbatimAndHandlesBraces() {
        assertEquals("a {x} b {} c", Prompts.format("a {v} b {{}} c", Map.of("v", "{x}")));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Prompts.format("{nope}", Map.of()));
        assertEquals("KeyError: 'nope'", missing.getMessage());
        // In Python's order: a missing key before a malformed brace after it, the brace before a key after it.
        assertEquals("KeyError: 'nope'", assertThrows(IllegalArgumentException.class,
                () -> Prompts.format("x {nope} } y", Map.of())).getMessage());
        assertEquals("Single '}' encountered in format string", assertThrows(IllegalArgumentException.class,
                () -> Prompts.format("x } {nope}", Map.of())).getMessage());
        assertEquals("Single '{' encountered in format string", assertThrows(IllegalArgumentException.class,
                () -> Prompts.format("{v} {tail", Map.of("v", "1"))).getMessage());
        assertEquals("null and }{", Prompts.format("{v} and }}{{", java.util.Collections.singletonMap("v", null)));
    }
}
