package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.Page;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the county_AQI fix (FIXES.md §A): the GDP-year check judges the GDP year
 * in {@code fixed} and the population year in {@code released}. The judge here reads the year
 * claims literally ("The year X is within A-B." holds iff X is a whole number in [A, B]) and
 * accepts every other claim.
 */
class CountyAqiFixTest {
    private static final Pattern YEAR_CLAIM = Pattern.compile("The year (.*) is within (\\d+)-(\\d+)\\.");
    private static final String EPA = "https://www.epa.gov/outdoor-air-quality-data/air-quality-index-report";

    static boolean literalJudge(String claim) {
        Matcher m = YEAR_CLAIM.matcher(claim);
        if (!m.matches()) {
            return true;
        }
        if (!m.group(1).matches("\\d+")) {
            return false;
        }
        int y = Integer.parseInt(m.group(1));
        return y >= Integer.parseInt(m.group(2)) && y <= Integer.parseInt(m.group(3));
    }

    static ObjectNode county(String name, int days, String popYear, String gdpYear) {
        ObjectNode c = JsonNodeFactory.instance.objectNode();
        c.put("name", name);
        c.put("good_aqi_days", days);
        c.put("population", "100,000");
        c.put("population_year", popYear);
        c.put("gdp", "$1 billion");
        c.put("gdp_year", gdpYear);
        return c;
    }

    /** Franklin (first county) with the given years; Tioga and Wyoming complete and in the window. */
    static Evaluator run(String variant, String evalDate, String franklinPopYear, String franklinGdpYear) {
        ArrayNode counties = JsonNodeFactory.instance.arrayNode()
                .add(county("Franklin County", 305, franklinPopYear, franklinGdpYear))
                .add(county("Tioga County", 316, "2022", "2022"))
                .add(county("Wyoming County", 319, "2022", "2022"));
        EvaluationContext ctx = EvaluationContext.of("answer")
                .withNames("agent", "answer_1")
                .withClock(new EvalClock(LocalDate.parse(evalDate)))
                .withJudge(r -> new JudgeReply("literal", literalJudge(r.claim())))
                .withExtractor(r -> {
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    switch (r.extractionName()) {
                        case "counties" -> o.set("counties", counties);
                        case "aqi_urls" -> o.set("urls", JsonNodeFactory.instance.arrayNode().add(EPA));
                        default -> o.set("urls", JsonNodeFactory.instance.arrayNode().add("https://example.test/"
                                + r.extractionName()));
                    }
                    return o;
                })
                .withPages(url -> Optional.of(new Page("page " + url, List.of())));
        Evaluator evaluator = new Evaluator(ctx);
        CountyAqi.SCRIPT.evaluate(evaluator, variant);
        return evaluator;
    }

    static JsonNode node(Evaluator e, String id) {
        return find(ResultJson.summary(e).get("eval_breakdown").get(0).get("verification_tree"), id);
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

    static String status(Evaluator e, String id) {
        return node(e, id).get("status").asText();
    }

    static List<String> yearClaims(Evaluator e, String nodeId) {
        return e.judgeRequests().stream().filter(c -> c.nodeId().equals(nodeId)).map(JudgeCall::claim).distinct()
                .toList();
    }

    static double score(Evaluator e) {
        return ResultJson.summary(e).get("final_score").doubleValue();
    }

    @Test
    void gdpYearOutsideWindowPassesInReleasedAndFailsInFixed() {
        Evaluator released = run("released", "2025-10-23", "2020", "2014");
        Evaluator fixed = run("fixed", "2025-10-23", "2020", "2014");
        assertEquals(List.of("The year 2020 is within 2016-2025."), yearClaims(released, "county_0_gdp_year"));
        assertEquals(List.of("The year 2014 is within 2016-2025."), yearClaims(fixed, "county_0_gdp_year"));
        assertEquals("passed", status(released, "county_0_gdp"));
        assertEquals("failed", status(fixed, "county_0_gdp_year"));
        assertEquals("skipped", status(fixed, "county_0_gdp_provenance"));
        assertEquals(1.0, score(released));
        assertEquals((2.0 / 3 + 1 + 1) / 3, score(fixed));
    }

    @Test
    void populationYearOutsideWindowFailsTheGdpCheckInReleasedOnly() {
        Evaluator released = run("released", "2025-10-23", "2013", "2022");
        Evaluator fixed = run("fixed", "2025-10-23", "2013", "2022");
        assertEquals("failed", status(released, "county_0_population_year"));
        assertEquals("failed", status(fixed, "county_0_population_year"));
        assertEquals("failed", status(released, "county_0_gdp_year"));
        assertEquals("passed", status(fixed, "county_0_gdp_year"));
        assertEquals(1.0 / 3, node(released, "county_0").get("score").doubleValue(), 1e-15);
        assertEquals(2.0 / 3, node(fixed, "county_0").get("score").doubleValue(), 1e-15);
    }

    @Test
    void bothYearsInsideTheWindowScoreTheSameInBothVariants() {
        Evaluator released = run("released", "2025-10-23", "2024", "2016");
        Evaluator fixed = run("fixed", "2025-10-23", "2024", "2016");
        assertEquals(List.of("The year 2024 is within 2016-2025."), yearClaims(released, "county_0_gdp_year"));
        assertEquals(List.of("The year 2016 is within 2016-2025."), yearClaims(fixed, "county_0_gdp_year"));
        assertEquals(1.0, score(released));
        assertEquals(1.0, score(fixed));
    }

    @Test
    void theEvaluationDateMovesTheWindow() {
        // 2016 is the first year of the 2025 window and one year too old in 2026.
        Evaluator in2025 = run("fixed", "2025-10-23", "2016", "2024");
        Evaluator in2026 = run("fixed", "2026-03-01", "2016", "2024");
        assertEquals("passed", status(in2025, "county_0_population_year"));
        assertEquals("failed", status(in2026, "county_0_population_year"));
        assertEquals(List.of("The year 2016 is within 2017-2026."), yearClaims(in2026, "county_0_population_year"));
        assertEquals("County 1 population data is from within the last 10 years (2017-2026)",
                node(in2026, "county_0_population_year").get("desc").asText());
        // released: the out-of-window population year also sinks the GDP check; fixed: GDP 2024 passes.
        Evaluator released2026 = run("released", "2026-03-01", "2016", "2024");
        assertEquals("failed", status(released2026, "county_0_gdp_year"));
        assertEquals("passed", status(in2026, "county_0_gdp_year"));
    }

    @Test
    void gdpYearDescriptionSaysPopulationInReleasedAndGdpInFixed() {
        assertEquals("County 1 population data is from within the last 10 years (2016-2025)",
                node(run("released", "2025-10-23", "2020", "2020"), "county_0_gdp_year").get("desc").asText());
        assertEquals("County 1 GDP data is from within the last 10 years (2016-2025)",
                node(run("fixed", "2025-10-23", "2020", "2020"), "county_0_gdp_year").get("desc").asText());
    }

    @Test
    void missingPopulationYearReachesTheGdpCheckAsNoneInReleasedOnly() {
        Evaluator released = run("released", "2025-10-23", null, "2022");
        Evaluator fixed = run("fixed", "2025-10-23", null, "2022");
        assertEquals("skipped", status(released, "county_0_population_year"));
        assertEquals(List.of("The year None is within 2016-2025."), yearClaims(released, "county_0_gdp_year"));
        assertEquals(List.of("The year 2022 is within 2016-2025."), yearClaims(fixed, "county_0_gdp_year"));
        assertEquals("failed", status(released, "county_0_gdp_year"));
        assertEquals("passed", status(fixed, "county_0_gdp_year"));
    }

    @Test
    void countyNamesMatchTheGroundTruthBySubstringAfterPythonNormalisation() {
        assertTrue(CountyAqi.isQualifyingCounty("Franklin County, PA"));
        assertTrue(CountyAqi.isQualifyingCounty("Frank"));
        assertTrue(CountyAqi.isQualifyingCounty("County")); // "" is a substring of every name
        assertTrue(CountyAqi.isQualifyingCounty("sUSQUEHANNA")); // str.title()
        assertTrue(CountyAqi.isQualifyingCounty("Tioga\u00a0County")); // str.strip() drops U+00A0
        assertFalse(CountyAqi.isQualifyingCounty("franklin county")); // replace is case-sensitive
        assertFalse(CountyAqi.isQualifyingCounty("Franklin County, Pennsylvania"));
        assertFalse(CountyAqi.isQualifyingCounty(""));
        assertFalse(CountyAqi.isQualifyingCounty(null));
        assertEquals("O'Brien", CountyAqi.normalizeCountyName("o'brien County"));
        assertEquals("Franklin'S", CountyAqi.normalizeCountyName("franklin's"));
        assertEquals(343, CountyAqi.getExpectedAqiDays("e"));
        assertEquals(305, CountyAqi.getExpectedAqiDays("   "));
        assertNull(CountyAqi.getExpectedAqiDays("Allegheny"));
    }
}
