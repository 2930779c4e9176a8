package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyWhitespace;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The byte-level JSONL reader gives, line for line, what the plain String path gives (BufferedReader
 * lines, Python-blank lines skipped, {@link Rows#parseLine}, then the fields asked for of an object): the
 * same rows, or the same error at the same row.
 */
class JsonlReaderTest {
    @TempDir
    Path tmp;

    private static final Set<String> FIELDS = Set.of("video_path", "answers");

    @Test
    void linesBlanksAndTerminators() throws IOException {
        check("{\"video_path\": \"a\", \"dialog\": [[{\"t\": 1}]], \"answers\": [\"$silent$\"]}\n"
                + "\n   \t\n\u000b\u001c\r\n"
                + "{\"video_path\": \"b\"}\r\n{\"video_path\": \"c\"}\r{\"answers\": []}\n"
                + "\u00a0\u2028\u3000\n" // blank to Python's strip() (non-ASCII white space)
                + "  {\"video_path\": \"d\", \"video_path\": \"e\", \"answers\": null}  \n"
                + "{\"video_path\": \"caf\u00e9\", \"x\": \"\u20ac\"}\n"
                + "{\"answers\": [1.5, NaN, -Infinity, 12345678901234567890123]}\n"
                + "{\"video_path\": \"last\"}");
    }

    @Test
    void longLinesCrossTheBuffer() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            sb.append("{\"video_path\": \"v").append(i).append("\", \"dialog\": \"").append("x".repeat(1_500_000 + i))
                    .append("\", \"answers\": [\"$interrupt$ hi\"]}\r\n");
        }
        check(sb.toString());
    }

    @Test
    void errorsAreTheStringPathsErrors() throws IOException {
        for (String bad : List.of("{\"video_path\": \"a\"} x\n", "{\"video_path\": \"a\",}\n", "[1, 2]\n", "\"s\"\n",
                "{\"a\": 01}\n", "\ufeff{\"video_path\": \"bom\"}\n", "{\"dialog\": [1,,2], \"video_path\": \"a\"}\n",
                "{\"video_path\": \"a\"\n", "null\n", "{\"a\": \"\u0001\"}\n")) {
            check("{\"video_path\": \"ok\"}\n" + bad + "{\"video_path\": \"after\"}\n");
        }
    }

    /** As json.loads builds the dict: python3 gives {"video_path": "e", "answers": []} for the first line. */
    @Test
    void aRepeatedKeyKeepsItsFirstPlaceAndTakesItsLastValue() throws IOException {
        Path p = tmp.resolve("dup.jsonl");
        // An ASCII line (the byte path) and a non-ASCII one (the String path).
        Files.writeString(p, "{\"video_path\": \"d\", \"answers\": [], \"video_path\": \"e\"}\n"
                + "{\"video_path\": \"d\u00e9\", \"answers\": [], \"video_path\": \"e\u00e9\"}\n", StandardCharsets.UTF_8);
        assertEquals(List.of("{\"video_path\":\"e\",\"answers\":[]}", "{\"video_path\":\"e\u00e9\",\"answers\":[]}"),
                read(p, false));
    }

    @Test
    void malformedUtf8FailsAtItsLine() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("{\"video_path\": \"ok\"}\n{\"video_path\": \"".getBytes(StandardCharsets.UTF_8));
        b.write(0xC3);
        b.write(0x28);
        b.writeBytes("\"}\n".getBytes(StandardCharsets.UTF_8));
        Path p = tmp.resolve("bad.jsonl");
        Files.write(p, b.toByteArray());
        assertEquals(List.of("{\"video_path\":\"ok\"}", "error UncheckedIOException"), read(p, true));
    }

    @Test
    void aFileReadInTwoHalvesGivesTheRowsAndTheFirstErrorOfOnePass() throws IOException {
        StringBuilder ok = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            ok.append("{\"video_path\": \"v").append(i).append("\", \"answers\": [\"$silent$\"], \"dialog\": [").append(i)
                    .append("]}\n");
        }
        String text = ok.toString();
        int mid = text.length() / 2;
        List<String> cases = List.of(text, text.substring(0, mid) + "\r\n\n" + text.substring(mid),
                "{oops}\n" + text + "[1]\n", text + "[1]\n" + text, text + "{\"video_path\": 1,}\n");
        long before = ParallelSplit.minBytes;
        ParallelSplit.minBytes = 1;
        try {
            for (String c : cases) {
                Path p = tmp.resolve("halves.jsonl");
                Files.writeString(p, c, StandardCharsets.UTF_8);
                assertEquals(true, ParallelSplit.at(p) > 0, "the file is split");
                List<String> got = new ArrayList<>();
                try {
                    Rows rows = Rows.loaded(p, Set.of("video_path"), "answers", JsonlReaderLineEndsTest.WHOLE_WITHOUT_ANSWERS,
                            r -> r, FIELDS);
                    try (Rows.RowIterator it = rows.open()) {
                        it.forEachRemaining(r -> got.add(r.toString()));
                    }
                } catch (RuntimeException e) {
                    got.add("error " + e.getClass().getSimpleName() + ": " + e.getMessage());
                }
                List<String> one = reference(p);
                String last = one.get(one.size() - 1);
                // Loading fails as a whole: the error is the one a single pass meets first.
                assertEquals(last.startsWith("error ") ? List.of(last) : one, got);
            }
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    private void check(String text) throws IOException {
        Path p = tmp.resolve("rows.jsonl");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        assertEquals(reference(p), read(p, false), text);
    }

    /** Rows as compact JSON, ending with "error Type: message" when the pass fails. */
    private static List<String> read(Path p, boolean typeOnly) {
        List<String> out = new ArrayList<>();
        try (Rows.RowIterator it = Rows.of(p, FIELDS).open()) {
            while (it.hasNext()) {
                out.add(it.next().toString());
            }
        } catch (RuntimeException e) {
            out.add("error " + e.getClass().getSimpleName() + (typeOnly ? "" : ": " + e.getMessage()));
        }
        return out;
    }

    /** The String path the byte reader replaced. */
    private static List<String> reference(Path p) throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (PyWhitespace.strip(line).isEmpty()) {
                    continue;
                }
                JsonNode n = Rows.parseLine(line);
                if (!(n instanceof ObjectNode o)) {
                    out.add(n.toString()); // a row that is not an object is the row as it is
                    continue;
                }
                ObjectNode row = o.objectNode();
                o.fields().forEachRemaining(e -> {
                    if (FIELDS.contains(e.getKey())) {
                        row.set(e.getKey(), e.getValue());
                    }
                });
                out.add(row.toString());
            }
        } catch (RuntimeException e) {
            out.add("error " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return out;
    }
}
