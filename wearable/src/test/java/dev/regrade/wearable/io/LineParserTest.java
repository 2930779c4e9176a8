package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * For any line, {@link LineParser} (scanner, Jackson's byte parser or the String path) gives exactly the
 * String path's row, or its error type and message; {@link LineParser#scanLine} (the line end not known)
 * either refuses or stops at the line's end with the same row.
 */
class LineParserTest {
    private static final int LINES = 20_000;

    @Test
    void rowEqualsTheStringPathForRandomLines() {
        JsonLines gen = new JsonLines(16, true);
        Set<String> paths = new HashSet<>();
        for (int i = 0; i < LINES; i++) {
            byte[] line = gen.line();
            for (Set<String> fields : new Set[] {JsonLines.WANTED, null, Set.of("dialog")}) {
                LineParser p = new LineParser(fields);
                String want = JsonLines.reference(line, 0, line.length, fields);
                String got = row(p, line, 0, line.length);
                assertEquals(want, got, () -> show(line));
                if (fields == JsonLines.WANTED) {
                    paths.add((p.scanned ? "scanned " : "parsed ") + (want.startsWith("error") ? "error" : "row"));
                }
            }
        }
        // The generator reaches every path, both ways.
        assertEquals(Set.of("scanned row", "parsed row", "parsed error"), paths);
    }

    /** The clean generator the file tests rely on makes only lines json.loads reads. */
    @Test
    void cleanLinesAreRows() {
        JsonLines gen = new JsonLines(19, true, true);
        for (int i = 0; i < LINES / 4; i++) {
            byte[] line = gen.line();
            String want = JsonLines.reference(line, 0, line.length, JsonLines.WANTED);
            assertTrue(!want.startsWith("error"), () -> want + " " + show(line));
            assertEquals(want, row(new LineParser(JsonLines.WANTED), line, 0, line.length), () -> show(line));
        }
    }

    @Test
    void rowOfALineInsideALargerBufferEqualsTheStringPath() {
        JsonLines gen = new JsonLines(17, true);
        for (int i = 0; i < LINES / 4; i++) {
            byte[] line = gen.line();
            byte[] b = JsonLines.cat(JsonLines.cat("{\"video_path\": \"before\"}".getBytes(StandardCharsets.US_ASCII), line),
                    "\"x\"}".getBytes(StandardCharsets.US_ASCII));
            int off = 24;
            String want = JsonLines.reference(line, 0, line.length, JsonLines.WANTED);
            assertEquals(want, row(new LineParser(JsonLines.WANTED), b, off, line.length), () -> show(line));
        }
    }

    /** Valid lines with a few bytes replaced, deleted or inserted (JSON's own bytes): every path, every error. */
    @Test
    void mutatedLinesEqualTheStringPath() {
        JsonLines gen = new JsonLines(20, false, true);
        java.util.SplittableRandom r = new java.util.SplittableRandom(21);
        byte[] alphabet = "{}[],:\"\\ \t0123456789eE.+-ntfrulsaNIy/bx\u0001\u000b\r\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < LINES * 2; i++) {
            byte[] line = gen.line();
            for (int m = r.nextInt(1, 4); m > 0 && line.length > 0; m--) {
                int at = r.nextInt(line.length);
                byte c = alphabet[r.nextInt(alphabet.length)];
                switch (r.nextInt(3)) {
                    case 0 -> line[at] = c;
                    case 1 -> line = JsonLines.cat(java.util.Arrays.copyOf(line, at),
                            java.util.Arrays.copyOfRange(line, at + 1, line.length));
                    default -> line = JsonLines.cat(JsonLines.cat(java.util.Arrays.copyOf(line, at), new byte[] {c}),
                            java.util.Arrays.copyOfRange(line, at, line.length));
                }
            }
            byte[] b = line;
            if (!JsonLines.isAscii(b, 0, b.length)) {
                continue; // scanLineOfNonAsciiLinesEqualsTheStringPath
            }
            String want = JsonLines.reference(b, 0, b.length, JsonLines.WANTED);
            assertEquals(want, row(new LineParser(JsonLines.WANTED), b, 0, b.length), () -> show(b));
            int lineEnd = 0;
            while (lineEnd < b.length && b[lineEnd] != '\n' && b[lineEnd] != '\r') {
                lineEnd++;
            }
            byte[] more = JsonLines.cat(b, "\n{}".getBytes(StandardCharsets.US_ASCII));
            LineParser p = new LineParser(JsonLines.WANTED);
            int end = p.scanLine(more, 0, more.length, false);
            if (end >= 0) {
                assertEquals(lineEnd, end, () -> "where the line ends: " + show(b));
                assertEquals(JsonLines.reference(more, 0, lineEnd, JsonLines.WANTED), JsonLines.render(p.scannedRow(more)),
                        () -> show(b));
            }
        }
    }

    /**
     * scanLine as the reader calls it: the line followed by a terminator and more, or ending the file
     * (ASCII lines; the non-ASCII ones: {@link #scanLineOfNonAsciiLinesEqualsTheStringPath}).
     */
    @Test
    void scanLineStopsAtTheLineEndWithTheStringPathsRow() {
        assertTrue(scanLines(false) > LINES / 4, "the scanner takes many lines");
    }

    @Test
    void scanLineOfNonAsciiLinesEqualsTheStringPath() {
        byte[] b = "{\"video_path\": \"\u00e9bbbbbbbbbbbbbbbb\"}\n".getBytes(StandardCharsets.UTF_8);
        LineParser p = new LineParser(JsonLines.WANTED);
        int end = p.scanLine(b, 0, b.length, false);
        if (end >= 0) {
            assertEquals(JsonLines.reference(b, 0, end, JsonLines.WANTED), JsonLines.render(p.scannedRow(b)));
        }
        scanLines(true);
    }

    /** The scanLine property over random lines (only the ASCII ones unless {@code nonAscii}); how many it took. */
    private static int scanLines(boolean nonAscii) {
        JsonLines gen = new JsonLines(18, false);
        int taken = 0;
        for (int i = 0; i < LINES; i++) {
            byte[] line = gen.line();
            if (!nonAscii && !JsonLines.isAscii(line, 0, line.length)) {
                continue;
            }
            for (String after : new String[] {"\n{\"a\": 1}\n", "\r\n", "\r", "", " \t\n", "x\n", "\u000b\n"}) {
                byte[] b = JsonLines.cat(line, after.getBytes(StandardCharsets.US_ASCII));
                for (boolean eof : new boolean[] {true, false}) {
                    LineParser p = new LineParser(JsonLines.WANTED);
                    int end = p.scanLine(b, 0, b.length, eof);
                    if (end < 0) {
                        continue;
                    }
                    taken++;
                    // Where the line ends for Python: the first \n or \r, or the end of the file.
                    int lineEnd = 0;
                    while (lineEnd < b.length && b[lineEnd] != '\n' && b[lineEnd] != '\r') {
                        lineEnd++;
                    }
                    assertEquals(lineEnd, end, () -> "where the line ends: " + show(b));
                    assertEquals(JsonLines.reference(b, 0, lineEnd, JsonLines.WANTED),
                            JsonLines.render(p.scannedRow(b)), () -> show(b));
                }
            }
        }
        return taken;
    }

    static String row(LineParser p, byte[] b, int off, int len) {
        try {
            return JsonLines.render(p.row(b, off, len, JsonLines.isAscii(b, off, len)));
        } catch (RuntimeException e) {
            return JsonLines.error(e);
        }
    }

    static String show(byte[] b) {
        StringBuilder sb = new StringBuilder("line: ");
        for (byte x : b) {
            int c = x & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return sb.toString();
    }
}
