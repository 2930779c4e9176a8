package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.api.JsonField.Kind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The one typed field reader: "missing" for an absent key, "expected X, got Y" for a wrong type, with file and path. */
class JsonFieldTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonField doc(String json) {
        try {
            return JsonField.root("d.json", MAPPER.readTree(json));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String problem(Executable read) {
        return assertThrows(BadInputException.class, read).getMessage();
    }

    @Test
    void readsEachKind() {
        JsonField d = doc("{\"s\": \"x\", \"n\": 1.5, \"i\": 7, \"l\": 5000000000, \"b\": true, \"o\": {\"k\": 1},"
                + " \"a\": [\"p\", \"q\"], \"z\": null}");
        assertEquals("x", d.get("s").text());
        assertEquals(1.5, d.get("n").number());
        assertEquals(7, d.get("i").integer());
        assertEquals(5000000000L, d.get("l").longInteger());
        assertTrue(d.get("b").bool());
        assertEquals(1, d.get("o").get("k").integer());
        assertEquals(List.of("p", "q"), d.get("a").list(Kind.TEXT));
        assertEquals("$.a[1]", d.get("a").elements().get(1).path());
        assertEquals(List.of("k"), List.copyOf(d.get("o").members().keySet()));
        assertEquals(Map.of("k", 1), d.get("o").map(JsonField::integer));
        assertNull(d.get("z").textOrNull());
        assertNull(d.get("absent").optionalOrNull(Kind.TEXT));
        assertNull(d.get("z").optionalOrNull(Kind.TEXT));
        assertEquals(Optional.empty(), d.get("absent").optional(Kind.NUMBER));
        assertEquals("dflt", d.get("absent").textOr("dflt"));
    }

    @Test
    void anAbsentKeyIsMissing() {
        JsonField d = doc("{\"o\": {}}");
        assertEquals("d.json: $.o.name: missing", problem(() -> d.get("o").get("name").text()));
        assertEquals("d.json: $.o.n: missing", problem(() -> d.get("o").get("n").number()));
        assertEquals("d.json: $.o.n: missing", problem(() -> d.get("o").get("n").textOrNull()));
        assertEquals("d.json: $.list: missing", problem(() -> d.get("list").elements()));
        assertEquals("d.json: $['odd key']: missing", problem(() -> d.get("odd key").bool()));
    }

    @Test
    void aWrongTypeSaysWhatWasExpectedAndWhatCame() {
        JsonField d = doc("{\"n\": 3, \"s\": \"x\", \"e\": \"\", \"f\": 1.5, \"b\": false, \"z\": null, \"a\": [1],"
                + " \"o\": {}, \"big\": 3000000000}");
        assertEquals("d.json: $.n: expected a string, got a number", problem(() -> d.get("n").text()));
        assertEquals("d.json: $.s: expected a number, got a string", problem(() -> d.get("s").number()));
        assertEquals("d.json: $.f: expected a whole number, got 1.5", problem(() -> d.get("f").integer()));
        assertEquals("d.json: $.big: expected a whole number, got 3000000000", problem(() -> d.get("big").integer()));
        assertEquals("d.json: $.z: expected true or false, got null", problem(() -> d.get("z").bool()));
        assertEquals("d.json: $.b: expected an object, got false", problem(() -> d.get("b").object()));
        assertEquals("d.json: $.o: expected a list, got an object", problem(() -> d.get("o").elements()));
        assertEquals("d.json: $.a: expected a string, got a list", problem(() -> d.get("a").text()));
        assertEquals("d.json: $.e: expected a number, got an empty string", problem(() -> d.get("e").number()));
        assertEquals("d.json: $.a[0]: expected a string, got a number", problem(() -> d.get("a").list(Kind.TEXT)));
        assertEquals("d.json: $.n: expected a string or null, got a number", problem(() -> d.get("n").textOrNull()));
        assertEquals("d.json: $.n: expected true, false or null, got a number",
                problem(() -> d.get("n").asOrNull(Kind.BOOLEAN)));
        assertEquals("d.json: $.n: expected an object, got a number", problem(() -> d.get("n").get("k")));
        assertEquals("d.json: $: expected a list, got an object", problem(() -> d.get(0)));
    }

    @Test
    void describedKindsKeepTheirWords() {
        JsonField d = doc("{\"seed\": -1, \"url\": 3, \"date\": \"soon\"}");
        Kind<Long> seed = Kind.LONG.where(v -> v.longValue() >= 0, "a whole number from 0");
        assertEquals("d.json: $.seed: expected a whole number from 0, got -1", problem(() -> d.get("seed").as(seed)));
        assertEquals("d.json: $.url: expected a URL string, got a number",
                problem(() -> d.get("url").as(Kind.TEXT.as("a URL string"))));
        assertEquals("d.json: $.date: not a date: soon", problem(() -> d.get("date").parsed(t -> {
            throw new IllegalArgumentException("not a date: " + t);
        })));
    }

    @Test
    void unknownKeysNameTheOneMeant() {
        JsonField d = doc("{\"rules\": 1, \"rejcet\": 2}");
        assertEquals("d.json: $.rejcet: unknown key (expected one of rules, reject, table); did you mean 'reject'?",
                problem(() -> d.onlyKeys(List.of("rules", "reject", "table"))));
        assertEquals("d.json: $.rejcet: unknown key (expected one of rules, weather)",
                problem(() -> d.onlyKeys(List.of("rules", "weather"))));
        d.onlyKeys(List.of("rules", "rejcet"));
    }

    @Test
    void withoutAFileThePathLeads() {
        JsonField d = JsonField.root(null, MAPPER.createArrayNode());
        assertEquals("$: expected an object, got a list", problem(d::object));
        assertTrue(JsonField.root(null, MAPPER.missingNode()).isMissing(), "Jackson's missing node is absent");
        assertEquals("$: missing", problem(() -> JsonField.root(null, null).value()));
    }
}
