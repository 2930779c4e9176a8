package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The one message shape: {@code file:line:col: path: problem; did you mean 'x'?}, each part only when known. */
class BadInputExceptionTest {
    @Test
    void everyPartPresent() {
        assertEquals("f.json:3:7: $.a.b[2]: expected a string, got a number; did you mean 'x'?",
                BadInputException.message("f.json", 3, 7, "$.a.b[2]", "expected a string, got a number", "x"));
    }

    @Test
    void eachPartLeftOutWhenNotKnown() {
        assertEquals("the problem", new BadInputException("the problem").getMessage());
        assertEquals("f.json: the problem", BadInputException.inFile("f.json", "the problem").getMessage());
        assertEquals("$.a: the problem", BadInputException.at(null, "$.a", "the problem").getMessage());
        assertEquals("f.json: $.a: the problem", BadInputException.at("f.json", "$.a", "the problem").getMessage());
        assertEquals("f.json:2:10: the problem", BadInputException.atLine("f.json", 2, 10, "the problem").getMessage());
        assertEquals("f.json:2: the problem", BadInputException.atLine("f.json", 2, 0, "the problem").getMessage());
        assertEquals("f.json: the problem", BadInputException.atLine("f.json", 0, 0, "the problem").getMessage());
        assertEquals("$.a: the problem; did you mean 'b'?",
                BadInputException.at(null, "$.a", "the problem", "b").getMessage());
        assertEquals("$.a: the problem", BadInputException.at(null, "$.a", "the problem", null).getMessage());
    }

    @Test
    void thePartsAreKeptApart() {
        BadInputException e = BadInputException.at("f.json", "$.k", "unknown key", "key");
        assertEquals("f.json", e.file());
        assertEquals("$.k", e.path());
        assertEquals("unknown key", e.problem());
        assertEquals("key", e.suggestion());
        assertEquals(0, e.line());
        BadInputException atLine = BadInputException.atLine("g.json", 4, 5, "not valid JSON");
        assertEquals(4, atLine.line());
        assertEquals(5, atLine.column());
        assertNull(atLine.path());
        IllegalStateException cause = new IllegalStateException("x");
        assertSame(cause, new BadInputException("p", cause).getCause());
    }
}
