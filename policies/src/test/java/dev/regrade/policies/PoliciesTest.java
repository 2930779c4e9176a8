package dev.regrade.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.rubric.template.Default;
import dev.regrade.rubric.template.Template;
import java.util.List;
import org.junit.jupiter.api.Test;

class PoliciesTest {
    record Station(String name, String address, String url) {
    }

    record StationList(@Default("[]") List<Station> stations, @Default("[]") List<String> urls, Integer year,
                       Double price, Boolean open) {
    }

    private static ExtractionRequest request(String name) {
        Template<StationList> t = Template.of(StationList.class);
        return new ExtractionRequest(name, t.name(), t.jsonSchema(), "prompt", null, List.of(), false);
    }

    @Test
    void emptyGivesNullsAndEmptyLists() {
        JsonNode a = Policies.EMPTY.answer("gas_stations", request("x"));
        assertEquals("{\"stations\":[],\"urls\":[],\"year\":null,\"price\":null,\"open\":null}", a.toString());
        assertEquals(new StationList(List.of(), List.of(), null, null, null), Template.of(StationList.class).validate(a));
        assertEquals(MapsTool.NOT_FOUND, Policies.EMPTY.maps("gas_stations").calculateDistance("A", "B", "driving"));
    }

    @Test
    void listLengthsFollowThePolicy() {
        assertEquals(1, Policies.MINIMAL.answer("s", request("x")).get("stations").size());
        assertEquals(3, Policies.HASH.answer("s", request("x")).get("stations").size());
        assertEquals(12, Policies.FULL.answer("s", request("x")).get("stations").size());
    }

    @Test
    void filledValuesArePlausibleByFieldNameAndValidateAgainstTheTemplate() {
        JsonNode a = Policies.HASH.answer("gas_stations", request("gas_stations_extraction"));
        JsonNode second = a.get("stations").get(1);
        assertEquals("Name B", second.get("name").asText());
        assertEquals("107 Main Street, Springfield, IL 62701", second.get("address").asText());
        assertEquals("https://gas-stations.example.test/gas_stations_extraction/url/2", second.get("url").asText());
        assertEquals(2024, a.get("year").asInt());
        assertTrue(a.get("open").asBoolean());
        Template.of(StationList.class).validate(a);
    }

    @Test
    void answersAreDeterministic() {
        assertEquals(Policies.FULL.answer("s", request("x")), Policies.FULL.answer("s", request("x")));
        MapsTool m = Policies.MINIMAL.maps("s");
        Object ab = m.calculateDistance("A", "B", "driving");
        assertEquals(ab, m.calculateDistance("B", "A", "driving"), "direction-free");
        int miles = (int) Math.round((Integer) ab / 1609.34);
        assertTrue(miles >= 300 && miles <= 480, "plausible leg: " + miles);
    }

    @Test
    void judgeRulesPerPolicy() {
        assertEquals(VerdictRules.accept(), Policies.FULL.verdictRules());
        assertEquals(VerdictRules.Base.HASH, Policies.HASH.verdictRules().base());
        assertEquals(List.of("empty", "minimal", "full", "hash"), Policies.names());
    }
}
