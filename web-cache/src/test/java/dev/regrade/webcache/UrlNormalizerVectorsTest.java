package dev.regrade.webcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyStr;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Replays url-vectors.jsonl.gz: for each URL, what the ORIGINAL Python functions (cache_filesys.py,
 * url_tools.py at the release era) return, including errors, and the variant list under four
 * PYTHONHASHSEEDs (in full for the first URLs, as a SHA-256 of the UTF-16BE of the newline-joined list
 * for all). urllib.parse itself is PyUrlParseTest's, in rubric-engine.
 */
class UrlNormalizerVectorsTest {

    private final List<String> mismatches = new ArrayList<>();
    private int checks;

    @Test
    void everyVectorMatchesTheOriginal() {
        List<JsonNode> vectors = Vectors.read("url-vectors.jsonl.gz");
        assertTrue(vectors.size() >= 4000, "expected at least 4000 URL vectors, got " + vectors.size());
        int fullLists = 0;
        for (JsonNode v : vectors) {
            String url = v.get("url").asText();
            check(url, "storage_key", v, () -> UrlNormalizer.storageKey(url));
            check(url, "stem", v, () -> UrlNormalizer.fileStem(url));
            check(url, "simple", v, () -> UrlNormalizer.normalizeUrlSimple(url));
            check(url, "remove_utm", v, () -> UrlNormalizer.removeUtmParameters(url));
            check(url, "lower", v, () -> PyStr.lower(url));
            if (v.has("variants_error")) {
                compare(url, "variants", v.get("variants_error"),
                        Vectors.outcome(() -> UrlNormalizer.urlVariants(url, 0)));
                continue;
            }
            if (v.has("variants")) {
                fullLists++;
                compare(url, "variants[seed 0]", v.get("variants"),
                        Vectors.outcome(() -> UrlNormalizer.urlVariants(url, 0)).get("ok"));
            }
            for (Map.Entry<String, JsonNode> e : v.get("variants_sha256").properties()) {
                long seed = Long.parseLong(e.getKey());
                List<String> list = UrlNormalizer.urlVariants(url, seed);
                checks++;
                if (list.size() != v.get("variants_count").asInt() || !digest(list).equals(e.getValue().asText())) {
                    mismatches.add(url + " variants[seed " + seed + "]: " + list.size() + " variants, expected "
                            + v.get("variants_count").asInt() + " (digest differs)");
                }
            }
        }
        System.out.printf("URL vectors: %d URLs, %d checks (%d full variant lists), %d mismatches%n",
                vectors.size(), checks, fullLists, mismatches.size());
        assertEquals(List.of(), mismatches.subList(0, Math.min(25, mismatches.size())),
                mismatches.size() + " mismatches of " + checks + " checks");
    }

    private void check(String url, String field, JsonNode v, Supplier<Object> call) {
        compare(url, field, v.get(field), Vectors.outcome(call));
    }

    private void compare(String url, String field, JsonNode expected, JsonNode actual) {
        checks++;
        if (!expected.equals(actual)) {
            mismatches.add(repr(url) + " " + field + ": expected " + expected + ", got " + actual);
        }
    }

    private static String repr(String s) {
        try {
            return dev.regrade.pycompat.PyRepr.repr(s);
        } catch (PyException | IllegalArgumentException e) {
            return s;
        }
    }

    static String digest(List<String> list) {
        String joined = String.join("\n", list);
        byte[] b = new byte[joined.length() * 2];
        for (int i = 0; i < joined.length(); i++) {
            b[2 * i] = (byte) (joined.charAt(i) >> 8);
            b[2 * i + 1] = (byte) joined.charAt(i);
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
