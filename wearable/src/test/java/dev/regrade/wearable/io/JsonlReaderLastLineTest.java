package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JsonlReader} tells where each row's line is: {@code lastOffset()} and {@code lastLength()} are the
 * line's place in the file (terminator excluded) and, right after {@code next()}, {@code lastBuffer()} holds
 * exactly the line's bytes from {@code lastLineStartInBuffer()}; for every mix of \n, \r\n and \r, with a
 * \r as the last byte of a 1 MB buffer (the first, a later one, a grown one), whatever follows it.
 */
class JsonlReaderLastLineTest {
    private static final int BUFFER = 1 << 20;
    private static final String[] TERMINATORS = {"\n", "\r\n", "\r"};
    private static final String[] AFTER = {"", "\n", "\r", "\r\n", "\n\n", "{\"video_path\": \"n\"}", "{\"video_path\": \"n\"}\r",
        "\n{\"answers\": [\"a\"]}\r\n", "  \n", "\r\r{}", "{\"video_path\": \"\u00e9\"}\n", "[1, 2]\n", "{\"a\": 1,}\n",
        // More bytes than the lines before: reading them at once would overwrite the line's own.
        "\n" + longRow(), longRow() + "\r\n", "\r\n" + longRow() + "\r"};

    @TempDir
    Path tmp;

    /** A \r at the first buffer's last byte (and around it), after lines or none, scanned or not (non-ASCII). */
    @Test
    void aCarriageReturnAtTheFirstBuffersEnd() throws IOException {
        SplittableRandom r = new SplittableRandom(1);
        int cases = 0;
        for (int delta = -1; delta <= 1; delta++) {
            for (int before = 0; before < 3; before++) {
                for (boolean ascii : new boolean[] {true, false}) {
                    for (String after : AFTER) {
                        ByteArrayOutputStream file = new ByteArrayOutputStream();
                        for (int i = 0; i < before; i++) {
                            file.writeBytes(ascii("{\"video_path\": \"b" + i + "\"}" + TERMINATORS[i % 3]));
                        }
                        // The line ends so that its \r is at byte BUFFER - 1 + delta of the file.
                        file.writeBytes(padding(BUFFER - 1 + delta - file.size(), ascii, r));
                        file.writeBytes(ascii("\r"));
                        file.writeBytes(after.getBytes(StandardCharsets.UTF_8));
                        check(file.toByteArray(), "delta " + delta + " before " + before + " ascii " + ascii);
                        cases++;
                    }
                }
            }
        }
        assertEquals(3 * 3 * 2 * AFTER.length, cases);
    }

    /**
     * A \r at the last byte of the second buffer: the line that crossed the first buffer's end starts the
     * second one, so the next line can be made to end there.
     */
    @Test
    void aCarriageReturnAtALaterBuffersEnd() throws IOException {
        SplittableRandom r = new SplittableRandom(2);
        for (int delta = -1; delta <= 1; delta++) {
            for (String t : TERMINATORS) {
                for (String after : new String[] {"", "\n", "\r\n{\"video_path\": \"z\"}", "\n" + longRow(), longRow() + "\n"}) {
                    for (boolean ascii : new boolean[] {true, false}) {
                        ByteArrayOutputStream file = new ByteArrayOutputStream();
                        file.writeBytes(padding(BUFFER - 10, true, r));
                        file.writeBytes(ascii(t));
                        int second = file.size(); // the second buffer starts with this line
                        file.writeBytes(ascii("{\"video_path\": \"crosses the first end\"}\n"));
                        file.writeBytes(padding(second + BUFFER - 1 + delta - file.size(), ascii, r));
                        file.writeBytes(ascii("\r"));
                        file.writeBytes(after.getBytes(StandardCharsets.UTF_8));
                        check(file.toByteArray(), "delta " + delta + " terminator " + t.replace("\r", "CR").replace("\n", "LF")
                                + " ascii " + ascii + " after " + after.length());
                    }
                }
            }
        }
    }

    /** A line longer than the buffer (it grows to 2 MB), then a line whose \r is the grown buffer's last byte. */
    @Test
    void aCarriageReturnAtAGrownBuffersEnd() throws IOException {
        SplittableRandom r = new SplittableRandom(3);
        for (int delta = -1; delta <= 1; delta++) {
            for (String after : new String[] {"", "\n", "\r{}", "{\"video_path\": \"w\"}\n", "\n" + longRow()}) {
                ByteArrayOutputStream file = new ByteArrayOutputStream();
                file.writeBytes(padding(BUFFER + 1_000, true, r));
                file.writeBytes(ascii("\r\n"));
                int grown = file.size(); // the next line crosses the grown buffer's end and starts a 2 MB one
                file.writeBytes(padding(2 * BUFFER - 100, true, r));
                file.writeBytes(ascii("\n"));
                file.writeBytes(ascii("{\"video_path\": \"short\"}\r"));
                file.writeBytes(padding(grown + 2 * BUFFER - 1 + delta - file.size(), true, r));
                file.writeBytes(ascii("\r"));
                file.writeBytes(ascii(after));
                check(file.toByteArray(), "delta " + delta + " after " + after);
            }
        }
    }

    /** Random files of clean and noisy lines, blank lines, every terminator, some lines near the buffer's size. */
    @Test
    void randomFiles() throws IOException {
        int rows = 0;
        for (int seed = 0; seed < 30; seed++) {
            SplittableRandom r = new SplittableRandom(100 + seed);
            JsonLines gen = new JsonLines(7000 + seed, false, true);
            JsonLines noisy = new JsonLines(8000 + seed, false);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            int lines = r.nextInt(1, 400);
            for (int i = 0; i < lines; i++) {
                int k = r.nextInt(40);
                if (k == 0) {
                    file.writeBytes(ascii(new String[] {"", " ", "\t", "\u000b"}[r.nextInt(4)]));
                } else if (k == 1 && r.nextInt(8) == 0) {
                    file.writeBytes(noisy.line()); // non-ASCII and broken ones too: the pass may end there
                } else if (k == 2 && seed % 3 == 0) {
                    // So that its terminator falls at the first buffer's end now and then.
                    int to = BUFFER - 1 + r.nextInt(-2, 3) - file.size();
                    file.writeBytes(to > 60 ? padding(to, r.nextBoolean(), r) : gen.line());
                } else {
                    file.writeBytes(gen.line());
                }
                if (i + 1 < lines || r.nextBoolean()) {
                    file.writeBytes(ascii(TERMINATORS[r.nextInt(TERMINATORS.length)]));
                }
            }
            rows += check(file.toByteArray(), "seed " + seed);
        }
        assertTrue(rows > 3_000, "rows checked: " + rows);
    }

    /** The reader of a part of the file (as the two halves are read): offsets are the file's. */
    @Test
    void aPartOfTheFile() throws IOException {
        SplittableRandom r = new SplittableRandom(4);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(ascii("{\"video_path\": \"first\"}\n"));
        int start = file.size();
        file.writeBytes(padding(BUFFER - 1, true, r));
        file.writeBytes(ascii("\r\n{\"video_path\": \"x\"}\r"));
        file.writeBytes(padding(BUFFER - 3, true, r));
        file.writeBytes(ascii("\r\n"));
        byte[] content = file.toByteArray();
        Path p = tmp.resolve("part.jsonl");
        Files.write(p, content);
        List<int[]> want = lines(content);
        want.remove(0);
        try (JsonlReader it = new JsonlReader(p, JsonLines.WANTED, start, content.length)) {
            for (int[] line : want) {
                assertTrue(it.hasNext());
                it.next();
                assertPlace(it, line, content, "part");
            }
            assertFalse(it.hasNext());
        }
    }

    /** Checks the rows and each row's line against the String path's lines; returns how many rows. */
    private int check(byte[] content, String why) throws IOException {
        Path p = tmp.resolve("rows.jsonl");
        Files.write(p, content);
        List<String> want = JsonLines.file(content, JsonLines.WANTED);
        List<int[]> places = lines(content);
        int n = 0;
        try (JsonlReader it = new JsonlReader(p, JsonLines.WANTED)) {
            while (it.hasNext()) {
                String row = JsonLines.render(it.next());
                assertTrue(n < want.size(), why + ": more rows than the String path's");
                assertEquals(cut(want.get(n)), cut(row), why + " row " + n);
                assertPlace(it, places.get(n), content, why + " row " + n);
                n++;
            }
        } catch (RuntimeException e) {
            assertEquals(want.get(want.size() - 1), JsonLines.error(e), why);
            return want.size();
        }
        assertEquals(want.size(), n, why);
        return n;
    }

    /** lastOffset, lastLength and the buffer's bytes from lastLineStartInBuffer are the line's. */
    private static void assertPlace(JsonlReader it, int[] line, byte[] content, String why) {
        assertEquals(line[0], it.lastOffset(), why + ": offset");
        assertEquals(line[1], it.lastLength(), why + ": length");
        int at = it.lastLineStartInBuffer();
        byte[] buf = it.lastBuffer();
        assertTrue(at >= 0 && at + line[1] <= buf.length, why + ": the line is inside the buffer");
        byte[] got = Arrays.copyOfRange(buf, at, at + line[1]);
        byte[] want = Arrays.copyOfRange(content, line[0], line[0] + line[1]);
        if (!Arrays.equals(want, got)) {
            int m = Arrays.mismatch(want, got);
            assertArrayEquals(Arrays.copyOfRange(want, m, Math.min(want.length, m + 40)),
                    Arrays.copyOfRange(got, m, Math.min(got.length, m + 40)), why + ": the buffer's bytes differ at " + m);
        }
    }

    /** {offset, length} of each line that is not blank (universal newlines), as {@link JsonLines#file} counts them. */
    private static List<int[]> lines(byte[] b) {
        List<int[]> out = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (start < b.length) {
            while (i < b.length && b[i] != '\n' && b[i] != '\r') {
                i++;
            }
            // A long line here is a padding row, never blank (and the String path is slow on a megabyte).
            if (i - start > 1_000 || !JsonLines.reference(b, start, i - start, JsonLines.WANTED).equals("blank")) {
                out.add(new int[] {start, i - start});
            }
            if (i < b.length && b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
                i++;
            }
            start = ++i;
        }
        return out;
    }

    /** A valid row of exactly {@code n} bytes (n >= 60), all ASCII or with a two-byte char (not scanned). */
    private static byte[] padding(int n, boolean ascii, SplittableRandom r) {
        String head = "{\"video_path\": \"p" + r.nextInt(10) + "\", \"answers\": [\"" + (ascii ? "" : "\u00e9");
        String tail = "\"]}";
        int fill = n - head.getBytes(StandardCharsets.UTF_8).length - tail.length();
        return (head + "x".repeat(fill) + tail).getBytes(StandardCharsets.UTF_8);
    }

    /** A row of 500 bytes. */
    private static String longRow() {
        return "{\"video_path\": \"" + "l".repeat(500 - 18) + "\"}";
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
