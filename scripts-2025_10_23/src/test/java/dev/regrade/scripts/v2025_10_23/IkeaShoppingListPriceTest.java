package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.api.Variant;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code extract_numeric_price} in both variants: the golden vectors computed by the Python original
 * and by the fixed Python function (thousands of random price strings), and the behaviours FIXES.md
 * §A names, spelled out.
 */
class IkeaShoppingListPriceTest {
    static double released(String price) {
        return IkeaShoppingList.extractNumericPrice(Variant.RELEASED, price);
    }

    static double fixed(String price) {
        return IkeaShoppingList.extractNumericPrice(Variant.FIXED, price);
    }

    /** Each line {"price": str|null, "released": repr, "fixed": repr}; compared by Python repr (so -0.0, nan, inf count). */
    @Test
    void matchesBothPythonVersionsOnTheGoldenVectors() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<String> mismatches = new ArrayList<>();
        int n = 0;
        int differ = 0;
        try (InputStream in = getClass().getResourceAsStream("ikea_shopping_list/extract_numeric_price_vectors.jsonl");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                JsonNode v = mapper.readTree(line);
                String price = v.get("price").isNull() ? null : v.get("price").textValue();
                String wantReleased = v.get("released").textValue();
                String wantFixed = v.get("fixed").textValue();
                String gotReleased = PyRepr.repr(released(price));
                String gotFixed = PyRepr.repr(fixed(price));
                if (!wantReleased.equals(gotReleased) || !wantFixed.equals(gotFixed)) {
                    mismatches.add(line + " -> released " + gotReleased + ", fixed " + gotFixed);
                }
                differ += wantReleased.equals(wantFixed) ? 0 : 1;
                n++;
            }
        }
        assertTrue(n >= 3000, "only " + n + " vectors");
        assertTrue(differ >= 500, "only " + differ + " vectors where the variants differ");
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }

    @ParameterizedTest(name = "[{index}] ''{0}'': released {1}, fixed {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // FIXES.md §A: words around a single amount yield that amount in the fixed variant
        "$179.00 USD              | 0.0   | 179.0",
        "$29.99 each              | 0.0   | 29.99",
        "179.00 USD               | 0.0   | 179.0",
        "USD 179                  | 0.0   | 179.0",
        "$179.00USD               | 0.0   | 179.0",
        "$1,299.00 each           | 0.0   | 1299.0",
        // preferring the number after a dollar sign
        "2 for $10                | 0.0   | 10.0",
        "$10 for 2                | 0.0   | 10.0",
        "Model 2 chair $49        | 0.0   | 49.0",
        "20% off $199             | 0.0   | 199.0",
        // several dollar amounts still give 0.0; several bare numbers too
        "Was $249.00, now $199.00 | 0.0   | 0.0",
        "$199.00 ($199.00 each)   | 0.0   | 0.0",
        "$29.99 - $39.99          | 0.0   | 0.0",
        "20% off 199              | 0.0   | 0.0",
        "2 for 10                 | 0.0   | 0.0",
        // strings that parsed before give the same value
        "$179.00                  | 179.0 | 179.0",
        "1,299                    | 1299.0| 1299.0",
        "$ 89                     | 89.0  | 89.0",
        "+35                      | 35.0  | 35.0",
        "-$50                     | -50.0 | -50.0",
        "2.29e2                   | 229.0 | 229.0",
        "$6_4.99                  | 64.99 | 64.99",
        "$١٧٩                     | 179.0 | 179.0",
        "Infinity                 | inf   | inf",
        "-0                       | -0.0  | -0.0",
        // no amount at all, or nothing float() or the fix can read
        "Free                     | 0.0   | 0.0",
        "inf USD                  | 0.0   | 0.0",
        "$ each                   | 0.0   | 0.0",
        // edge cases of the fixed rule: an amount has no sign and ASCII digits only
        "-$50 each                | 0.0   | 50.0",
        "−179                     | 0.0   | 179.0",
        "$١٧٩ USD                 | 0.0   | 0.0",
        "$1_000 each              | 0.0   | 1.0",
        "1e3 USD                  | 0.0   | 0.0",
        "$.99 each                | 0.0   | 0.99",
        "$179.00.                 | 0.0   | 179.0",
        "€12,50                   | 0.0   | 1250.0",
    })
    void fixExamplesAndEdgeCases(String price, String released, String fixed) {
        assertEquals(released, PyRepr.repr(released(price)), "released");
        assertEquals(fixed, PyRepr.repr(fixed(price)), "fixed");
    }

    @Test
    void noneAndEmptyGiveZeroInBothVariants() {
        assertEquals(0.0, released(null));
        assertEquals(0.0, fixed(null));
        assertEquals(0.0, released(""));
        assertEquals(0.0, fixed(""));
        assertEquals("nan", PyRepr.repr(fixed("NaN")));
    }

    @Test
    void unknownVariantIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> IkeaShoppingList.SCRIPT.evaluate(new Evaluator(EvaluationContext.of("")), "instructors-last"));
    }
}
