package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JsonlReader} over files mixing \n, \r\n and \r, blank lines, a last line with or without a
 * terminator, lines longer than its 1 MB buffer and line ends at its edge gives the rows (or the first
 * error) of Python's universal-newline lines each read by the String path.
 */
class JsonlReaderLineEndsTest {
    private static final int BUFFER = 1 << 20;
    private static final String[] TERMINATORS = {"\n", "\r\n", "\r"};
    private static final String[] BLANKS = {"", " ", "\t", "  \t ", "\u000b", "\u000c", "\u001c\u001f"};

    @TempDir
    Path tmp;

    @Test
    void randomFilesGiveTheStringPathsRows() throws IOException {
        int rows = 0;
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            JsonLines gen = new JsonLines(1000 + seed, false, true);
            JsonLines noisy = new JsonLines(3000 + seed, false);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            int lines = r.nextInt(1, 400);
            for (int i = 0; i < lines; i++) {
                int k = r.nextInt(20);
                if (k == 0) {
                    file.writeBytes(ascii(BLANKS[r.nextInt(BLANKS.length)]));
                } else if (k == 1 && r.nextInt(10) == 0) {
                    file.writeBytes(noisy.asciiLine()); // most often an error: the pass ends there
                } else if (k == 2 && seed % 4 == 0) {
                    file.writeBytes(padding(r.nextInt(BUFFER - 5_000, BUFFER + 5_000), r)); // past a buffer's edge
                } else {
                    file.writeBytes(gen.asciiLine());
                }
                if (i + 1 < lines || r.nextBoolean()) {
                    file.writeBytes(ascii(TERMINATORS[r.nextInt(TERMINATORS.length)]));
                }
            }
            rows += check(file.toByteArray());
        }
        assertTrue(rows > 2_000, "most lines are rows, not an early error: " + rows);
    }

    /** Rows.loaded reading two halves at once gives one pass's rows, or fails with its first error. */
    @Test
    void randomFilesReadInTwoHalvesGiveOnePassesRows() throws IOException {
        long before = ParallelSplit.minBytes;
        ParallelSplit.minBytes = 1;
        try {
            int split = 0;
            for (int seed = 0; seed < 30; seed++) {
                SplittableRandom r = new SplittableRandom(seed);
                JsonLines gen = new JsonLines(5000 + seed, false, true);
                JsonLines noisy = new JsonLines(6000 + seed, false);
                ByteArrayOutputStream file = new ByteArrayOutputStream();
                int lines = r.nextInt(2, 300);
                for (int i = 0; i < lines; i++) {
                    file.writeBytes(r.nextInt(150) == 0 ? noisy.asciiLine() : gen.asciiLine());
                    file.writeBytes(ascii(i + 1 < lines || r.nextBoolean() ? TERMINATORS[r.nextInt(3)] : ""));
                }
                Path p = tmp.resolve("halves.jsonl");
                Files.write(p, file.toByteArray());
                split += ParallelSplit.at(p) > 0 ? 1 : 0;
                List<String> one = JsonLines.file(file.toByteArray(), JsonLines.WANTED);
                String last = one.isEmpty() ? "" : one.get(one.size() - 1);
                List<String> got = new ArrayList<>();
                try (Rows.RowIterator it = Rows.loaded(p, Set.of("video_path"), "answers", WHOLE_WITHOUT_ANSWERS, row -> row, JsonLines.WANTED).open()) {
                    it.forEachRemaining(row -> got.add(JsonLines.render(row)));
                } catch (RuntimeException e) {
                    got.add(JsonLines.error(e));
                }
                assertEquals(last.startsWith("error ") ? List.of(last) : one, got, "seed " + seed);
            }
            assertTrue(split > 15, "files split: " + split);
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    /** A reduction from bytes that takes a row without answers as built, and leaves every other to the full read. */
    static final Rows.FromBytes WHOLE_WITHOUT_ANSWERS = (built, b, start, end) -> start < 0 ? built : null;

    /** A terminator of each kind starting at each place around the first buffer's end, then more lines. */
    @Test
    void lineEndsAtTheBufferEdge() throws IOException {
        SplittableRandom r = new SplittableRandom(5);
        for (int delta = -4; delta <= 4; delta++) {
            for (String t : TERMINATORS) {
                for (String next : new String[] {"\n", "{\"video_path\": \"n\"}", "", "\r\n\r\n{\"answers\": [\"a\"]}\r"}) {
                    ByteArrayOutputStream file = new ByteArrayOutputStream();
                    byte[] first = ascii("{\"video_path\": \"first\"}\r\n");
                    file.writeBytes(first);
                    file.writeBytes(padding(BUFFER + delta - first.length, r));
                    file.writeBytes(ascii(t + next));
                    check(file.toByteArray());
                }
            }
        }
    }

    @Test
    void aThreeMegabyteLineAmongShortOnes() throws IOException {
        String big = "{\"dialog\": [\"" + "d\\n".repeat(500_000) + "\"], \"video_path\": \"" + "v\\u00e9".repeat(250_000)
                + "\", \"answers\": [\"" + "a ".repeat(500_000) + "\", \"b\"]}";
        assertTrue(big.length() > 3_000_000);
        for (String t : TERMINATORS) {
            check(ascii("{\"video_path\": \"a\"}" + t + big + t + "{\"video_path\": \"b\"}" + t + "\n" + big));
        }
    }

    @Test
    void nonAsciiFilesGiveTheStringPathsRows() throws IOException {
        check("{}\n{\"video_path\": \"\u00e9bbbbbbbbbbbbbbbb\"}\n".getBytes(StandardCharsets.UTF_8));
        check(JsonLines.cat(ascii("{}\n{\"video_path\": \""), JsonLines.cat(new byte[] {(byte) 0xFF},
                ascii("bbbbbbbbbbbbbbbb\"}\n"))));
        for (int seed = 0; seed < 20; seed++) {
            JsonLines gen = new JsonLines(2000 + seed, false, true);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            for (int i = 0; i < 300; i++) {
                file.writeBytes(gen.line());
                file.writeBytes(ascii("\n"));
            }
            check(file.toByteArray());
        }
    }

    /** Checks the file; returns how many rows (and error) the String path gives. */
    private int check(byte[] content) throws IOException {
        Path p = tmp.resolve("rows.jsonl");
        Files.write(p, content);
        List<String> want = JsonLines.file(content, JsonLines.WANTED);
        List<String> got = new ArrayList<>();
        try (JsonlReader it = new JsonlReader(p, JsonLines.WANTED)) {
            while (it.hasNext()) {
                got.add(JsonLines.render(it.next()));
            }
        } catch (RuntimeException e) {
            got.add(JsonLines.error(e));
        }
        if (!want.equals(got)) {
            // The first differing row, shortly (a failing file can be megabytes).
            int i = 0;
            while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) {
                i++;
            }
            assertEquals(i < want.size() ? cut(want.get(i)) : "(no more rows)", i < got.size() ? cut(got.get(i)) : "(no more rows)",
                    "row " + i + " of " + want.size());
        }
        assertEquals(want, got);
        return want.size();
    }

    /** A valid row of exactly {@code n} bytes (n >= 40) holding a long wanted value. */
    private static byte[] padding(int n, SplittableRandom r) {
        String head = "{\"video_path\": \"p" + r.nextInt(10) + "\", \"answers\": [\"";
        String tail = "\"]}";
        return ascii(head + "x".repeat(n - head.length() - tail.length()) + tail);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
