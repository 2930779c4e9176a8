package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyAttributeError;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.api.Variant;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The brand-matching fix (FIXES.md §A, ingredient_safety): the helper on the fix description's
 * examples and edge cases, the golden vectors recorded from the Python original and the fixed
 * Python copy, and whole runs on the targeted inputs.
 */
class IngredientSafetyFixTest {
    private static final String R = Variant.RELEASED.name();
    private static final String F = Variant.FIXED.name();
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** {@code calculate_brand_similarity} in the variant of that name. */
    private static double similarity(String variant, String extractedBrand, String requiredBrand) {
        return IngredientSafety.calculateBrandSimilarity(IngredientSafety.SCRIPT.declaration().variant(variant),
                extractedBrand, requiredBrand);
    }

    // ----------------------------------------------------------------------- the helper

    @Test
    void joMaloneIsBelowTheThresholdWhenReleasedAndMatchesAtExactlyTheThresholdWhenFixed() {
        assertEquals(16.0 / 22, similarity(R, "Jo Malone", "Jo Malone London"));
        assertEquals(0.8, similarity(F, "Jo Malone", "Jo Malone London"));
    }

    @Test
    void requiredNameWithWordsAddedBeforeOrAfterMatchesWhenFixed() {
        assertEquals(8.0 / 17, similarity(R, "Christian Dior", "Dior"));
        assertEquals(0.8, similarity(F, "Christian Dior", "Dior"));
        assertEquals(8.0 / 15, similarity(R, "Dior Parfums", "Dior"));
        assertEquals(0.8, similarity(F, "Dior Parfums", "Dior"));
        assertEquals(12.0 / 17, similarity(R, "Chanel Paris", "Chanel"));
        assertEquals(0.8, similarity(F, "Chanel Paris", "Chanel"));
        assertEquals(0.8, similarity(F, "Maison Christian Dior Paris", "Dior"));
        assertEquals(0.8, similarity(F, "Jo Malone London Perfumes", "Jo Malone London"));
    }

    @Test
    void fragmentsStillDoNotMatch() {
        for (String fragment : List.of("Jo", "London", "Malone", "Jo London", "Malone Souliers", "Jo Loves")) {
            double released = similarity(R, fragment, "Jo Malone London");
            assertTrue(released < 0.8, fragment);
            assertEquals(released, similarity(F, fragment, "Jo Malone London"), fragment);
        }
    }

    @Test
    void namesThatMatchedBeforeKeepTheirValue() {
        assertEquals(1.0, similarity(F, "CHANEL", "Chanel"));
        assertEquals(8.0 / 9, similarity(F, "Diorr", "Dior"));
        assertEquals(0.8, similarity(F, "Chanel Inc", "Chanel")); // 12/15: already exactly 0.8
        assertEquals(24.0 / 26, similarity(F, "Malone London", "Jo Malone London"));
        assertEquals(similarity(R, "Jo Malone Londres", "Jo Malone London"),
                similarity(F, "Jo Malone Londres", "Jo Malone London"));
    }

    @Test
    void wordsAreSplitAtWhitespaceAndHyphensWithDotsRemovedAndCaseIgnored() {
        assertEquals(0.8, similarity(F, "Christian-Dior", "Dior"));
        assertEquals(0.8, similarity(F, "CHRISTIAN  DIOR ", "Dior"));
        assertEquals(0.8, similarity(F, "J.O. Malone", "Jo Malone London"));
        assertEquals(0.8, similarity(F, "Jo\u00a0Malone", "Jo Malone London"));
        assertEquals(0.8, similarity(F, "Jo - Malone", "Jo Malone London"));
        // Punctuation other than '-' and '.' stays part of the word: no word match.
        assertEquals(similarity(R, "Dior, Paris", "Dior"), similarity(F, "Dior, Paris", "Dior"));
        assertTrue(similarity(F, "(Christian Dior)", "Dior") < 0.8);
        // A letter with a diacritic is another word.
        assertEquals(0.75, similarity(F, "Dïor", "Dior"));
        assertTrue(similarity(F, "Maison Dïor", "Dior") < 0.8);
    }

    @Test
    void emptyAndNoneNames() {
        assertEquals(0.0, similarity(F, "", "Dior"));
        assertEquals(0.0, similarity(F, "Dior", ""));
        assertEquals(1.0, similarity(F, "", ""));
        assertEquals(1.0, similarity(F, " . - ", ""));
        PyException e = assertThrows(PyAttributeError.class, () -> similarity(F, null, "Dior"));
        assertEquals("'NoneType' object has no attribute 'lower'", e.pythonMessage());
        assertThrows(PyAttributeError.class, () -> similarity(R, "Dior", null));
        assertThrows(IllegalArgumentException.class, () -> similarity("instructors-last", "Dior", "Dior"));
    }

    /** Every recorded pair: exactly the value (or error) of the Python original and of the fixed Python copy. */
    @Test
    void goldenVectorsFromBothPythonVersions() throws IOException {
        List<JsonNode> vectors = vectors("brand_similarity_vectors.jsonl");
        assertTrue(vectors.size() >= 5000, "vectors: " + vectors.size());
        assertTrue(vectors.stream().filter(v -> !v.get(R).equals(v.get(F))).count() >= 100, "vectors the fix changes");
        List<String> failures = mismatches(vectors);
        assertEquals(List.of(), failures.size() > 20 ? failures.subList(0, 20) : failures, failures.size() + " mismatches");
    }

    /**
     * Pairs on which Java's {@code toLowerCase(Locale.ROOT)} differs from CPython 3.11's {@code str.lower()}
     * (the final-sigma context rule, case pairs new in Unicode 14), Python values recorded: the port's
     * {@code PyStr.lower} must match them all.
     */
    @Test
    void knownLowerCaseGapVectors() throws IOException {
        List<String> failures = mismatches(vectors("brand_similarity_known_gap.jsonl"));
        assertEquals(List.of(), failures, failures.size() + " mismatches");
    }

    private List<JsonNode> vectors(String resource) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream("ingredient_safety/" + resource);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(MAPPER.readTree(line));
            }
        }
        return out;
    }

    private static List<String> mismatches(List<JsonNode> vectors) {
        List<String> failures = new ArrayList<>();
        for (JsonNode v : vectors) {
            String a = v.get("extracted").isNull() ? null : v.get("extracted").asText();
            String b = v.get("required").isNull() ? null : v.get("required").asText();
            for (String variant : List.of(R, F)) {
                String expected = render(v.get(variant));
                String actual;
                try {
                    actual = Double.toString(similarity(variant, a, b));
                } catch (PyException e) {
                    actual = "error " + e.pythonType() + ": " + e.pythonMessage();
                }
                if (!expected.equals(actual)) {
                    failures.add(variant + " " + v + " -> " + actual);
                }
            }
        }
        return failures;
    }

    private static String render(JsonNode expected) {
        return expected.isObject() ? "error " + expected.get("error").asText() : Double.toString(expected.doubleValue());
    }

    // ----------------------------------------------------------------------- whole runs on the targeted inputs

    private static ObjectNode fragrance(String brand, String name, String url) {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("brand", brand);
        f.put("name", name);
        f.putArray("sephora_urls").add(url);
        return f;
    }

    private static ObjectNode ingredient(String brand, String ingredient, String url) {
        ObjectNode i = JsonNodeFactory.instance.objectNode();
        i.put("fragrance_brand", brand);
        i.put("ingredient_name", ingredient);
        i.put("concern", "Allergies & Immunotoxicity");
        i.put("rating", "Moderate");
        i.putArray("ewg_urls").add(url);
        return i;
    }

    private static ObjectNode extractions(List<ObjectNode> fragrances, List<ObjectNode> ingredients) {
        ObjectNode ex = JsonNodeFactory.instance.objectNode();
        ex.putObject("fragrances").putArray("fragrances").addAll(fragrances);
        ex.putObject("ingredients").putArray("ingredients").addAll(ingredients);
        return ex;
    }

    private static ObjectNode acceptAll() {
        ObjectNode j = JsonNodeFactory.instance.objectNode();
        j.put("default", true);
        j.putObject("table");
        return j;
    }

    private static double score(String variant, ObjectNode extractions) {
        Evaluator e = IngredientSafetyGoldenTest.run(variant, "answer", extractions, acceptAll()).evaluator();
        return ResultJson.summary(e).get("final_score").doubleValue();
    }

    @Test
    void answerWritingJoMaloneAndChristianDiorScoresTwoThirdsMoreWhenFixed() {
        ObjectNode ex = extractions(
                List.of(fragrance("Chanel", "No 5", "https://www.sephora.com/a"),
                        fragrance("Jo Malone", "Wood Sage & Sea Salt", "https://www.sephora.com/b"),
                        fragrance("Christian Dior", "Sauvage", "https://www.sephora.com/c")),
                List.of(ingredient("Chanel", "Limonene", "https://www.ewg.org/a"),
                        ingredient("Jo Malone", "Linalool", "https://www.ewg.org/b"),
                        ingredient("Christian Dior", "Fragrance", "https://www.ewg.org/c")));
        assertEquals(1.0 / 3, score(R, ex));
        assertEquals(1.0, score(F, ex));
    }

    @Test
    void closerSpellingLaterInTheAnswerIsPreferredOverAWordMatch() {
        ObjectNode ex = extractions(
                List.of(fragrance("Jo Malone", "English Pear & Freesia", "https://www.sephora.com/pear"),
                        fragrance("Jo Malone Londn", "Wood Sage & Sea Salt", "https://www.sephora.com/wood")),
                List.of(ingredient("Jo Malone", "Linalool", "https://www.ewg.org/linalool")));
        Evaluator e = IngredientSafetyGoldenTest.run(F, "answer", ex, acceptAll()).evaluator();
        assertTrue(IngredientSafetyGoldenTest.claims(e).contains(
                "The fragrance 'Wood Sage & Sea Salt' by Jo Malone London contains the ingredient 'Linalool'."));
        assertTrue(IngredientSafetyGoldenTest.claims(e).stream().noneMatch(c -> c.contains("English Pear")));
    }

    @Test
    void fragmentsJoAndLondonFailInBothVariants() {
        ObjectNode ex = extractions(
                List.of(fragrance("Jo", "Wood Sage & Sea Salt", "https://www.sephora.com/b"),
                        fragrance("London", "Wood Sage & Sea Salt", "https://www.sephora.com/b")),
                List.of(ingredient("London", "Linalool", "https://www.ewg.org/b"),
                        ingredient("Jo", "Linalool", "https://www.ewg.org/b")));
        assertEquals(0.0, score(R, ex));
        assertEquals(0.0, score(F, ex));
    }
}
