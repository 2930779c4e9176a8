package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** JSON paths in RFC 9535 notation: shorthand names dotted, any other name bracketed and escaped. */
class JsonPathTest {
    private static String member(String name) {
        return JsonPath.member(JsonPath.ROOT, name);
    }

    @Test
    void shorthandNamesAreDotted() {
        assertEquals("$.eval_breakdown[0].verification_tree",
                JsonPath.member(JsonPath.element(member("eval_breakdown"), 0), "verification_tree"));
        assertEquals("$._x9", member("_x9"));
    }

    @Test
    void oddNamesAreBracketedAndEscaped() {
        assertEquals("$['exact claim']", member("exact claim"));
        assertEquals("$['https://a.test/']", member("https://a.test/"));
        assertEquals("$['9lives']", member("9lives"));
        assertEquals("$['']", member(""));
        assertEquals("$['a-b']", member("a-b"));
        assertEquals("$['it\\'s']", member("it's"));
        assertEquals("$['back\\\\slash']", member("back\\slash"));
        assertEquals("$['line\\nbreak\\ttab']", member("line\nbreak\ttab"));
        assertEquals("$['nul\\u0000']", member("nul\u0000"));
    }

    @Test
    void nonAsciiNamesAreShorthand() {
        assertEquals("$.café", member("café"));
        assertEquals("$.名前", member("名前"));
        assertEquals("$.emoji😀", member("emoji😀"));
        assertEquals("$['café au lait']", member("café au lait"));
        assertEquals("$['lone\\ud800']", member("lone\ud800"), "a lone surrogate is escaped, never shorthand");
    }
}
