package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replays utf8_decode.jsonl.gz (tools/pycompat-vectors/gen_utf8.py): CPython 3.11's UTF-8 decoding,
 * with 'replace' and strict.
 */
class PyUtf8Test {

    @Test
    void decodingMatchesCPython() {
        List<JsonNode> vectors = Vectors.lines("utf8_decode.jsonl.gz");
        assertTrue(vectors.size() >= 5000);
        List<String> mismatches = new ArrayList<>();
        for (JsonNode v : vectors) {
            byte[] b = HexFormat.of().parseHex(v.get("hex").asText());
            String replaced = PyUtf8.decodeReplace(b);
            if (!replaced.equals(v.get("replace").asText())) {
                mismatches.add(v.get("hex").asText() + " replace: " + replaced);
            }
            String strict;
            try {
                strict = "ok:" + PyUtf8.decodeStrict(b);
            } catch (PyException e) {
                strict = "error:" + e.getMessage();
            }
            String expected = v.has("strict") ? "ok:" + v.get("strict").asText() : "error:" + v.get("error").asText();
            if (!strict.equals(expected)) {
                mismatches.add(v.get("hex").asText() + " strict: " + strict + " expected " + expected);
            }
        }
        System.out.printf("UTF-8 vectors: %d byte strings, %d mismatches%n", vectors.size(), mismatches.size());
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())));
    }

    @Test
    void encodingRefusesLoneSurrogatesAsPythonDoes() {
        assertEquals("'utf-8' codec can't encode character '\\ud800' in position 2: surrogates not allowed",
                message(() -> PyUtf8.encode("ab\ud800c")));
        assertEquals("'utf-8' codec can't encode characters in position 1-2: surrogates not allowed",
                message(() -> PyUtf8.encode("a\udc00\udc01😀")));
        assertEquals("😀é", new String(PyUtf8.encode("😀é"), java.nio.charset.StandardCharsets.UTF_8));
    }

    private static String message(Runnable r) {
        try {
            r.run();
            return "no error";
        } catch (PyException e) {
            assertEquals("UnicodeEncodeError", e.pythonType());
            return e.getMessage();
        }
    }
}
