package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
 * {@link IndexedRows}: its key rows are those of a pass with the key fields, {@code row(reader, i)} (in
 * file order, in random order, and through {@link IndexedRows#scored()}) the row of a pass with the scored
 * fields, both also the String path's; a file read in two halves gives what one pass gives.
 */
class IndexedRowsTest {
    private static final Set<String> KEYS = Set.of("video_path", "task");
    /** Overlaps the keys (video_path), to check a field both kept and located. */
    private static final Set<String> SCORED = Set.of("answers", "dialog", "video_path");

    @TempDir
    Path tmp;

    @Test
    void rowsRebuiltEqualAPassWithTheScoredFields() throws IOException {
        int rows = 0;
        for (int seed = 0; seed < 30; seed++) {
            rows += check(file(seed, false), seed, false);
        }
        assertTrue(rows > 3_000, "rows checked: " + rows);
    }

    @Test
    void aFileReadInTwoHalvesGivesTheRowsOfOnePass() throws IOException {
        long before = ParallelSplit.minBytes;
        ParallelSplit.minBytes = 1;
        try {
            int split = 0;
            for (int seed = 100; seed < 130; seed++) {
                byte[] content = file(seed, seed % 3 == 0);
                Path p = write(content);
                split += ParallelSplit.at(p) > 0 ? 1 : 0;
                check(content, seed, true);
            }
            assertTrue(split > 20, "files split: " + split);
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    /** Line ends of each kind at each place around the reader's first 1 MB buffer end, rows after them. */
    @Test
    void lineEndsAtTheBufferEdge() throws IOException {
        int seed = 0;
        for (int delta = -3; delta <= 3; delta++) {
            for (String t : new String[] {"\n", "\r\n", "\r"}) {
                String head = "{\"video_path\": \"big\", \"answers\": [\"";
                String tail = "\"], \"dialog\": 1}";
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes((head + "x".repeat((1 << 20) + delta - head.length() - tail.length()) + tail + t)
                        .getBytes(StandardCharsets.US_ASCII));
                out.writeBytes(file(seed++, false));
                check(out.toByteArray(), seed, false);
            }
        }
    }

    /** Key-field values of every kind, as JSON text; the texts recur (shared) and "id" ones are many (past 256). */
    private static final String[] KEY_VALUES = {"\"a\"", "\"b\"", "\"\"", "\"\\u00e9\"", "\"\u00fc\"", "3", "-0.0", "1.5e300",
        "123456789012345678901234567890", "NaN", "-Infinity", "null", "true", "[1, {\"a\": 2}]", "[]", "{}",
        "{\"k\": \"v\", \"k2\": [null]}", "\"\\ud83d\\ude00\"", "\"\\ud800\""};
    private static final String[] NOT_OBJECTS = {"[1,2]", "\"x\"", "3", "null", "true", "[]", "-1.5", "\"\u00e9\"",
        "[{\"video_path\": \"in a list\"}]", "NaN"};

    /**
     * Key rows (open()) equal the rows of a JsonlReader pass with the key fields, field order included, when
     * key fields are absent, duplicated, escaped or not strings, and for lines that are not objects; in one
     * pass and in two halves, past 1024 rows.
     */
    @Test
    void keyRowsOfOddLinesAreThoseOfAKeyPass() throws IOException {
        long before = ParallelSplit.minBytes;
        int split = 0;
        try {
            for (int seed = 200; seed < 240; seed++) {
                ParallelSplit.minBytes = seed % 2 == 0 ? before : 1;
                SplittableRandom r = new SplittableRandom(seed);
                StringBuilder sb = new StringBuilder();
                int n = seed % 5 == 0 ? r.nextInt(1025, 3000) : r.nextInt(1, 300);
                for (int i = 0; i < n; i++) {
                    sb.append(oddLine(r, i)).append(r.nextInt(6) == 0 ? "\r\n" : "\n");
                }
                Path p = write(sb.toString().getBytes(StandardCharsets.UTF_8));
                split += ParallelSplit.at(p) > 0 ? 1 : 0;
                List<JsonNode> want = new ArrayList<>();
                try (JsonlReader it = new JsonlReader(p, KEYS)) {
                    it.forEachRemaining(want::add);
                }
                IndexedRows ix = IndexedRows.of(p, KEYS, SCORED);
                assertEquals(want.size(), ix.count(), "seed " + seed);
                try (Rows.RowIterator it = ix.open()) {
                    for (int i = 0; i < want.size(); i++) {
                        JsonNode got = it.next();
                        String why = "seed " + seed + " row " + i + ": " + JsonLines.render(want.get(i));
                        assertEquals(i, it.lastIndex(), why);
                        assertEquals(want.get(i), got, why);
                        assertEquals(JsonLines.render(want.get(i)), JsonLines.render(got), why);
                        List<String> wantNames = new ArrayList<>();
                        List<String> gotNames = new ArrayList<>();
                        want.get(i).fieldNames().forEachRemaining(wantNames::add);
                        got.fieldNames().forEachRemaining(gotNames::add);
                        assertEquals(wantNames, gotNames, why + " field order");
                    }
                    assertFalse(it.hasNext(), "seed " + seed);
                }
                List<String> scored = new ArrayList<>();
                try (Rows.RowIterator it = ix.scored().open()) {
                    it.forEachRemaining(row -> scored.add(JsonLines.render(row)));
                }
                assertEquals(pass(p, SCORED), scored, "seed " + seed + " scored rows");
            }
            assertTrue(split > 15, "files read in two halves: " + split);
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    private static String oddLine(SplittableRandom r, int i) {
        int k = r.nextInt(100);
        if (k < 12) {
            return NOT_OBJECTS[r.nextInt(NOT_OBJECTS.length)];
        }
        if (k < 15) {
            return r.nextBoolean() ? "{}" : " { } ";
        }
        List<String> fields = new ArrayList<>();
        for (String name : new String[] {"video_path", "task", "answers", "dialog", "video\\u005fpath", "other"}) {
            for (int c = r.nextInt(k < 30 ? 3 : 2); c > 0; c--) { // below 30: a field may come twice
                fields.add(name);
            }
        }
        java.util.Collections.shuffle(fields, new java.util.Random(r.nextLong()));
        StringBuilder sb = new StringBuilder("{");
        for (String f : fields) {
            String v = switch (f) {
                case "answers" -> "[\"a\", \"$silent$\"]";
                case "dialog" -> "[{\"q\": \"w\u00e9\"}]";
                default -> r.nextInt(3) == 0 ? "\"id" + i + "\"" : KEY_VALUES[r.nextInt(KEY_VALUES.length)];
            };
            sb.append(sb.length() > 1 ? ", " : "").append('"').append(f).append("\": ").append(v);
        }
        return sb.append('}').toString();
    }

    /** Random ASCII rows (the scanner's lines; non-ASCII ones go to the full parser: LineParserTest), some past the 1 MB read window. */
    private static byte[] file(long seed, boolean withErrors) {
        SplittableRandom r = new SplittableRandom(seed);
        JsonLines clean = new JsonLines(seed * 7 + 1, false, true);
        JsonLines noisy = new JsonLines(seed * 7 + 2, false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = r.nextInt(1, 500);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(200);
            if (k == 0 && withErrors) {
                out.writeBytes(noisy.asciiLine());
            } else if (k == 1 && seed % 4 == 0) {
                out.writeBytes(("{\"task\": \"big\", \"dialog\": [\"" + "w".repeat(r.nextInt(1 << 19, 5 << 19))
                        + "\"], \"answers\": [\"a\\u00e9\"], \"video_path\": \"v\"}").getBytes(StandardCharsets.US_ASCII));
            } else if (k == 2) {
                out.writeBytes(" \t".getBytes(StandardCharsets.US_ASCII)); // a blank line
            } else {
                out.writeBytes(clean.asciiLine());
            }
            out.writeBytes((r.nextInt(5) == 0 ? "\r\n" : "\n").getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    /** Checks every property on one file; returns how many rows it has. */
    private int check(byte[] content, long seed, boolean alsoSplit) throws IOException {
        Path p = write(content);
        List<String> keyRows = JsonLines.file(content, KEYS);
        List<String> scoredRows = JsonLines.file(content, SCORED);
        assertEquals(keyRows, pass(p, KEYS), "the key pass is the String path's");
        assertEquals(scoredRows, pass(p, SCORED), "the scored pass is the String path's");
        IndexedRows ix;
        try {
            ix = IndexedRows.of(p, KEYS, SCORED);
        } catch (RuntimeException e) {
            // Indexing fails as a whole with the first error of a pass.
            assertEquals(keyRows.get(keyRows.size() - 1), JsonLines.error(e));
            return 0;
        }
        int n = ix.count();
        assertEquals(keyRows.size(), n);
        List<String> keys = new ArrayList<>();
        try (Rows.RowIterator it = ix.open()) {
            while (it.hasNext()) {
                keys.add(JsonLines.render(it.next()));
                assertEquals(keys.size() - 1, it.lastIndex());
            }
        }
        assertEquals(keyRows, keys);
        try (IndexedRows.Reader reader = ix.reader()) {
            for (int i = 0; i < n; i++) {
                assertEquals(scoredRows.get(i), JsonLines.render(ix.row(reader, i)), "row " + i);
            }
        }
        SplittableRandom r = new SplittableRandom(seed);
        try (IndexedRows.Reader reader = ix.reader()) {
            for (int k = 0; k < 2 * n; k++) {
                int i = r.nextInt(n);
                assertEquals(scoredRows.get(i), JsonLines.render(ix.row(reader, i)), "row " + i + " out of order");
            }
        }
        List<String> scored = new ArrayList<>();
        try (Rows.RowIterator it = ix.scored().open()) {
            it.forEachRemaining(row -> scored.add(JsonLines.render(row)));
        }
        assertEquals(scoredRows, scored);
        return n;
    }

    private Path write(byte[] content) throws IOException {
        Path p = tmp.resolve("golden.jsonl");
        Files.write(p, content);
        return p;
    }

    private static List<String> pass(Path p, Set<String> fields) {
        List<String> out = new ArrayList<>();
        try (JsonlReader it = new JsonlReader(p, fields)) {
            while (it.hasNext()) {
                out.add(JsonLines.render(it.next()));
            }
        } catch (RuntimeException e) {
            out.add(JsonLines.error(e));
        }
        return out;
    }
}
