package dev.regrade.judge.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The canonical JSON a recording's key digests, as its class comment defines it. */
class CanonicalJsonTest {
    private static String canonical(String json) throws IOException {
        return CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // members sorted at every depth, whitespace dropped, arrays kept in order
            "{ \"b\" : 1 , \"a\" : [ 3, {\"z\":true, \"y\":null} , 1 ] } | {\"a\":[3,{\"y\":null,\"z\":true},1],\"b\":1}",
            // numbers exactly as written: 1, 1.0 and 1e0 stay three numbers
            "[1, 1.0, 1e0, -0, 1.50E+3] | [1,1.0,1e0,-0,1.50E+3]",
            // UTF-16 code unit order: upper case before lower case, U+00E9 after z, and an astral character
            // (a surrogate pair) before U+E000, where code point order would put it after
            "{\"z\":0,\"Z\":0,\"é\":0,\"\uE000\":0,\"\uD83D\uDE00\":0} | {\"Z\":0,\"z\":0,\"é\":0,\"\uD83D\uDE00\":0,\"\uE000\":0}",
            // the last of a repeated name wins
            "{\"a\":1,\"a\":2} | {\"a\":2}",
            // a top-level value other than an object is still canonical JSON (the judge refuses it later)
            "  \"x\" | \"x\""})
    void sortsMembersDropsWhitespaceAndKeepsNumbersAsWritten(String body, String expected) throws IOException {
        assertEquals(expected, canonical(body));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"\\u0041\\/\\u00e9\"        | \"A/é\"",
            "\"\\\"\\\\\"                 | \"\\\"\\\\\"",
            "\"\\b\\t\\n\\f\\r\"          | \"\\b\\t\\n\\f\\r\"",
            "\"\\u0001\\u001F\\u007f\"    | \"\\u0001\\u001f\u007f\"",
            "\"\\uD83D\\uDE00\"           | \"\uD83D\uDE00\"",
            "\"\\udc00 and \\uD800\"      | \"\\udc00 and \\ud800\""})
    void escapesStringsMinimallyAndUnpairedSurrogatesAsHex(String body, String expected) throws IOException {
        assertEquals(expected, canonical(body));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "{", "{\"a\":1} {}", "[1,]", "{'a':1}", "NaN", "01"})
    void anythingButOneJsonValueIsRefused(String body) {
        assertThrows(IOException.class, () -> canonical(body));
    }
}
