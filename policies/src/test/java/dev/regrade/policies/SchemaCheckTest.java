package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.template.Template;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON-schema checker on the strict schemas pydantic and the OpenAI SDK send. */
class SchemaCheckTest {
    /** class Station(BaseModel): name: str; address: Optional[str]; miles: float; open: bool; rank: int;
     *  kind: Literal["gas", "ev"]; class Stations(BaseModel): stations: List[Station]; urls: List[str];
     *  note: Optional[Station]; tags: dict[str, int] — as strict() writes it. */
    private static final JsonNode SCHEMA = JsonFiles.parse("""
            {"$defs": {"Station": {"title": "Station", "type": "object", "additionalProperties": false,
                "properties": {"name": {"title": "Name", "type": "string"},
                  "address": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Address"},
                  "miles": {"title": "Miles", "type": "number"}, "open": {"title": "Open", "type": "boolean"},
                  "rank": {"title": "Rank", "type": "integer"}, "kind": {"enum": ["gas", "ev"], "title": "Kind"}},
                "required": ["name", "address", "miles", "open", "rank", "kind"]}},
             "title": "Stations", "type": "object", "additionalProperties": false,
             "properties": {"stations": {"items": {"$ref": "#/$defs/Station"}, "title": "Stations", "type": "array"},
               "urls": {"items": {"type": "string"}, "title": "Urls", "type": "array"},
               "note": {"anyOf": [{"$ref": "#/$defs/Station"}, {"type": "null"}]},
               "tags": {"type": "object", "additionalProperties": {"type": "integer"}}},
             "required": ["stations", "urls", "note", "tags"]}
            """);

    private static List<Template.Problem> problems(String json) {
        return SchemaCheck.problems(SCHEMA, JsonFiles.parse(json));
    }

    @Test
    void aFittingRecordHasNoProblemWithPydanticsLaxValues() {
        assertEquals(List.of(), problems("""
                {"stations": [{"name": "A", "address": null, "miles": 3, "open": "yes", "rank": "7", "kind": "ev"},
                  {"name": "B", "address": "1 Main St", "miles": "2.5", "open": 0, "rank": 2.0, "kind": "gas"}],
                 "urls": [], "note": null, "tags": {"x": 1}}"""));
        // a field left out is pydantic's to decide (the strict schema cannot say which have defaults)
        assertEquals(List.of(), problems("{\"stations\": []}"));
    }

    @Test
    void anUnknownFieldAtAnyDepthNamesTheObjectAndItsFields() {
        Template.Problem top = problems("{\"stationz\": []}").get(0);
        assertEquals(".stationz", top.path());
        assertEquals("a field of Stations (stations, urls, note, tags)", top.expected());
        assertEquals(List.of("stations", "urls", "note", "tags"), top.knownKeys());
        Template.Problem deep = problems("{\"stations\": [{\"name\": \"A\"}, {\"adress\": \"x\"}]}").get(0);
        assertEquals(".stations[1].adress", deep.path());
        assertEquals("a field of Station (name, address, miles, open, rank, kind)", deep.expected());
        assertTrue(deep.unknownKey());
        assertEquals(".note.nam", problems("{\"note\": {\"nam\": \"A\"}}").get(0).path());
    }

    @Test
    void aWrongTypeSaysWhatWasExpectedInTheTemplatesWords() {
        Template.Problem p = problems("{\"stations\": [{\"address\": 12345}]}").get(0);
        assertEquals(".stations[0].address", p.path());
        assertEquals("a string", p.expected());
        assertTrue(!p.unknownKey());
        assertEquals("a list of objects (Station)", problems("{\"stations\": {}}").get(0).expected());
        assertEquals("a list of strings", problems("{\"urls\": \"https://a\"}").get(0).expected());
        assertEquals("a string", problems("{\"urls\": [null]}").get(0).expected());
        assertEquals("an integer (a whole number, or a string of digits)",
                problems("{\"stations\": [{\"rank\": 1.5}]}").get(0).expected());
        assertEquals("a number (or a numeric string)", problems("{\"stations\": [{\"miles\": \"far\"}]}").get(0).expected());
        assertEquals("a boolean (true/false, 0/1 or a yes/no word)",
                problems("{\"stations\": [{\"open\": 2}]}").get(0).expected());
        assertEquals("one of \"gas\", \"ev\"", problems("{\"stations\": [{\"kind\": \"diesel\"}]}").get(0).expected());
        assertEquals("a string", problems("{\"stations\": [{\"name\": null}]}").get(0).expected());
        assertEquals(".tags.x", problems("{\"tags\": {\"x\": \"many\"}}").get(0).path());
        assertEquals("an object (Stations)", problems("[]").get(0).expected());
    }

    @Test
    void anAnyOfOfSeveralTypesNamesThemAll() {
        JsonNode schema = JsonFiles.parse("{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"string\"}, {\"type\": \"null\"}]}");
        assertEquals(List.of(), SchemaCheck.problems(schema, JsonFiles.parse("\"x\"")));
        assertEquals("an integer (a whole number, or a string of digits) or a string",
                SchemaCheck.problems(schema, JsonFiles.parse("[1]")).get(0).expected());
    }

    @Test
    void aSelfReferringSchemaIsCheckedAtEveryLevel() {
        JsonNode tree = JsonFiles.parse("""
                {"$defs": {"Node": {"title": "Node", "type": "object", "additionalProperties": false,
                  "properties": {"label": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
                 "$ref": "#/$defs/Node"}""");
        Template.Problem p = SchemaCheck.problems(tree, JsonFiles.parse(
                "{\"label\": \"a\", \"children\": [{\"label\": \"b\", \"children\": [{\"lable\": \"c\"}]}]}")).get(0);
        assertEquals(".children[0].children[0].lable", p.path());
        assertEquals("a field of Node (label, children)", p.expected());
    }
}
