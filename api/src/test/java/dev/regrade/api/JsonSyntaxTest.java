package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every malformed JSON a user can write is said in a plain sentence: nothing of Jackson's wording. */
class JsonSyntaxTest {
    private static final ObjectReader READER = new ObjectMapper().reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static String plain(String json) {
        try {
            READER.readTree(json);
        } catch (JsonProcessingException e) {
            return JsonSyntax.describe(e);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return fail("parsed: " + json);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"a\": [1, 2|the file ends before the array opened at line 1, column 7 is closed (']' missing)",
        "{|the file ends before the object opened at line 1, column 1 is closed ('}' missing)",
        "{\"a\": \"b|the file ends inside a string (its closing '\"' is missing)",
        "{\"a\":|the file ends inside an object",
        "{\"a\": 1,}|a comma before '}' (JSON allows no comma after the last member)",
        "[1, 2,]|a comma before ']' (JSON allows no comma after the last element)",
        "{\"a\" 1}|expected ':' after the key, found '1'",
        "{\"a\": 1 \"b\": 2}|expected ',' or '}' after an object member, found '\"'",
        "[1 2]|expected ',' or ']' after an array element, found '2'",
        "{\"a\": tru}|'tru' is not a JSON value (strings need double quotes; the literals are true, false and null)",
        "{'a': 1}|expected a key in double quotes, found '''",
        "{a: 1}|expected a key in double quotes, found 'a'",
        "{\"a\": \"\\q\"}|'\\q' is not a JSON escape (the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)",
        "{\"a\": \"\\u12G4\"}|a \\u escape needs four hex digits, found 'G'",
        "{\"a\": NaN}|'NaN' is not a JSON number",
        "{\"a\": 01}|a number with a leading zero (JSON allows none)",
        "{\"a\": -}|a '-' not followed by a digit",
        "{\"a\": 1.}|a decimal point not followed by a digit",
        "{\"a\": 1e}|an exponent not followed by a digit",
        "{\"a\": +1}|a number with a '+' sign (JSON allows none)",
        "{\"a\": [}|'}' where ']' should close the array opened at line 1, column 7",
        "]|']' closes nothing",
        "{} {}|more data after the JSON value",
        "\uFEFF{}|a byte order mark (U+FEFF) before the JSON (save the file as UTF-8 without a BOM)",
    })
    void aMalformedTextIsOnePlainSentence(String json, String expected) {
        assertEquals("not valid JSON: " + expected, plain(json));
    }

    @ParameterizedTest
    @CsvSource({"1", "10", "31"})
    void aRawControlCharacterNamesItsEscape(int code) {
        String m = plain("{\"a\": \"x" + (char) code + "y\"}");
        assertEquals("not valid JSON: a raw control character (U+" + String.format("%04X", code)
                + ") inside a string (write it as an escape, e.g. \\n or \\u" + String.format("%04x", code) + ")", m);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{\"a\": [1, 2", "{\"a\": NaN}", "{\"a\": +1}", "{\"a\": \"x\u0001\"}", "]",
        "{\"a\": [}", "{} x", "[" + "1,", "\"abc"})
    void noJacksonWordingReachesTheUser(String json) {
        String m = plain(json);
        for (String internal : List.of("Feature", "REDACTED", "Source", "code ", "`", "marker", "token", "Jackson")) {
            assertFalse(m.contains(internal), internal + " in: " + m);
        }
    }

    @org.junit.jupiter.api.Test
    void anUnknownMessageIsNotValidJsonAlone() {
        assertEquals("not valid JSON", JsonSyntax.describe("Some new parser message (`SomeFeature`)"));
    }
}
