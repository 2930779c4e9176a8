package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RowScanner} accepts only what {@link PyJson#LOADS} (json.loads) accepts, and the value spans it
 * reports hold the values json.loads gives those fields.
 */
class RowScannerTest {
    private static final List<String> FIELDS = List.of("answers", "dialog", "video_path");

    @Test
    void whatTheScannerAcceptsJsonLoadsAccepts() {
        JsonLines gen = new JsonLines(26, true);
        JsonLines clean = new JsonLines(28, true, true);
        int accepted = 0;
        for (int i = 0; i < 100_000; i++) {
            byte[] line = (i % 2 == 0 ? gen : clean).line();
            RowScanner s = new RowScanner(FIELDS);
            if (!validUtf8(line) || !s.scan(line, 0, line.length)) {
                continue; // invalid UTF-8: invalidUtf8InAStringIsRefusedWhereverItFalls
            }
            accepted++;
            JsonNode full = loads(line, 0, line.length);
            for (int f = 0; f < FIELDS.size(); f++) {
                JsonNode want = full.get(FIELDS.get(f));
                if (s.start[f] < 0) {
                    assertEquals(null, want, LineParserTest.show(line));
                    continue;
                }
                JsonNode span = loads(line, s.start[f], s.end[f] - s.start[f]);
                assertEquals(JsonLines.render(want), JsonLines.render(span), LineParserTest.show(line));
            }
        }
        assertTrue(accepted > 10_000, "the scanner accepts many lines: " + accepted);
    }

    /** object(b, off, limit): the end it returns is where the object and its spaces end, before any terminator. */
    @Test
    void objectOfALineWithMoreAfterItAcceptsOnlyTheObject() {
        JsonLines gen = new JsonLines(27, false);
        for (int i = 0; i < 30_000; i++) {
            byte[] line = gen.line();
            byte[] b = JsonLines.cat(JsonLines.cat(" ".getBytes(StandardCharsets.US_ASCII), line),
                    "\n[1, 2".getBytes(StandardCharsets.US_ASCII));
            if (!validUtf8(line)) {
                continue; // invalidUtf8InAStringIsRefusedWhereverItFalls
            }
            RowScanner s = new RowScanner(FIELDS);
            int end = s.object(b, 1, b.length);
            if (end < 0) {
                continue;
            }
            loads(b, 1, end - 1);
            assertTrue(end <= line.length + 1, LineParserTest.show(line));
        }
    }

    @Test
    void edgeCasesAreRefusedOrAgreeWithJsonLoads() {
        for (String t : List.of("{}", "{ }", "\t{\"a\":1}\t", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":-}",
                "{\"a\":-0}", "{\"a\":1e400}", "{\"a\":NaN}", "{\"a\":[1,]}", "{\"a\":1,}", "{\"a\":\"\\u00E9\"}",
                "{\"a\":\"\\u12g4\"}", "{\"a\":\"\\x\"}", "{\"a\":\"\u0001\"}", "{\"video\\u005fpath\":1}", "[1]", "1",
                "{\"a\":1}x", "{\"a\":1}}", "{\"a\" 1}", "{\"a\":tru}", "{\"a\":nullnull}", "{\"a\":[\"x\" \"y\"]}",
                "{\"a\":{\"b\":1,}}", "{\"a\":{\"b\"}}", "{,}", "{\"a\":1\u000b}", "{\"a\":\"" + "x".repeat(100) + "\"}",
                "{\"a\":" + "[".repeat(255) + "]".repeat(255) + "}", "{\"a\":" + "[".repeat(256) + "]".repeat(256) + "}")) {
            byte[] b = t.getBytes(StandardCharsets.UTF_8);
            if (new RowScanner(FIELDS).scan(b, 0, b.length)) {
                loads(b, 0, b.length);
            }
        }
    }

    /** Invalid UTF-8 in a string, wherever it falls, is refused (json.loads never sees such a line: decoding fails). */
    @Test
    void invalidUtf8InAStringIsRefusedWhereverItFalls() {
        for (int pad = 0; pad < 16; pad++) {
            for (int bad = 1; bad <= 16; bad++) {
                byte[] b = JsonLines.cat(JsonLines.cat(("{\"video_path\": \"" + "a".repeat(pad)).getBytes(StandardCharsets.US_ASCII),
                        filled(bad)), ("b".repeat(16) + "\"}").getBytes(StandardCharsets.US_ASCII));
                assertEquals(false, new RowScanner(FIELDS).scan(b, 0, b.length), LineParserTest.show(b));
            }
        }
    }

    /**
     * A lone surrogate escaped in a key below the top level: json.loads reads {"dialog": {"\ud800": 1}}, PyJson.LOADS
     * (Jackson) refuses it, the scanner takes it; so the row differs from the String path's error.
     */
    @Test
    void aLoneSurrogateInANestedKeyIsRefused() {
        for (String t : List.of("{\"video_path\": \"a\", \"dialog\": {\"\\ud800\": 1}}",
                "{\"video_path\": \"a\", \"dialog\": [{\"x\\udfff\": 1}]}", "{\"answers\": {\"\\ud800\": 1}}")) {
            byte[] b = t.getBytes(StandardCharsets.US_ASCII);
            if (new RowScanner(FIELDS).scan(b, 0, b.length)) {
                loads(b, 0, b.length);
            }
            assertEquals(JsonLines.reference(b, 0, b.length, JsonLines.WANTED),
                    LineParserTest.row(new LineParser(JsonLines.WANTED), b, 0, b.length), t);
        }
    }

    private static boolean validUtf8(byte[] b) {
        try {
            JsonLines.decode(b, 0, b.length);
            return true;
        } catch (java.io.UncheckedIOException e) {
            return false;
        }
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) 0xFF);
        return b;
    }

    private static JsonNode loads(byte[] b, int off, int len) {
        String text = JsonLines.decode(b, off, len);
        try {
            return PyJson.loads(text);
        } catch (RuntimeException e) {
            fail("the scanner took a line json.loads refuses (" + e + "): " + LineParserTest.show(
                    java.util.Arrays.copyOfRange(b, off, off + len)));
            return null;
        }
    }
}
