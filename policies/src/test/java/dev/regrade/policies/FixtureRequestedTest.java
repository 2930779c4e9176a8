package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.Variant;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.script.DeclaredExtraction;
import dev.regrade.rubric.script.ScriptDeclaration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A fixture checked against what a script requested (a task with no port) gives the messages a fixture
 * checked against a port's declaration gives, for the same model: here the pydantic models of
 * {@link FixtureTest}'s records, as the strict schema the driver sends.
 */
class FixtureRequestedTest {
    record Station(String name, String address, Double miles) {
    }

    record Stations(List<Station> stations, List<String> urls, Boolean complete) {
    }

    private static final ScriptDeclaration DECLARED = new ScriptDeclaration("gas_stations",
            List.of(Variant.RELEASED, Variant.FIXED), new DeclaredExtraction(Stations.class, "gas_stations_extraction"));

    private static final JsonNode STATIONS = JsonFiles.parse("""
            {"$defs": {"Station": {"title": "Station", "type": "object", "additionalProperties": false,
                "properties": {"name": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Name"},
                  "address": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Address"},
                  "miles": {"anyOf": [{"type": "number"}, {"type": "null"}], "title": "Miles"}},
                "required": ["name", "address", "miles"]}},
             "title": "Stations", "type": "object", "additionalProperties": false,
             "properties": {"stations": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/Station"}}, {"type": "null"}]},
               "urls": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
               "complete": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}},
             "required": ["stations", "urls", "complete"]}
            """);

    private static Map<String, List<JsonNode>> requested() {
        Map<String, List<JsonNode>> r = new LinkedHashMap<>();
        r.put("gas_stations_extraction", List.of(STATIONS));
        r.put("station_0_details", List.of(STATIONS.path("$defs").path("Station")));
        return r;
    }

    private static Fixture fixture(String extractions) {
        return Fixture.parse("f.json", "f", "{\"script\": \"gas_stations\", " + extractions + "}");
    }

    private static String byRequests(String extractions) {
        return assertThrows(BadInputException.class, () -> fixture(extractions).checkRequested(requested())).getMessage();
    }

    private static String byDeclaration(String extractions) {
        return assertThrows(BadInputException.class, () -> fixture(extractions).checkExtractions(DECLARED)).getMessage();
    }

    @Test
    void fieldAndTypeProblemsReadAsForAPort() {
        for (String bad : List.of(
                "\"extractions\": {\"gas_stations_extraction\": {\"stationz\": []}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{}, {\"adress\": \"x\"}]}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{\"address\": 12345}]}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"urls\": \"u\"}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"stations\": [null]}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{\"miles\": \"far\"}]}}",
                "\"extractions\": {\"gas_stations_extraction\": {\"complete\": 2}}")) {
            assertEquals(byDeclaration(bad), byRequests(bad), bad);
        }
    }

    @Test
    void aNameNoRequestCarriedIsRefusedWithWhatWasRequested() {
        assertEquals("f.json: $.extractions.station_0_detail: the script gas_stations requests no such extraction "
                + "(it requests gas_stations_extraction, station_0_details); did you mean 'station_0_details'?",
                byRequests("\"extractions\": {\"station_0_detail\": {}}"));
        assertEquals("f.json: $.malformed_extractions.x: the script gas_stations requests no such extraction "
                + "(it requests none)", assertThrows(BadInputException.class,
                        () -> fixture("\"malformed_extractions\": {\"x\": 1}").checkRequested(Map.of())).getMessage());
    }

    @Test
    void fittingRecordsAndMalformedRepliesPass() {
        Fixture f = fixture("\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{\"name\": \"A\", "
                + "\"miles\": 3}], \"complete\": \"yes\"}}, \"malformed_extractions\": {\"station_0_details\": "
                + "{\"miles\": [1]}}");
        assertSame(f, f.checkRequested(requested()));
    }

    @Test
    void theInformationalKeyIsAcceptedWhenAnObject() {
        Fixture.parse("f.json", "f", "{\"script\": \"s\", \"observed\": {\"urls\": [\"https://a.test/\"]}}");
        assertEquals("f.json: $.observed: expected an object (informational: what the run the fixture came from did), "
                + "got a list", assertThrows(BadInputException.class,
                        () -> Fixture.parse("f.json", "f", "{\"script\": \"s\", \"observed\": []}")).getMessage());
    }
}
