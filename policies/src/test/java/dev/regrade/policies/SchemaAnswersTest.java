package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Schemas Regrade never wrote: pydantic's {@code model_json_schema()} of models with nesting, enums and recursion. */
class SchemaAnswersTest {
    private static final ObjectMapper M = new ObjectMapper();

    /**
     * {@code StationList.model_json_schema()} (pydantic 2) of: {@code Address(street: str, city: Optional[str] = None)},
     * {@code Station(name: str, kind: Literal["gas", "ev"], address: Address, price: Optional[float] = None,
     * tags: List[str] = [])}, {@code Node(label: str, children: List["Node"] = [])},
     * {@code StationList(stations: List[Station], best: Optional[Station] = None, tree: Optional[Node] = None)}.
     */
    static final String PYDANTIC = """
            {"$defs": {"Address": {"properties": {"street": {"title": "Street", "type": "string"}, "city": {"anyOf": \
            [{"type": "string"}, {"type": "null"}], "default": null, "title": "City"}}, "required": ["street"], \
            "title": "Address", "type": "object"}, "Node": {"properties": {"label": {"title": "Label", "type": \
            "string"}, "children": {"default": [], "items": {"$ref": "#/$defs/Node"}, "title": "Children", "type": \
            "array"}}, "required": ["label"], "title": "Node", "type": "object"}, "Station": {"properties": {"name": \
            {"title": "Name", "type": "string"}, "kind": {"enum": ["gas", "ev"], "title": "Kind", "type": "string"}, \
            "address": {"$ref": "#/$defs/Address"}, "price": {"anyOf": [{"type": "number"}, {"type": "null"}], \
            "default": null, "title": "Price"}, "tags": {"default": [], "items": {"type": "string"}, "title": "Tags", \
            "type": "array"}}, "required": ["name", "kind", "address"], "title": "Station", "type": "object"}}, \
            "properties": {"stations": {"items": {"$ref": "#/$defs/Station"}, "title": "Stations", "type": "array"}, \
            "best": {"anyOf": [{"$ref": "#/$defs/Station"}, {"type": "null"}], "default": null}, "tree": {"anyOf": \
            [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": null}}, "required": ["stations"], "title": \
            "StationList", "type": "object"}""";

    private static JsonNode schema() throws Exception {
        return M.readTree(PYDANTIC);
    }

    @Test
    void referencesEnumsAndOptionalsAreAnsweredByThePolicy() throws Exception {
        JsonNode minimal = Policies.MINIMAL.schemaAnswers().answer(schema(), "any", "StationList");
        JsonNode station = minimal.get("stations").get(0);
        assertEquals("Name A", station.get("name").asText());
        assertEquals("gas", station.get("kind").asText(), "an enum answers one of its values");
        assertEquals("100 Main Street, Springfield, IL 62701", station.at("/address/street").asText());
        assertEquals("City A", station.at("/address/city").asText());
        assertEquals(10.5, station.get("price").asDouble());
        assertEquals(1, station.get("tags").size());
        assertEquals(station, minimal.get("best"), "an optional reference is filled like the list's first element");

        JsonNode empty = Policies.EMPTY.schemaAnswers().answer(schema(), "any", "StationList");
        assertEquals("{\"stations\":[],\"best\":null,\"tree\":null}", empty.toString());

        JsonNode full = Policies.FULL.schemaAnswers().answer(schema(), "any", "StationList");
        assertEquals(12, full.get("stations").size());
        assertEquals("ev", full.at("/stations/1/kind").asText(), "enum values cycle with the position");
    }

    @Test
    void aRecursiveSchemaStopsAtABoundedDepth() throws Exception {
        JsonNode tree = Policies.FULL.schemaAnswers().answer(schema(), "any", "StationList").get("tree");
        assertEquals(12, tree.get("children").size());
        JsonNode grandchild = tree.at("/children/0/children/0");
        assertEquals("Label A", grandchild.get("label").asText());
        assertEquals(0, grandchild.get("children").size(), "the third entry of Node lists nothing");
    }

    @Test
    void typeListsConstsAndSingleAllOfAreRead() throws Exception {
        JsonNode s = M.readTree("""
                {"type": "object", "properties": {"note": {"type": ["string", "null"]}, "v": {"const": 2},
                 "inner": {"allOf": [{"$ref": "#/definitions/In"}]}},
                 "definitions": {"In": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}}""");
        assertEquals("{\"note\":\"Note A\",\"v\":2,\"inner\":{\"ok\":true}}",
                Policies.HASH.schemaAnswers().answer(s, "any", "X").toString());
        assertEquals("{\"note\":null,\"v\":null,\"inner\":{\"ok\":null}}",
                Policies.EMPTY.schemaAnswers().answer(s, "any", "X").toString());
    }

    @Test
    void aReferenceOutsideTheSchemaIsAnError() throws Exception {
        JsonNode s = M.readTree("{\"$ref\": \"https://example.test/schema.json\"}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Policies.FULL.schemaAnswers().answer(s, "any", "X"));
        assertTrue(e.getMessage().contains("only local $ref"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Policies.FULL.schemaAnswers().answer(M.readTree("{\"$ref\": \"#/$defs/None\"}"), "any", "X"));
    }
}
