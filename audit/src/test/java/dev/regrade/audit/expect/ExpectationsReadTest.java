package dev.regrade.audit.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.BadInputException;
import org.junit.jupiter.api.Test;

/** An expectations file's problems in the one shape: the file, the JSON path, what was expected and what came. */
class ExpectationsReadTest {
    private static String problem(String json) {
        return assertThrows(BadInputException.class, () -> Expectations.parse("e.json", json)).getMessage();
    }

    @Test
    void aMissingKeyAndAWrongTypeNameThePath() {
        assertEquals("e.json: $.scripts: missing", problem("{\"description\": \"d\"}"));
        assertEquals("e.json: $.scripts.gas_stations.allow: expected a list of node-id globs, got a string",
                problem("{\"scripts\": {\"gas_stations\": {\"allow\": \"station_*\"}}}"));
        assertEquals("e.json: $.scripts.gas_stations.note: expected a string, got a number",
                problem("{\"scripts\": {\"gas_stations\": {\"allow\": [], \"note\": 3}}}"));
        assertEquals("e.json: $.scripts.gas_stations.allow: missing",
                problem("{\"scripts\": {\"gas_stations\": {}}}"));
        assertEquals("e.json: $: expected a JSON object with \"scripts\", got a list", problem("[]"));
        assertEquals("e.json: $.scripts['gas stations']: expected {\"allow\": [...], \"note\": \"...\"}, got null",
                problem("{\"scripts\": {\"gas stations\": null}}"));
    }

    @Test
    void aSyntaxErrorNamesLineAndColumn() {
        assertEquals("e.json:2:1: not valid JSON: the file ends before the object opened at line 1, column 1 is closed "
                + "('}' missing)", problem("{\"scripts\": {}\n"));
    }
}
