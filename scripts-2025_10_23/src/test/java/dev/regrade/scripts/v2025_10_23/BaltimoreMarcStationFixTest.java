package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.api.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the baltimore_marc_station fix (FIXES.md §A): the released script
 * truncates and pads the answer to 13 station slots (one per ground-truth key, five of which are
 * alternate names), the fixed one to the 10 real stops. Nothing else changes.
 */
class BaltimoreMarcStationFixTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static final List<String> TEN = List.of("St. Denis", "Dorsey", "Jessup", "Savage", "Laurel Park",
            "Laurel", "Muirkirk", "Greenbelt", "College Park", "Riverdale Park");
    private static final List<String> TEN_ALTERNATE_NAMES = List.of("St. Denis", "Dorsey", "Jessup", "Savage",
            "Laurel Race Track", "Laurel", "Muirkirk", "Greenbelt", "College Park", "Riverdale Park Town Center");

    /** A station answer with every field: town, address + one URL, crime index + one NeighborhoodScout URL. */
    private static ObjectNode details(String name) {
        String slug = name.toLowerCase(Locale.ROOT).replace(".", "").replace(' ', '-');
        ObjectNode d = F.objectNode();
        d.put("station_name", name);
        d.put("town_city", name + ", MD");
        d.put("address", "1 Station Rd, " + name + ", MD");
        d.putArray("supporting_urls").add("https://www.mta.maryland.gov/marc-camden/" + slug);
        d.put("crime_index", "20");
        d.putArray("crime_index_urls").add("https://www.neighborhoodscout.com/md/" + slug + "/crime");
        return d;
    }

    private static ObjectNode extractions(List<String> names) {
        ObjectNode ex = F.objectNode();
        ex.putObject("found_stations").set("station_names", F.arrayNode().addAll(names.stream().map(F::textNode).toList()));
        for (int i = 0; i < names.size(); i++) {
            ex.set("station_" + i + "_details", details(names.get(i)));
        }
        return ex;
    }

    private static ObjectNode judge(Map<String, Boolean> table) {
        ObjectNode j = F.objectNode().put("default", true);
        ObjectNode t = j.putObject("table");
        table.forEach(t::put);
        return j;
    }

    private static BaltimoreMarcStationGoldenTest.Run run(String variant, List<String> names, Map<String, Boolean> table) {
        BaltimoreMarcStationGoldenTest.Run r = BaltimoreMarcStationGoldenTest.run(variant, "An answer listing stations.",
                extractions(names), judge(table), "2025-10-23", 0L);
        assertNull(r.crash(), "no crash");
        return r;
    }

    private static double score(BaltimoreMarcStationGoldenTest.Run r) {
        return ResultJson.summary(r.evaluator()).get("final_score").doubleValue();
    }

    private static List<String> stationNodeIds(BaltimoreMarcStationGoldenTest.Run r) {
        List<String> ids = new ArrayList<>();
        ResultJson.summary(r.evaluator()).get("eval_breakdown").get(0).get("verification_tree").get("children")
                .forEach(c -> ids.add(c.get("id").asText()));
        return ids;
    }

    private static JsonNode info(BaltimoreMarcStationGoldenTest.Run r, String key) {
        for (JsonNode e : ResultJson.summary(r.evaluator()).get("eval_breakdown").get(0).get("info")) {
            if (e.has(key)) {
                return e.get(key);
            }
        }
        throw new AssertionError("no info entry " + key);
    }

    private static String locationClaim(String name, String town) {
        return "The station-city pair '" + name + "' in '" + town + "' matches one of the expected MARC station-city"
                + " pairs from the ground truth: St. Denis: Halethorpe, Maryland; Dorsey: Dorsey, Maryland; Jessup:"
                + " Jessup, Maryland; Savage: Savage, Maryland; Laurel Race Track: Laurel, Maryland; Laurel Park:"
                + " Laurel, Maryland; Laurel: Laurel, Maryland; Muirkirk: Beltsville, Maryland; Greenbelt: Greenbelt,"
                + " Maryland; College Park: College Park, Maryland; Riverdale: Riverdale Park, Maryland; Riverdale"
                + " Park: Riverdale Park, Maryland; Riverdale Park Town Center: Riverdale Park, Maryland";
    }

    @Test
    void completeTenStationAnswerScoresTenThirteenthsReleasedAndFullMarksFixed() {
        BaltimoreMarcStationGoldenTest.Run released = run(Variant.RELEASED.name(), TEN, Map.of());
        BaltimoreMarcStationGoldenTest.Run fixed = run(Variant.FIXED.name(), TEN, Map.of());
        assertEquals(10.0 / 13, score(released), 0.0);
        assertEquals(1.0, score(fixed), 0.0);
        assertEquals(13, stationNodeIds(released).size());
        assertEquals(10, stationNodeIds(fixed).size());
        // the same judge calls: the three extra released slots are empty and skipped
        assertEquals(BaltimoreMarcStationGoldenTest.claims(released.evaluator()),
                BaltimoreMarcStationGoldenTest.claims(fixed.evaluator()));
    }

    @Test
    void alternateStationNamesScoreLikeTheUsualOnes() {
        assertEquals(10.0 / 13, score(run(Variant.RELEASED.name(), TEN_ALTERNATE_NAMES, Map.of())), 0.0);
        assertEquals(1.0, score(run(Variant.FIXED.name(), TEN_ALTERNATE_NAMES, Map.of())), 0.0);
    }

    @Test
    void twelveStationAnswerIsJudgedOnItsFirstTenInFixed() {
        List<String> twelve = new ArrayList<>(TEN);
        twelve.add("New Carrollton");
        twelve.add("Seabrook");
        Map<String, Boolean> rejectExtras = Map.of(
                locationClaim("New Carrollton", "New Carrollton, MD"), false,
                locationClaim("Seabrook", "Seabrook, MD"), false);
        BaltimoreMarcStationGoldenTest.Run released = run(Variant.RELEASED.name(), twelve, rejectExtras);
        BaltimoreMarcStationGoldenTest.Run fixed = run(Variant.FIXED.name(), twelve, rejectExtras);

        // released: 12 judged slots + 1 empty; the two extras fail their location check
        assertEquals(10.0 / 13, score(released), 0.0);
        assertTrue(released.extractionPrompts().containsKey("station_11_details"));
        assertTrue(BaltimoreMarcStationGoldenTest.claims(released.evaluator())
                .contains(locationClaim("Seabrook", "Seabrook, MD")));

        // fixed: stations 11 and 12 are neither extracted nor judged
        assertEquals(1.0, score(fixed), 0.0);
        assertFalse(fixed.extractionPrompts().containsKey("station_10_details"));
        assertFalse(fixed.extractionPrompts().containsKey("station_11_details"));
        assertTrue(fixed.evaluator().judgeRequests().stream().map(JudgeCall::claim)
                .noneMatch(c -> c.contains("New Carrollton") || c.contains("Seabrook")));
        assertEquals(List.of("station_0", "station_1", "station_2", "station_3", "station_4", "station_5",
                "station_6", "station_7", "station_8", "station_9"), stationNodeIds(fixed));

        // the extraction summary still reports every name the answer gave
        assertEquals(12, info(fixed, "station_extraction_summary").get("total_found").asInt());
        assertEquals(10, info(fixed, "station_extraction_summary").get("evaluated_count").asInt());
        assertEquals(13, info(released, "station_extraction_summary").get("evaluated_count").asInt());
    }

    @Test
    void shortAnswerIsPaddedWithEmptySlotsThatFailWithoutJudgeCalls() {
        List<String> six = TEN.subList(0, 6);
        BaltimoreMarcStationGoldenTest.Run released = run(Variant.RELEASED.name(), six, Map.of());
        BaltimoreMarcStationGoldenTest.Run fixed = run(Variant.FIXED.name(), six, Map.of());
        assertEquals(6.0 / 13, score(released), 0.0);
        assertEquals(0.6, score(fixed), 0.0);
        // 6 stations x (location + address + crime) x 2 agreeing votes; padded slots make no call
        assertEquals(36, released.evaluator().judgeRequests().size());
        assertEquals(36, fixed.evaluator().judgeRequests().size());
        JsonNode padded = ResultJson.summary(fixed.evaluator()).get("eval_breakdown").get(0).get("verification_tree")
                .get("children").get(9);
        assertEquals("Complete verification for Station 10: Not found - location, address, and crime index",
                padded.get("desc").asText());
        assertEquals("failed", padded.get("status").asText());
    }

    @Test
    void groundTruthStillListsAllThirteenKeysWhileTheSlotCountChanges() {
        BaltimoreMarcStationGoldenTest.Run released = run(Variant.RELEASED.name(), TEN, Map.of());
        BaltimoreMarcStationGoldenTest.Run fixed = run(Variant.FIXED.name(), TEN, Map.of());
        assertEquals(info(released, "expected_marc_stations"), info(fixed, "expected_marc_stations"));
        assertEquals(13, info(fixed, "expected_marc_stations").get("total_expected_stations").asInt());
        assertEquals(13, info(released, "station_extraction_summary").get("expected_count").asInt());
        assertEquals(10, info(fixed, "station_extraction_summary").get("expected_count").asInt());
    }

    @Test
    void emptyAnswerScoresZeroInBothVariants() {
        assertEquals(0.0, score(run(Variant.RELEASED.name(), List.of(), Map.of())), 0.0);
        assertEquals(0.0, score(run(Variant.FIXED.name(), List.of(), Map.of())), 0.0);
    }
}
