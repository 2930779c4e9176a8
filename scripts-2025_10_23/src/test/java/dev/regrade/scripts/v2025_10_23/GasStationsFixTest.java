package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.json.ResultJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the gas_stations fix (FIXES.md §A): the last station's distance to Los
 * Angeles is checked against 290–510 miles in the released script, against the 510-mile maximum
 * only in the fixed one; nothing else changes.
 */
class GasStationsFixTest {
    private static final String ATL = "Atlanta, GA";
    private static final String LA = "Los Angeles, CA";
    private static final String NOT_FOUND = "Distance not found";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** A route of stations: legs from the previous waypoint and distances to Los Angeles, in metres. */
    private static final class Route {
        final ArrayNode stations = F.arrayNode();
        final ArrayNode maps = F.arrayNode();
        String previous = ATL;

        Route(Object direct) {
            row(ATL, LA, direct);
        }

        Route station(String name, String address, double legMiles, double toLaMiles) {
            return stationMetres(name, address, metres(legMiles), metres(toLaMiles));
        }

        Route stationMetres(String name, String address, int legMetres, int toLaMetres) {
            stations.add(F.objectNode().put("name", name).put("address", address).putNull("url"));
            row(previous, address, legMetres);
            row(address, LA, toLaMetres);
            previous = address;
            return this;
        }

        private void row(String a, String b, Object v) {
            ArrayNode r = maps.addArray().add(a).add(b);
            if (v instanceof Integer i) {
                r.add(i);
            } else {
                r.add((String) v);
            }
        }

        GasStationsGoldenTest.Run run(String variant) {
            ObjectNode golden = F.objectNode();
            golden.put("variant", variant);
            golden.put("answer", "A route from Atlanta to Los Angeles.");
            golden.putObject("extractions").putObject("gas_stations_extraction")
                    .<ObjectNode>set("stations", stations).putArray("urls");
            golden.putObject("judge").put("default", true).putObject("table");
            golden.set("maps", maps);
            return GasStationsGoldenTest.replay(golden);
        }
    }

    private static int metres(double miles) {
        return (int) Math.round(miles * 1609.34);
    }

    /** Five 400-mile legs; the last station is 182 miles from Los Angeles (total 2182, 0% detour). */
    private static Route fiveFourHundredMileLegsLast182FromLosAngeles() {
        return new Route(NOT_FOUND)
                .station("Shell", "Pearl, MS", 400, 1782)
                .station("Chevron", "Dallas, TX", 400, 1382)
                .station("Exxon", "Big Spring, TX", 400, 982)
                .station("Love's", "El Paso, TX", 400, 582)
                .station("Pilot", "Tucson, AZ", 400, 182);
    }

    private static JsonNode node(GasStationsGoldenTest.Run run, String id) {
        JsonNode tree = ResultJson.summary(run.evaluator).get("eval_breakdown").get(0).get("verification_tree");
        return find(tree, id);
    }

    private static JsonNode find(JsonNode n, String id) {
        if (n.get("id").textValue().equals(id)) {
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

    private static double score(GasStationsGoldenTest.Run run) {
        assertNull(run.crash);
        return ResultJson.summary(run.evaluator).get("final_score").doubleValue();
    }

    @Test
    void releasedFailsALastStationCloserThan290MilesToLosAngeles() {
        GasStationsGoldenTest.Run run = fiveFourHundredMileLegsLast182FromLosAngeles().run("released");
        assertEquals(0.8, score(run));
        JsonNode check = node(run, "station_5_distance_check");
        assertEquals("failed", check.get("status").textValue());
        assertEquals("Previous segment: 400.0 miles (allowed 290-510); "
                + "Station to Los Angeles: 182.0 miles (allowed 290-510)", check.get("desc").textValue());
    }

    @Test
    void fixedPassesALastStationCloserThan290MilesToLosAngeles() {
        GasStationsGoldenTest.Run run = fiveFourHundredMileLegsLast182FromLosAngeles().run("fixed");
        assertEquals(1.0, score(run));
        JsonNode check = node(run, "station_5_distance_check");
        assertEquals("passed", check.get("status").textValue());
        // Only the check changes; the description is the original's in both variants.
        assertEquals("Previous segment: 400.0 miles (allowed 290-510); "
                + "Station to Los Angeles: 182.0 miles (allowed 290-510)", check.get("desc").textValue());
    }

    @Test
    void fixedKeepsThe510MileMaximumForTheFinalLeg() {
        for (String variant : GasStations.SCRIPT.variantNames()) {
            GasStationsGoldenTest.Run run = new Route(NOT_FOUND)
                    .station("Shell", "Pearl, MS", 400, 1710)
                    .station("Chevron", "Dallas, TX", 400, 1310)
                    .station("Exxon", "Big Spring, TX", 400, 910)
                    .stationMetres("Pilot", "Tucson, AZ", metres(400), 820764) // 510.0006 miles
                    .run(variant);
            assertEquals(0.75, score(run), variant);
            assertEquals("failed", node(run, "station_4_distance_check").get("status").textValue(), variant);

            GasStationsGoldenTest.Run justUnder = new Route(NOT_FOUND)
                    .station("Shell", "Pearl, MS", 418, 1764)
                    .station("Chevron", "Dallas, TX", 418, 1346)
                    .station("Exxon", "Big Spring, TX", 418, 928)
                    .stationMetres("Pilot", "Tucson, AZ", metres(418), 820763) // 509.9998 miles
                    .run(variant);
            assertEquals(1.0, score(justUnder), variant);
        }
    }

    @Test
    void fixedStillChecksIntermediateLegsAgainstThe290MileMinimum() {
        for (String variant : GasStations.SCRIPT.variantNames()) {
            GasStationsGoldenTest.Run run = new Route(NOT_FOUND)
                    .station("Shell", "Pearl, MS", 400, 1782)
                    .station("Chevron", "Dallas, TX", 200, 1582) // a 200-mile leg between stations
                    .station("Exxon", "Big Spring, TX", 400, 1182)
                    .station("Pilot", "Tucson, AZ", 400, 782)
                    .run(variant);
            assertEquals(0.25, score(run), variant);
            assertEquals("failed", node(run, "station_2_distance_check").get("status").textValue(), variant);
        }
    }

    @Test
    void theFinalLegWindowAppliesOnlyToTheLastEvaluatedStation() {
        // Nine stations are listed; only the first seven (MAX_STATIONS) are evaluated, and the seventh,
        // 82 miles from Los Angeles, is the last one.
        Route route = new Route(NOT_FOUND);
        for (int i = 1; i <= 7; i++) {
            route.station("S" + i, "Stop " + i, 300, 2182 - 300 * i);
        }
        route.stations.add(F.objectNode().put("name", "S8").put("address", "Stop 8").putNull("url"));
        route.stations.add(F.objectNode().put("name", "S9").put("address", "Stop 9").putNull("url"));
        GasStationsGoldenTest.Run released = route.run("released");
        assertEquals(6.0 / 7.0, score(released));
        assertEquals(15, released.mapsCalls.size());
        assertEquals(1.0, score(route.run("fixed")));
    }

    @Test
    void bothVariantsCrashWhenTheDirectLookupSucceeds() {
        for (String variant : GasStations.SCRIPT.variantNames()) {
            Route route = new Route(metres(2182))
                    .station("Shell", "Pearl, MS", 400, 1782);
            GasStationsGoldenTest.Run run = route.run(variant);
            assertNotNull(run.crash, variant);
            assertEquals("TypeError: slice indices must be integers or None or have an __index__ method",
                    run.crash.toString(), variant);
            assertEquals(List.of(List.of(ATL, LA, "driving")), run.mapsCalls, variant);
        }
    }

    @Test
    void anUnknownVariantIsRejected() {
        Evaluator evaluator = new Evaluator(EvaluationContext.of(""));
        assertThrows(IllegalArgumentException.class, () -> GasStations.SCRIPT.evaluate(evaluator, "instructors-last"));
    }

    @Test
    void promptTextsAreThePythonStringsVerbatim() {
        // sha256 of the Python strings (TASK_DESCRIPTION, prompt_extract_gas_stations(), EVAL_NOTES).
        assertEquals("93872cf427b0217f78b4105a0bb395d17c59c982e0c014cf752857cb46a7574f",
                GasStationsGoldenTest.sha256(GasStations.TASK_DESCRIPTION));
        assertEquals("f8b99cc48b30b85ea472d1d5b8633df8f2305e6fefa72698a68939811e785daf",
                GasStationsGoldenTest.sha256(GasStations.promptExtractGasStations()));
        assertEquals("11829a5d77294fad578259321740b12a51dbf151fd5b45aa186cb89f36c2fcb6",
                GasStationsGoldenTest.sha256(GasStations.EVAL_NOTES));
    }
}
