package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.MapsTool;
import java.util.List;
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

    private static FixtureException bad(String json) {
        return assertThrows(FixtureException.class, () -> Fixture.parse("f.json", "f", json));
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
        assertEquals(java.util.Set.of(), f.unusedExtractions(List.of(new ExtractionRequest("gas_stations_extraction",
                "T", schema, "p", null, List.of(), false))));
    }

    @Test
    void everyProblemNamesTheFileAndTheKey() {
        assertEquals("f.json: scirpt: unknown key (expected one of " + String.join(", ", Fixture.KEYS) + ")",
                bad("{\"scirpt\": \"x\"}").getMessage());
        assertEquals("f.json: script: missing (required)", bad("{}").getMessage());
        assertEquals("f.json: script: expected a non-empty string", bad("{\"script\": 3}").getMessage());
        assertEquals("f.json: fallback_policy: unknown policy 'lazy' (expected one of empty, minimal, full, hash)",
                bad("{\"script\": \"s\", \"fallback_policy\": \"lazy\"}").getMessage());
        assertEquals("f.json: judge.rules: unknown rule 'maybe' (expected accept or hash)",
                bad("{\"script\": \"s\", \"judge\": {\"rules\": \"maybe\"}}").getMessage());
        assertEquals("f.json: judge.reject[0]: bad regex: Unclosed group",
                bad("{\"script\": \"s\", \"judge\": {\"reject\": [\"/(/\"]}}").getMessage());
        assertEquals("f.json: maps[0]: expected [\"address 1\", \"address 2\", miles]",
                bad("{\"script\": \"s\", \"maps\": [[\"a\", 3]]}").getMessage());
        assertEquals("f.json: eval_date: '2025-13-01' is not an ISO date like \"2025-10-23\"",
                bad("{\"script\": \"s\", \"eval_date\": \"2025-13-01\"}").getMessage());
        assertEquals("f.json: hash_seed: expected a whole number from 0 to 4294967295 (a PYTHONHASHSEED)",
                bad("{\"script\": \"s\", \"hash_seed\": -1}").getMessage());
        assertEquals("f.json: extractions.x: expected an object (the extraction record's fields)",
                bad("{\"script\": \"s\", \"extractions\": {\"x\": [1]}}").getMessage());
        assertTrue(bad("{\"script\": ").getMessage().startsWith("f.json: not valid JSON: "));
    }

    @Test
    void aFixtureForAnotherOrUnknownScriptIsRejected() {
        Fixture f = Fixture.parse("f.json", "f", GOOD);
        assertEquals("f.json: script: unknown script 'gas_stations' (known: rl_course_book)",
                assertThrows(FixtureException.class, () -> f.requireScript(null, List.of("rl_course_book"))).getMessage());
        assertEquals("f.json: script: this fixture is for 'gas_stations', not 'rl_course_book'",
                assertThrows(FixtureException.class,
                        () -> f.requireScript("rl_course_book", List.of("gas_stations", "rl_course_book"))).getMessage());
    }
}
