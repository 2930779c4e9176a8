package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.script.DeclaredExtraction;
import dev.regrade.rubric.script.ScriptDeclaration;
import dev.regrade.api.Variant;
import java.util.List;
import dev.regrade.api.BadInputException;
import org.junit.jupiter.api.Test;

class FixtureTest {
    private static final String GOOD = """
            {"script": "gas_stations", "description": "d",
             "extractions": {"gas_stations_extraction": {"stations": [], "urls": ["u"]}},
             "fallback_policy": "minimal",
             "judge": {"rules": "hash", "reject": ["bad", "/^No\\\\b/"], "table": {"exact claim": true}},
             "maps": [["Atlanta, GA", "Pearl, MS", 400.0]],
             "pages": {"https://a.test/": "<p>hi</p>"},
             "missing_pages": ["https://gone.test/"],
             "eval_date": "2025-11-01", "hash_seed": 7}
            """;

    private static BadInputException bad(String json) {
        return assertThrows(BadInputException.class, () -> Fixture.parse("f.json", "f", json));
    }

    @Test
    void aCompleteFixtureLoads() {
        Fixture f = Fixture.parse("f.json", "f", GOOD);
        assertEquals("gas_stations", f.script());
        assertEquals("2025-11-01", f.evalDate().orElseThrow().toString());
        assertEquals(7L, f.hashSeed().orElseThrow());
        assertEquals(643736, f.maps("gas_stations").calculateDistance("Pearl, MS", "Atlanta, GA", "driving"));
        assertEquals(MapsTool.NOT_FOUND, f.maps("gas_stations").calculateDistance("Atlanta, GA", "Los Angeles, CA", "driving"));
        assertFalse(f.verdictRules().verdict("a bad claim", "p"));
        assertFalse(f.verdictRules().verdict("No way", "p"));
        assertTrue(f.verdictRules().verdict("exact claim", "p"));
        assertEquals(List.of("https://gone.test/"), f.missingPages());
    }

    @Test
    void listedExtractionsComeFromTheFixtureOthersFromTheFallback() {
        Fixture f = Fixture.parse("f.json", "f", GOOD);
        var schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        schema.putObject("properties").putObject("name").put("type", "string");
        var listed = f.extractor("gas_stations").extract(new ExtractionRequest("gas_stations_extraction", "T", schema,
                "p", null, List.of(), false));
        assertEquals("{\"stations\":[],\"urls\":[\"u\"]}", listed.toString());
        var other = f.extractor("gas_stations").extract(new ExtractionRequest("other", "T", schema, "p", null,
                List.of(), false));
        assertEquals("{\"name\":\"Name A\"}", other.toString());
    }

    @Test
    void everyProblemNamesTheFileAndTheKey() {
        assertEquals("f.json: $.scirpt: unknown key (expected one of " + String.join(", ", Fixture.KEYS) + "); did you mean 'script'?",
                bad("{\"scirpt\": \"x\"}").getMessage());
        assertEquals("f.json: $.script: missing", bad("{}").getMessage());
        assertEquals("f.json: $.script: expected a non-empty string, got a number", bad("{\"script\": 3}").getMessage());
        assertEquals("f.json: $.fallback_policy: unknown policy 'lazy' (expected one of empty, minimal, full, hash)",
                bad("{\"script\": \"s\", \"fallback_policy\": \"lazy\"}").getMessage());
        assertEquals("f.json: $.judge.rules: unknown rule 'maybe' (expected accept or hash)",
                bad("{\"script\": \"s\", \"judge\": {\"rules\": \"maybe\"}}").getMessage());
        assertEquals("f.json: $.judge.reject[0]: bad regex: Unclosed group",
                bad("{\"script\": \"s\", \"judge\": {\"reject\": [\"/(/\"]}}").getMessage());
        assertEquals("f.json: $.maps[0]: expected [\"address 1\", \"address 2\", miles]",
                bad("{\"script\": \"s\", \"maps\": [[\"a\", 3]]}").getMessage());
        assertEquals("f.json: $.eval_date: '2025-13-01' is not an ISO date like \"2025-10-23\"",
                bad("{\"script\": \"s\", \"eval_date\": \"2025-13-01\"}").getMessage());
        assertEquals("f.json: $.hash_seed: expected a whole number from 0 to 4294967295 (a PYTHONHASHSEED), got -1",
                bad("{\"script\": \"s\", \"hash_seed\": -1}").getMessage());
        assertEquals("f.json: $.extractions.x: expected an object (the extraction record's fields), got a list",
                bad("{\"script\": \"s\", \"extractions\": {\"x\": [1]}}").getMessage());
        assertEquals("f.json: $.description: expected a string, got a number",
                bad("{\"script\": \"s\", \"description\": 3}").getMessage());
        assertEquals("f.json: $.judge.table['exact claim']: expected true or false, got a string",
                bad("{\"script\": \"s\", \"judge\": {\"table\": {\"exact claim\": \"yes\"}}}").getMessage());
        assertEquals("f.json: $.judge.rulez: unknown key (expected one of rules, reject, table); did you mean 'rules'?",
                bad("{\"script\": \"s\", \"judge\": {\"rulez\": \"hash\"}}").getMessage());
        assertEquals("f.json: $: expected a JSON object, got a list", bad("[]").getMessage());
    }

    @Test
    void invalidJsonNamesTheLineAndColumn() {
        assertEquals("f.json:2:10: not valid JSON: expected ':' after the key, found '}'",
                bad("{\"script\": \"s\",\n \"answer\"}").getMessage());
        String truncated = bad("{\"script\": ").getMessage();
        assertEquals("f.json:1:12: not valid JSON: the file ends inside an object", truncated);
        assertFalse(truncated.contains("Source"), truncated);
    }

    record Station(String name, String address, Double miles) {
    }

    record Stations(List<Station> stations, List<String> urls, Boolean complete) {
    }

    private static final ScriptDeclaration DECLARED = new ScriptDeclaration("gas_stations",
            List.of(Variant.RELEASED, Variant.FIXED), new DeclaredExtraction(Stations.class, "gas_stations_extraction"),
            new DeclaredExtraction(Station.class, "station_*_details"));

    @Test
    void aClientNamingOnlyTheTemplateGetsTheFixturesRecordWhenOneExtractionUsesIt() {
        Fixture f = Fixture.parse("f.json", "f", GOOD).checkExtractions(DECLARED);
        var schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        schema.putObject("properties").putObject("name").put("type", "string");
        var byTemplate = f.extractor(DECLARED).extract(new ExtractionRequest("Stations", "Stations", schema, "p", null,
                List.of(), false));
        assertEquals("{\"stations\":[],\"urls\":[\"u\"]}", byTemplate.toString());
        var unlisted = f.extractor(DECLARED).extract(new ExtractionRequest("Station", "Station", schema, "p", null,
                List.of(), false));
        assertEquals("{\"name\":\"Name A\"}", unlisted.toString(), "no station record given: the fallback policy");
        var byName = f.extractor(DECLARED).extract(new ExtractionRequest("gas_stations_extraction", "Other", schema,
                "p", null, List.of(), false));
        assertEquals("{\"stations\":[],\"urls\":[\"u\"]}", byName.toString());
    }

    private static String checked(String extractions) {
        return assertThrows(BadInputException.class, () -> Fixture.parse("f.json", "f",
                "{\"script\": \"gas_stations\", " + extractions + "}").checkExtractions(DECLARED)).getMessage();
    }

    @Test
    void extractionsFittingTheDeclarationPassPydanticsLaxCoercionsIncluded() {
        Fixture f = Fixture.parse("f.json", "f", "{\"script\": \"gas_stations\", \"extractions\": {"
                + "\"gas_stations_extraction\": {\"stations\": [{\"name\": \"A\", \"miles\": 3}], \"complete\": \"yes\"},"
                + "\"station_4_details\": {\"miles\": \"2.5\", \"address\": null}}}");
        assertSame(f, f.checkExtractions(DECLARED));
    }

    @Test
    void anUndeclaredExtractionNameIsRefusedWithTheCloseName() {
        assertEquals("f.json: $.extractions.gas_station_extraction: the script gas_stations requests no such extraction "
                + "(it requests gas_stations_extraction, station_*_details); did you mean 'gas_stations_extraction'?",
                checked("\"extractions\": {\"gas_station_extraction\": {}}"));
        assertEquals("f.json: $.malformed_extractions.routes: the script gas_stations requests no such extraction "
                + "(it requests gas_stations_extraction, station_*_details)",
                checked("\"malformed_extractions\": {\"routes\": 3}"));
    }

    @Test
    void anUnknownFieldAtAnyDepthIsRefused() {
        assertEquals("f.json: $.extractions.gas_stations_extraction.stationz: unknown field (expected a field of "
                + "Stations (stations, urls, complete)); did you mean 'stations'?",
                checked("\"extractions\": {\"gas_stations_extraction\": {\"stationz\": []}}"));
        assertEquals("f.json: $.extractions.gas_stations_extraction.stations[1].adress: unknown field (expected a field "
                + "of Station (name, address, miles)); did you mean 'address'?",
                checked("\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{}, {\"adress\": \"x\"}]}}"));
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedWithWhatWasExpected() {
        assertEquals("f.json: $.extractions.gas_stations_extraction.stations[0].address: expected a string, got 12345 "
                + "(to pass a reply the template rejects, list it under malformed_extractions)",
                checked("\"extractions\": {\"gas_stations_extraction\": {\"stations\": [{\"address\": 12345}]}}"));
        assertEquals("f.json: $.extractions.gas_stations_extraction.urls: expected a list of strings, got \"u\" "
                + "(to pass a reply the template rejects, list it under malformed_extractions)",
                checked("\"extractions\": {\"gas_stations_extraction\": {\"urls\": \"u\"}}"));
        assertEquals("f.json: $.extractions.station_0_details.miles: expected a number (or a numeric string), got "
                + "\"far\" (to pass a reply the template rejects, list it under malformed_extractions)",
                checked("\"extractions\": {\"station_0_details\": {\"miles\": \"far\"}}"));
        assertEquals("f.json: $.extractions.gas_stations_extraction.stations[0]: expected an object (Station), got null "
                + "(to pass a reply the template rejects, list it under malformed_extractions)",
                checked("\"extractions\": {\"gas_stations_extraction\": {\"stations\": [null]}}"));
    }

    @Test
    void malformedExtractionsReachTheScriptUnchecked() {
        Fixture f = Fixture.parse("f.json", "f", "{\"script\": \"gas_stations\", "
                + "\"malformed_extractions\": {\"gas_stations_extraction\": {\"stations\": [{\"address\": 12345}]}}}");
        assertSame(f, f.checkExtractions(DECLARED));
        var schema = JsonNodeFactory.instance.objectNode();
        assertEquals("{\"stations\":[{\"address\":12345}]}", f.extractor("gas_stations").extract(
                new ExtractionRequest("gas_stations_extraction", "T", schema, "p", null, List.of(), false)).toString());
        assertEquals("f.json: $.malformed_extractions.x: also listed under extractions (give one reply per extraction)",
                bad("{\"script\": \"s\", \"extractions\": {\"x\": {}}, \"malformed_extractions\": {\"x\": 1}}")
                        .getMessage());
    }

    @Test
    void oneMapsRowServesBothDirectionsTwoRowsAreDirected() {
        Fixture f = Fixture.parse("f.json", "f", "{\"script\": \"s\", \"maps\": [[\"A\", \"B\", 1.0], "
                + "[\"C\", \"D\", 1.0], [\"D\", \"C\", 2.0], [\"A\", \"B\", 1.0]]}");
        MapsTool maps = f.maps("s");
        assertEquals(1609, maps.calculateDistance("B", "A", "driving"));
        assertEquals(1609, maps.calculateDistance("C", "D", "driving"));
        assertEquals(3219, maps.calculateDistance("D", "C", "driving"));
        assertEquals("f.json: $.maps[1]: this direction is already maps[0] with 1.0 miles, here 2 (list each direction "
                + "once; a row for the reverse direction serves that one)",
                bad("{\"script\": \"s\", \"maps\": [[\"A\", \"B\", 1.0], [\"A\", \"B\", 2]]}").getMessage());
    }

    @Test
    void aFixtureForAnotherOrUnknownScriptIsRejected() {
        Fixture f = Fixture.parse("f.json", "f", GOOD);
        assertEquals("f.json: $.script: unknown script 'gas_stations' (known: rl_course_book)",
                assertThrows(BadInputException.class, () -> f.requireScript(null, List.of("rl_course_book"))).getMessage());
        assertEquals("f.json: $.script: this fixture is for 'gas_stations', not 'rl_course_book'",
                assertThrows(BadInputException.class,
                        () -> f.requireScript("rl_course_book", List.of("gas_stations", "rl_course_book"))).getMessage());
    }
}
