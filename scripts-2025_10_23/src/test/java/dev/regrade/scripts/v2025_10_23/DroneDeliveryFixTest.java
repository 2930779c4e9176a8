package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the drone_delivery fix (FIXES.md §A): the released script asks the judge
 * whether "'None'" and the second company's country differ when the first company has no country;
 * the fixed script fails the different-country check without a judge call when either country is
 * missing, and changes nothing when both are present.
 */
class DroneDeliveryFixTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String DIFFERENT_COUNTRY = "company_1_different_country";

    private static ObjectNode company(String name, String country, String url) {
        ObjectNode c = F.objectNode().put("company_name", name);
        if (country == null) {
            c.putNull("country_of_origin");
        } else {
            c.put("country_of_origin", country);
        }
        c.putArray("supporting_urls").add(url);
        c.put("description", "Drone deliveries in Africa.");
        return c;
    }

    /** Extractions for two companies; a null country stays None. */
    private static ObjectNode answer(String country1, String country2) {
        ObjectNode ex = F.objectNode();
        ex.putObject("extracted_companies").putArray("companies")
                .add(company("Zipline", country1, "https://zipline.test/rwanda"))
                .add(company("Wingcopter", country2, "https://wingcopter.test/malawi"));
        ex.putObject("company_0_all_urls").putArray("urls").add("https://zipline.test/rwanda");
        ex.putObject("company_0_africa_article_url").put("article_url", "https://zipline.test/rwanda");
        ex.putObject("company_1_all_urls").putArray("urls").add("https://wingcopter.test/malawi");
        ex.putObject("company_1_africa_article_url").put("article_url", "https://wingcopter.test/malawi");
        return ex;
    }

    private static JsonNode judge(String rejectedClaim) {
        ObjectNode j = F.objectNode().put("default", true);
        ObjectNode table = j.putObject("table");
        if (rejectedClaim != null) {
            table.put(rejectedClaim, false);
        }
        return j;
    }

    private static DroneDeliveryGoldenTest.Run run(String variant, String country1, String country2, String rejected) {
        DroneDeliveryGoldenTest.Run r = DroneDeliveryGoldenTest.run(variant, answer(country1, country2), judge(rejected));
        assertNull(r.crash());
        return r;
    }

    private static JsonNode node(DroneDeliveryGoldenTest.Run r, String id) {
        return find(ResultJson.summary(r.evaluator()).get("eval_breakdown").get(0).get("verification_tree"), id);
    }

    private static JsonNode find(JsonNode n, String id) {
        if (n.get("id").asText().equals(id)) {
            return n;
        }
        for (JsonNode c : n.get("children")) {
            JsonNode f = find(c, id);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static long noneClaims(DroneDeliveryGoldenTest.Run r) {
        return DroneDeliveryGoldenTest.claims(r.evaluator()).stream().filter(c -> c.contains("'None'")).count();
    }

    private static double score(DroneDeliveryGoldenTest.Run r) {
        return ResultJson.summary(r.evaluator()).get("final_score").asDouble();
    }

    @Test
    void releasedAsksTheJudgeAboutNoneWhenTheFirstCompanyHasNoCountry() {
        DroneDeliveryGoldenTest.Run r = run("released", null, "Germany", null);
        assertEquals(2, noneClaims(r), "two votes on the 'None' claim");
        assertTrue(DroneDeliveryGoldenTest.claims(r.evaluator())
                .contains("'None' and 'Germany' are different countries"));
        assertEquals("passed", node(r, DIFFERENT_COUNTRY).get("status").asText());
        assertEquals(0.5, score(r), 0.0);
    }

    @Test
    void fixedFailsTheDifferentCountryCheckWithoutAJudgeCallWhenTheFirstCountryIsMissing() {
        DroneDeliveryGoldenTest.Run r = run("fixed", null, "Germany", null);
        assertEquals(0, noneClaims(r));
        assertTrue(r.evaluator().judgeRequests().stream().noneMatch(c -> DIFFERENT_COUNTRY.equals(c.nodeId())));
        JsonNode n = node(r, DIFFERENT_COUNTRY);
        assertEquals("failed", n.get("status").asText());
        assertEquals(0.0, n.get("score").asDouble(), 0.0);
        assertTrue(n.get("critical").asBoolean());
        assertEquals("Company 2 originates from a different country than Company 1", n.get("desc").asText());
        assertEquals(0.0, score(r), 0.0);
    }

    @Test
    void fixedTreatsABlankFirstCountryAsMissing() {
        DroneDeliveryGoldenTest.Run released = run("released", "  ", "Germany", null);
        assertTrue(DroneDeliveryGoldenTest.claims(released.evaluator())
                .contains("'  ' and 'Germany' are different countries"));
        DroneDeliveryGoldenTest.Run fixed = run("fixed", "  ", "Germany", null);
        assertEquals("failed", node(fixed, DIFFERENT_COUNTRY).get("status").asText());
        assertTrue(DroneDeliveryGoldenTest.claims(fixed.evaluator()).stream().noneMatch(c -> c.contains("different countries")));
    }

    @Test
    void secondCompanyWithoutCountryScoresTheSameAndNeverReachesTheJudge() {
        DroneDeliveryGoldenTest.Run released = run("released", "United States", null, null);
        DroneDeliveryGoldenTest.Run fixed = run("fixed", "United States", null, null);
        assertEquals(0, noneClaims(released));
        assertEquals(0, noneClaims(fixed));
        assertEquals(score(released), score(fixed), 0.0);
        assertEquals(0.5, score(fixed), 0.0);
        // released: gated by company 2's failed info node; fixed: the check itself fails
        assertEquals("skipped", node(released, DIFFERENT_COUNTRY).get("status").asText());
        assertEquals("failed", node(fixed, DIFFERENT_COUNTRY).get("status").asText());
    }

    @Test
    void bothCountriesPresentAndDifferentIsUnchangedByTheFix() {
        for (String variant : List.of("released", "fixed")) {
            DroneDeliveryGoldenTest.Run r = run(variant, "United States", "Germany", null);
            assertEquals(1.0, score(r), 0.0, variant);
            assertEquals("passed", node(r, DIFFERENT_COUNTRY).get("status").asText(), variant);
            assertEquals(2, DroneDeliveryGoldenTest.claims(r.evaluator()).stream()
                    .filter("'United States' and 'Germany' are different countries"::equals).count(), variant);
        }
        assertEquals(DroneDeliveryGoldenTest.claims(run("released", "United States", "Germany", null).evaluator()),
                DroneDeliveryGoldenTest.claims(run("fixed", "United States", "Germany", null).evaluator()));
    }

    @Test
    void bothCountriesPresentAndEqualStillGoesToTheJudgeInBothVariants() {
        String claim = "'United States' and 'USA' are different countries";
        for (String variant : List.of("released", "fixed")) {
            DroneDeliveryGoldenTest.Run r = run(variant, "United States", "USA", claim);
            assertEquals(0.5, score(r), 0.0, variant);
            assertEquals("failed", node(r, DIFFERENT_COUNTRY).get("status").asText(), variant);
            assertTrue(DroneDeliveryGoldenTest.claims(r.evaluator()).contains(claim), variant);
        }
    }

    @Test
    void unknownVariantIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> DroneDelivery.SCRIPT.evaluate(new Evaluator(EvaluationContext.of("")), "instructors-last"));
    }
}
