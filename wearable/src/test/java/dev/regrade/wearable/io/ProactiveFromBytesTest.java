package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.wearable.ScorerAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proactive golden row reduced from the bytes of its answers ({@link dev.regrade.wearable.ProactiveScorer#compactFromBytes}
 * inside {@link Rows#loaded(Path, Set, String, Rows.FromBytes, java.util.function.UnaryOperator, Set)}) is
 * {@link dev.regrade.wearable.ProactiveScorer#compact} of the row read in full, or null (then the row is read in full): on random
 * files of tags, near misses hidden by escapes or Unicode spaces, non-string items, odd answers, non-ASCII,
 * blank, non-object and broken lines, in one pass and in two halves; and {@link LineParser#strings} hands
 * exactly the string items of a checked list, in order, as Jackson reads them.
 */
class ProactiveFromBytesTest {
    private static final Set<String> KEYS = Set.of("video_path", "task");
    private static final Set<String> FULL = Set.of("video_path", "task", "answers");
    private static final Set<String> HELD = Set.of("video_path", "task", "__gold_tags__");
    private static final String[] TERMINATORS = {"\n", "\r\n", "\r"};

    /** String items as JSON text: tags, and near misses a byte reading could take for a tag or miss. */
    private static final String[] ITEMS = {"\"$interrupt$\"", "\"$silent$\"", "\"$interrupt$ now\"", "\"$interrupt\"",
        "\"$Interrupt$\"", "\" $interrupt$\"", "\"\\t$interrupt$\"", "\"\\u0024interrupt$\"", "\"$interr\\u0075pt$\"",
        "\"\\u00a0$interrupt$\"", "\"\\u2003$interrupt$\"", "\"\\\\u0020$interrupt$\"", "\"\"", "\"          $interrupt$\"",
        "\"$interrupt$\\n\"", "\"\\n$interrupt$\"", "\"\\u0020$interrupt$\"", "\"\\r\\n $interrupt$x\"",
        "\"$interrupt$\\\"\"", "\"\\\"$interrupt$\"", "\"$inter\"", "\" \"", "\"\\u000b$interrupt$\"",
        "\"\\u001c$interrupt$\"", "\"\\u0085$interrupt$\"", "\"\\u3000$interrupt$\"", "\"\\u200b$interrupt$\"",
        "\"\\ufeff$interrupt$\"", "\"$interrupt$\\u0000\"", "\"$interrupt$$interrupt$\"", "\"$interrupt$" + "x".repeat(40) + "\"",
        "\"" + " ".repeat(17) + "$interrupt$\"", "\"" + " ".repeat(17) + "$interrupX\"", "\"\\/$interrupt$\"",
        "\"$\\u0069nterrupt$\"", "\"$interrupt\\u0024\"", "\"\\ud83d\\ude00$interrupt$\"", "\"silent\"", "\"interrupt\""};
    /** Raw UTF-8 items (their lines are not ASCII: the scanner leaves them to the full read). */
    private static final String[] RAW_ITEMS = {"\"\u00a0$interrupt$\"", "\"\u2003$interrupt$\"", "\"$interrupt$\u00e9\"",
        "\"\u00e9\""};
    private static final String[] NON_STRINGS = {"1", "null", "[]", "[\"$interrupt$\"]", "{}", "{\"a\": \"$interrupt$\"}",
        "true", "-0.5", "1e400"};
    private static final String[] OTHER_ANSWERS = {"\"$interrupt$\"", "{\"a\": [\"$interrupt$\"]}", "null", "5", "[ ]",
        "[]", "\"\"", "true"};
    private static final String[] VALUES = {"\"v\"", "\"\\u00e9\"", "3", "null", "[1]", "{}", "\"\\ud83d\\ude00\"", "\"\""};
    private static final String[] SEPARATORS = {", ", ",", " , ", "\t,\t", " ,"};
    private static final String[] BROKEN = {"{\"answers\": [\"$interrupt$\",]}", "{\"answers\": [\"$interrupt$\"}",
        "{\"answers\": [\"$interr", "{\"video_path\": \"a\" \"answers\": []}", "{\"answers\": [\"\\x\"]}",
        "{\"answers\": [\"a\"]} x", "{\"answers\": [01]}", "{'answers': []}"};

    @TempDir
    Path tmp;

    @Test
    void randomFilesGiveTheRowsOfAFullReadCompacted() throws IOException {
        long before = ParallelSplit.minBytes;
        int[] counts = new int[3]; // reduced from bytes, left to the full read, errors
        int split = 0;
        try {
            for (long s = 0; s < 120; s++) {
                long seed = s;
                ParallelSplit.minBytes = seed % 3 == 0 ? before : 1;
                SplittableRandom r = new SplittableRandom(seed);
                byte[] content = file(r, seed % 10 == 0 ? 1_500 : r.nextInt(1, 150), seed % 4 == 0);
                Path p = tmp.resolve("golden" + seed + ".jsonl");
                Files.write(p, content);
                split += ParallelSplit.at(p) > 0 ? 1 : 0;
                List<String> all = sequential(p);
                String last = all.isEmpty() ? "" : all.get(all.size() - 1);
                // Loaded rows are only seen when the whole load succeeds: a failed one gives just the error.
                List<String> want = last.startsWith("error ") ? List.of(last) : all;
                List<String> got = loaded(p, counts);
                assertEquals(want.size(), got.size(), () -> "seed " + seed + " rows: " + firstDifference(want, got));
                for (int i = 0; i < want.size(); i++) {
                    int row = i;
                    assertEquals(want.get(i), got.get(i), () -> "seed " + seed + " row " + row);
                }
                counts[2] += last.startsWith("error ") ? 1 : 0;
            }
        } finally {
            ParallelSplit.minBytes = before;
        }
        assertTrue(counts[0] > 3_000, "rows reduced from their bytes: " + counts[0]);
        assertTrue(counts[1] > 1_000, "rows left to the full read: " + counts[1]);
        assertTrue(counts[2] >= 5 && counts[2] <= 30, "files ending in an error: " + counts[2]);
        assertTrue(split > 40, "files read in two halves: " + split);
    }

    /** A broken line in each half, or in one: the error of a sequential pass, the first in file order. */
    @Test
    void anErrorInEitherHalfIsTheFirstOfASequentialPass() throws IOException {
        long before = ParallelSplit.minBytes;
        ParallelSplit.minBytes = 1;
        try {
            for (int seed = 0; seed < 40; seed++) {
                SplittableRandom r = new SplittableRandom(500 + seed);
                List<String> lines = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    lines.add("{\"video_path\": \"id" + i + "\", \"answers\": [" + ITEMS[r.nextInt(ITEMS.length)] + "]}");
                }
                int mode = seed % 3; // 0 first half, 1 second half, 2 both
                if (mode != 1) {
                    lines.set(r.nextInt(0, 90), BROKEN[r.nextInt(BROKEN.length)]);
                }
                if (mode != 0) {
                    lines.set(r.nextInt(110, 200), BROKEN[r.nextInt(BROKEN.length)]);
                }
                Path p = tmp.resolve("errors" + seed + ".jsonl");
                Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.US_ASCII);
                assertTrue(ParallelSplit.at(p) > 0, "split");
                List<String> want = sequential(p);
                assertTrue(want.get(want.size() - 1).startsWith("error "), "seed " + seed + " ends in an error");
                List<String> got = loaded(p, new int[3]);
                // Loaded rows are held and only seen when the load succeeds: only the error is compared.
                assertEquals(List.of(want.get(want.size() - 1)), got, "seed " + seed);
            }
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    /** Hand-written lines: the tags read from the bytes, or null where an escape or non-string decides. */
    @Test
    void compactFromBytesOfHandWrittenLines() {
        assertTags("{\"answers\": [\"$interrupt$\", \" $silent$\", \"  $interrupt$ go\", \"\"]}", 1, 0, 1, 0);
        assertTags("{\"answers\": []}");
        assertTags("{\"answers\": [ ]}");
        assertTags("{\"answers\":[\"$Interrupt$\",\"$interrupt\",\"x$interrupt$\"]}", 0, 0, 0);
        assertTags("{\"answers\": [\"$interrupt$\\n\", \"$interrupt$\\u0000\", \"$silent\\t\"]}", 1, 1, 0);
        assertTags("{\"answers\": [\"" + " ".repeat(10) + "$interrupt$\"]}", 1);
        assertTags("{\"answers\": [\"$inter\", \"$interrupX\\n\"]}", 0, 0);
        assertTags("{\"task\": \"t\", \"answers\": [\"$interrupt$\"], \"video_path\": \"v\", \"dialog\": [1]}", 1);
        // An escape before the tag is decided: only the decoded text can say.
        for (String item : new String[] {"\"\\u0024interrupt$\"", "\"$interr\\u0075pt$\"", "\"\\t$interrupt$\"",
            "\"\\u00a0$interrupt$\"", "\"\\u2003$interrupt$\"", "\"\\\\u0020$interrupt$\"", "\"\\u0020$interrupt$\"",
            "\"$interrupt\\u0024\"", "\"\\\"$interrupt$\""}) {
            assertTags("{\"answers\": [\"$silent$\", " + item + "]}", (int[]) null);
        }
        // A list with an item that is not a string, answers not a list, or absent.
        for (String answers : new String[] {"[1]", "[\"$interrupt$\", null]", "[[\"$interrupt$\"]]", "[{}]",
            "\"$interrupt$\"", "{\"a\": 1}", "null", "5", "true"}) {
            assertTags("{\"video_path\": \"v\", \"answers\": " + answers + "}", (int[]) null);
        }
        assertTags("{\"video_path\": \"v\", \"task\": \"t\"}", (int[]) null);
    }

    /** Duplicate and escaped keys: the last "answers" counts, as in the row read in full (or null). */
    @Test
    void compactFromBytesOfDuplicateAndEscapedKeys() {
        List<String> reduced = new ArrayList<>();
        for (String line : new String[] {"{\"answers\": [\"$silent$\"], \"answers\": [\"$interrupt$\"]}",
            "{\"answers\": [\"$interrupt$\"], \"answers\": 5}", "{\"answers\": 5, \"answers\": [\"$interrupt$\"]}",
            "{\"answers\": [\"$interrupt$\"], \"answers\": [\"$silent$\", 1]}",
            "{\"answer\\u0073\": [\"$silent$\"], \"answers\": [\"$interrupt$\"]}",
            "{\"answers\": [\"$interrupt$\"], \"answer\\u0073\": [\"$silent$\"]}",
            "{\"answers\": [\"$interrupt$\"], \"answer\\u0073\": null}",
            "{\"video_path\": \"a\", \"answers\": [], \"video_path\": \"b\", \"task\": 1, \"task\": \"t\"}"}) {
            byte[] b = line.getBytes(StandardCharsets.US_ASCII);
            LineParser p = new LineParser(KEYS, Set.of("answers"));
            JsonNode built = p.row(b, 0, b.length, true);
            JsonNode want = ScorerAccess.compact(fullRow(line));
            if (!p.scanned) {
                continue; // the loader reads such a row in full
            }
            int slot = Arrays.asList(p.names).indexOf("answers");
            int start = p.scanner.start[slot];
            JsonNode got = ScorerAccess.compactFromBytes(built, b, start, start < 0 ? -1 : p.scanner.end[slot]);
            if (got != null) {
                assertEquals(JsonLines.render(want), JsonLines.render(got), line);
                reduced.add(line);
            } else {
                assertTrue(!want.has("__gold_tags__") || line.contains("\\u"), "only an escape or a non-list leaves it: " + line);
            }
        }
        assertTrue(reduced.size() >= 3, "lines reduced from their bytes: " + reduced);
    }

    /** The row of {@code line} with video_path, task and answers only, as the loader reads it in full. */
    private static JsonNode fullRow(String line) {
        JsonNode all = PyJson.loads(line);
        com.fasterxml.jackson.databind.node.ObjectNode row = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        all.fields().forEachRemaining(e -> {
            if (FULL.contains(e.getKey())) {
                row.set(e.getKey(), e.getValue());
            }
        });
        return row;
    }

    /** The answers' bytes inside a larger buffer (a line in the reader's buffer), at every offset. */
    @Test
    void compactFromBytesOfALineInsideABuffer() {
        String line = "{\"task\": \"t\", \"answers\": [\"$interrupt$\", \"  $silent$\", \"$interrupt$\\u00e9\"], \"video_path\": 1}";
        for (int off = 0; off < 20; off++) {
            byte[] b = ("x".repeat(off) + line + "\n{\"answers\": [\"$silent$\"]}").getBytes(StandardCharsets.US_ASCII);
            LineParser p = new LineParser(KEYS, Set.of("answers"));
            JsonNode built = p.row(b, off, line.length(), true);
            assertTrue(p.scanned, "the scanner takes the line");
            int slot = Arrays.asList(p.names).indexOf("answers");
            JsonNode got = ScorerAccess.compactFromBytes(built, b, p.scanner.start[slot], p.scanner.end[slot]);
            assertNotNull(got, "offset " + off);
            assertEquals(JsonLines.render(ScorerAccess.compact(PyJson.loads(line))), JsonLines.render(got), "offset " + off);
            assertArrayEquals(new byte[] {1, 0, 1}, tags(got), "offset " + off);
        }
    }

    /**
     * LineParser.strings over checked lists: the spans handed, decoded, are the string items in order as
     * Jackson reads them; true only when every item is a string; a refusal stops the walk there.
     */
    @Test
    void stringsHandsTheStringItemsOfACheckedList() {
        SplittableRandom r = new SplittableRandom(77);
        int all = 0;
        int notAll = 0;
        for (int k = 0; k < 20_000; k++) {
            String list = list(r, r.nextInt(8) == 0 ? 0.3 : 0.0, false);
            byte[] b = ("{\"dialog\": 1, \"answers\": " + list + "}").getBytes(StandardCharsets.US_ASCII);
            RowScanner s = new RowScanner(List.of("answers"));
            if (!s.scan(b, 0, b.length)) {
                continue;
            }
            JsonNode items = PyJson.loads(list);
            List<String> strings = new ArrayList<>();
            int firstNonString = items.size();
            for (int i = 0; i < items.size(); i++) {
                if (!items.get(i).isTextual()) {
                    firstNonString = i;
                    break;
                }
                strings.add(items.get(i).textValue());
            }
            List<String> handed = new ArrayList<>();
            boolean result = LineParser.strings(b, s.start[0], s.end[0], (bytes, from, to) -> {
                handed.add(LineParser.string(bytes, from, to));
                return true;
            });
            assertEquals(firstNonString == items.size(), result, list);
            assertEquals(strings, handed, list);
            all += result ? 1 : 0;
            notAll += result ? 0 : 1;
            if (strings.size() > 1) {
                int stop = r.nextInt(strings.size());
                int[] calls = {0};
                boolean stopped = LineParser.strings(b, s.start[0], s.end[0], (bytes, from, to) -> calls[0]++ != stop);
                assertEquals(false, stopped, list);
                assertEquals(stop + 1, calls[0], "the walk stops at the refusal: " + list);
            }
        }
        assertTrue(all > 10_000 && notAll > 1_000, "lists of strings " + all + ", others " + notAll);
    }

    private static void assertTags(String line, int... tags) {
        byte[] b = line.getBytes(StandardCharsets.US_ASCII);
        LineParser p = new LineParser(KEYS, Set.of("answers"));
        JsonNode built = p.row(b, 0, b.length, true);
        assertTrue(p.scanned, "the scanner takes " + line);
        int slot = Arrays.asList(p.names).indexOf("answers");
        int start = p.scanner.start[slot];
        JsonNode got = ScorerAccess.compactFromBytes(built, b, start, start < 0 ? -1 : p.scanner.end[slot]);
        if (tags == null) {
            assertNull(got, line);
            return;
        }
        assertNotNull(got, line);
        JsonNode full = ScorerAccess.compact(PyJson.loads(line));
        assertEquals(JsonLines.render(full), JsonLines.render(got), line);
        byte[] want = new byte[tags.length];
        for (int i = 0; i < tags.length; i++) {
            want[i] = (byte) tags[i];
        }
        assertArrayEquals(want, tags(got), line);
    }

    private static byte[] tags(JsonNode compacted) {
        try {
            return compacted.get("__gold_tags__").binaryValue();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A random golden file: rows of odd shapes, some blank, non-object, non-ASCII or broken lines. */
    private static byte[] file(SplittableRandom r, int lines, boolean brokenSometimes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            int k = r.nextInt(200);
            String line;
            if (k < 4) {
                line = new String[] {"", " ", "\t", "  \t "}[r.nextInt(4)];
            } else if (k < 7) {
                line = new String[] {"[1, 2]", "3", "\"$interrupt$\"", "null", "[\"$interrupt$\"]"}[r.nextInt(5)];
            } else if (k < 8 && brokenSometimes && r.nextInt(4) == 0) {
                line = BROKEN[r.nextInt(BROKEN.length)];
            } else if (k < 9 && brokenSometimes && r.nextInt(4) == 0) {
                // Invalid UTF-8 in an answer: the String path's decoding error.
                out.writeBytes("{\"answers\": [\"$interrupt$".getBytes(StandardCharsets.US_ASCII));
                out.writeBytes(new byte[] {(byte) 0xFF});
                line = "\"]}";
            } else {
                line = row(r, i, k < 20);
            }
            out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
            if (i + 1 < lines || r.nextBoolean()) {
                out.writeBytes(TERMINATORS[r.nextInt(TERMINATORS.length)].getBytes(StandardCharsets.US_ASCII));
            }
        }
        return out.toByteArray();
    }

    private static String row(SplittableRandom r, int i, boolean nonAscii) {
        List<String> parts = new ArrayList<>();
        if (r.nextInt(10) > 0) {
            parts.add("\"video_path\": " + (r.nextBoolean() ? "\"id" + i + "\"" : VALUES[r.nextInt(VALUES.length)]));
        }
        if (r.nextInt(10) > 1) {
            parts.add("\"task\": " + (r.nextBoolean() ? "\"t" + r.nextInt(5) + "\"" : VALUES[r.nextInt(VALUES.length)]));
        }
        int a = r.nextInt(20);
        if (a > 0) {
            String answers = a < 3 ? OTHER_ANSWERS[r.nextInt(OTHER_ANSWERS.length)] : list(r, a < 6 ? 0.2 : 0.0, nonAscii);
            parts.add("\"answers\": " + answers);
            if (r.nextInt(30) == 0) {
                parts.add("\"answers\": " + list(r, 0.0, false)); // a duplicate: the last one counts
            }
            if (r.nextInt(40) == 0) {
                parts.add("\"answer\\u0073\": " + list(r, 0.0, false)); // an escaped key is "answers" too
            }
        }
        if (r.nextInt(4) == 0) {
            parts.add("\"dialog\": [\"q\", {\"answers\": [1]}]");
        }
        if (r.nextInt(50) == 0) {
            parts.add("\"__gold_tags__\": [1]");
        }
        java.util.Collections.shuffle(parts, new java.util.Random(r.nextLong()));
        String sep = SEPARATORS[r.nextInt(SEPARATORS.length)];
        return (r.nextInt(10) == 0 ? " " : "") + "{" + String.join(sep, parts) + "}" + (r.nextInt(10) == 0 ? "\t" : "");
    }

    /** A JSON list of random items, each a non-string one with probability {@code nonStrings}. */
    private static String list(SplittableRandom r, double nonStrings, boolean nonAscii) {
        int n = r.nextInt(10) == 0 ? 0 : r.nextInt(1, r.nextInt(10) == 0 ? 40 : 6);
        StringBuilder sb = new StringBuilder(r.nextInt(5) == 0 ? "[ " : "[");
        for (int j = 0; j < n; j++) {
            if (j > 0) {
                sb.append(SEPARATORS[r.nextInt(SEPARATORS.length)]);
            }
            if (r.nextDouble() < nonStrings) {
                sb.append(NON_STRINGS[r.nextInt(NON_STRINGS.length)]);
            } else if (nonAscii && r.nextInt(3) == 0) {
                sb.append(RAW_ITEMS[r.nextInt(RAW_ITEMS.length)]);
            } else {
                sb.append(ITEMS[r.nextInt(ITEMS.length)]);
            }
        }
        return sb.append(r.nextInt(5) == 0 ? "\t]" : "]").toString();
    }

    /** A sequential full read of the three fields, each row compacted; the error ends it. */
    private static List<String> sequential(Path p) {
        List<String> rows = new ArrayList<>();
        try (JsonlReader it = new JsonlReader(p, FULL)) {
            while (it.hasNext()) {
                rows.add(JsonLines.render(ScorerAccess.compact(it.next())));
            }
        } catch (RuntimeException e) {
            rows.add(JsonLines.error(e));
        }
        return rows;
    }

    /** Rows.loaded as the scorer calls it; counts[0] rows reduced from bytes, counts[1] those left to the full read. */
    private static List<String> loaded(Path p, int[] counts) {
        List<String> rows = new ArrayList<>();
        int[] seen = new int[2];
        try {
            HeldRows held = (HeldRows) Rows.loaded(p, KEYS, "answers", (built, b, start, end) -> {
                JsonNode reduced = ScorerAccess.compactFromBytes(built, b, start, end);
                synchronized (seen) {
                    seen[reduced == null ? 1 : 0]++;
                }
                return reduced;
            }, ScorerAccess::compact, HELD);
            try (Rows.RowIterator it = held.open()) {
                while (it.hasNext()) {
                    rows.add(JsonLines.render(it.next()));
                }
            }
            assertEquals(rows.size(), held.count());
        } catch (RuntimeException e) {
            rows.add(JsonLines.error(e));
        }
        counts[0] += seen[0];
        counts[1] += seen[1];
        return rows;
    }

    private static String firstDifference(List<String> want, List<String> got) {
        int i = 0;
        while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) {
            i++;
        }
        return "row " + i + " want " + (i < want.size() ? want.get(i) : "(none)") + " got " + (i < got.size() ? got.get(i) : "(none)");
    }
}
