package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Rows;
import dev.regrade.wearable.io.IoAccess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proactive and LongQA file paths (golden held as columns, entries writing their own text, rows
 * spooled) write exactly what the in-memory paths compute from fully parsed rows, with the same warnings
 * or the same error, on random files of odd values: ids and tasks that are not strings or absent,
 * answers of every shape, non-ASCII and escaped text, more than 1024 rows, files read in two halves.
 */
class WriterPathsTest {
    private static final String[] TEXTS = {"\"a\"", "\"\"", "\"\\u00e9\\n\\\"q\\\"\"", "\"\u00fc\u20ac\"",
        "\"\\ud83d\\ude00\"", "\"\\ud800 lone\"", "\"tab\\there\""};
    private static final String[] ODD = {"3", "-0.0", "1e300", "123456789012345678901234567890", "null", "true", "[1, \"x\"]",
        "{\"k\": [null, {}]}", "[]", "{}", "NaN"};
    /** Answers: tags plain, spaced, escaped where the tag is (read from the decoded text) and near misses. */
    private static final String[] TAGS = {"\"$interrupt$\"", "\" $interrupt$ say\"", "\"$silent$\"", "\"\"",
        "\"\\u00e9\"", "\"$INTERRUPT$\"", "\"\\u3000$interrupt$\"",
        // Tags an escape hides from a byte reading of the answers (the row is then read in full), near misses.
        "\"\\u0024interrupt$\"", "\"$interr\\u0075pt$\"", "\"\\t$interrupt$\"", "\"\\\\u0020$interrupt$\"",
        "\"\\u0020$interrupt$\"", "\"          $interrupt$\"", "\"   $interrupt$\"", "\"$interrupt\"",
        "\"$interrupt$\\n\"", "\" \"", "\"$inter\""};
    private static final String[] LETTERS = {"\"A\"", "\" b \"", "\"(c)\"", "\"answer: D\"", "\"The answer is a.\"", "\"\"",
        "\"E\"", "\"\\u00c0\""};

    @TempDir
    Path tmp;

    @Test
    void proactiveFileRunWritesTheInMemoryResults() throws IOException {
        seeds(0, 0, this::proactiveCase);
    }

    @Test
    void longQaFileRunWritesTheInMemoryResults() throws IOException {
        // No empty files: _run_longqa refuses zero matches, which evaluate_longqa in memory does not check.
        seeds(100, 1, this::longQaCase);
    }

    /** One seed's files, {@code n} rows (odd values too when {@code odd}), scored both ways; returns the outcome. */
    private interface Case {
        String run(long seed, SplittableRandom r, Variant v, boolean odd, int n) throws IOException;
    }

    /**
     * 60 seeds from {@code first}, files of at least {@code min} rows, half of them read in two halves; most
     * write results, some fail alike.
     */
    private static void seeds(long first, int min, Case c) throws IOException {
        long before = IoAccess.minBytes();
        int ok = 0;
        int failed = 0;
        try {
            for (long seed = first; seed < first + 60; seed++) {
                IoAccess.minBytes(seed % 4 < 2 ? before : 1);
                SplittableRandom r = new SplittableRandom(seed);
                int n = seed % 10 == 4 ? r.nextInt(1025, 1600) : r.nextInt(min, 40);
                String outcome = c.run(seed, r, Variant.RELEASED_AND_FIXED.get((int) (seed % 2)), seed % 3 == 0, n);
                ok += outcome.startsWith("results") ? 1 : 0;
                failed += outcome.startsWith("results") ? 0 : 1;
            }
        } finally {
            IoAccess.minBytes(before);
        }
        assertTrue(ok > 40 && failed > 0, "runs that wrote results: " + ok + ", that failed: " + failed);
    }

    private String proactiveCase(long seed, SplittableRandom r, Variant v, boolean odd, int n) throws IOException {
        List<String> golden = new ArrayList<>();
        List<String> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = id(r, i, odd && v.isReleased());
            int chunks = r.nextInt(r.nextInt(8) == 0 ? 40 : 6);
            List<String> fields = new ArrayList<>();
            if (id != null) {
                fields.add("\"video_path\": " + id);
            }
            if (r.nextInt(8) > 0) {
                fields.add("\"task\": " + (r.nextBoolean() ? "\"t" + r.nextInt(4) + "\"" : value(r, odd)));
            }
            fields.add(odd && r.nextInt(25) == 0 ? "\"answers\": " + value(r, true)
                    : "\"answers\": " + list(r, chunks, TAGS, odd && r.nextInt(25) == 0));
            if (r.nextInt(3) == 0) {
                fields.add("\"dialog\": [\"w\\u00e9\", {\"t\": 1}]");
            }
            Collections.shuffle(fields, new Random(r.nextLong()));
            golden.add("{" + String.join(", ", fields) + "}");
            int predChunks = r.nextInt(3) == 0 ? chunks + r.nextInt(-2, 3) : chunks;
            String predAnswers = odd && r.nextInt(25) == 0 ? value(r, true)
                    : list(r, Math.max(0, predChunks), TAGS, odd && r.nextInt(25) == 0);
            preds.add("{\"answers\": " + predAnswers
                    + (id != null ? ", \"video_path\": " + id : "") + "}");
        }
        // A ValueError of the file run is "Proactive evaluation failed: " and the in-memory one's message.
        return bothWays(seed, v, "pa", golden, preds, (w, g, p) -> new ProactiveScorer(v, w).score(g, p),
                (w, g, p, o) -> new ProactiveScorer(v, w).run(g, p, o), "ValueError: Proactive evaluation failed: ");
    }

    private String longQaCase(long seed, SplittableRandom r, Variant v, boolean odd, int n) throws IOException {
        List<String> golden = new ArrayList<>();
        List<String> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Fixed pairs by video_path: unique string ids there, so both paths pair alike.
            String id = id(r, i, odd && v.isReleased());
            String question = r.nextBoolean() ? TEXTS[r.nextInt(TEXTS.length)] : value(r, odd);
            List<String> fields = new ArrayList<>();
            if (id != null) {
                fields.add("\"video_path\": " + id);
            }
            if (r.nextInt(10) > 0) {
                fields.add("\"question\": " + question);
            }
            if (!odd || r.nextInt(60) > 0) { // absent: a KeyError in both
                fields.add("\"mcq_answer\": " + (odd && r.nextInt(10) == 0 ? value(r, true) : LETTERS[r.nextInt(4)]));
            }
            if (r.nextInt(6) > 0) {
                fields.add("\"category\": " + (r.nextBoolean() ? "\"c" + r.nextInt(3) + "\"" : value(r, odd)));
            }
            if (r.nextInt(3) == 0) {
                fields.add("\"dialog\": [\"x\"]");
            }
            Collections.shuffle(fields, new Random(r.nextLong()));
            golden.add("{" + String.join(", ", fields) + "}");
            List<String> pf = new ArrayList<>();
            if (id != null) {
                pf.add("\"video_path\": " + id);
            }
            pf.add("\"question\": " + question);
            if (r.nextInt(10) > 0) {
                pf.add("\"mcq_answer\": " + (r.nextInt(8) == 0 ? value(r, odd) : LETTERS[r.nextInt(LETTERS.length)]));
            }
            Collections.shuffle(pf, new Random(r.nextLong()));
            preds.add("{" + String.join(", ", pf) + "}");
        }
        return bothWays(seed, v, "lq", golden, preds, (w, g, p) -> new LongQaScorer(v, w).evaluate(g, p),
                (w, g, p, o) -> new LongQaScorer(v, w).run(g, p, o), null);
    }

    private interface InMemory {
        ObjectNode score(Consumer<String> warnings, List<JsonNode> golden, List<JsonNode> preds);
    }

    private interface FromFiles {
        ScoreRun run(Consumer<String> warnings, Path golden, Path preds, Path output);
    }

    /**
     * Writes the files (predictions shuffled for fixed, which pairs by id), scores them in memory and from
     * the files, and asserts the same outcome and warnings; {@code wrapped}: the file run's prefix of an
     * error the in-memory run raises bare.
     */
    private String bothWays(long seed, Variant v, String task, List<String> golden, List<String> preds,
                            InMemory inMemory, FromFiles fromFiles, String wrapped) throws IOException {
        if (v.isFixed()) {
            Collections.shuffle(preds, new Random(seed));
        }
        Path g = write(task + "-golden" + seed, golden);
        Path p = write(task + "-preds" + seed, preds);
        List<String> memWarnings = new ArrayList<>();
        String mem = outcome(() -> dumps(inMemory.score(memWarnings::add, all(g), all(p))));
        List<String> fileWarnings = new ArrayList<>();
        String file = fileOutcome(seed, o -> fromFiles.run(fileWarnings::add, g, p, o));
        if (wrapped != null && file.startsWith(wrapped)) {
            file = "ValueError: " + file.substring(wrapped.length());
        }
        String why = task + " seed " + seed + " " + v.name() + " rows " + golden.size();
        assertEquals(mem, file, why);
        assertEquals(memWarnings, fileWarnings, why + " warnings");
        return mem;
    }

    /** A unique string id mostly (raw non-ASCII or escaped sometimes); with {@code odd}, absent or not a string at times. */
    private static String id(SplittableRandom r, int i, boolean odd) {
        if (odd && r.nextInt(6) == 0) {
            return r.nextBoolean() ? null : ODD[r.nextInt(ODD.length)];
        }
        return switch (r.nextInt(4)) {
            case 0 -> "\"v\u00e9" + i + "\"";
            case 1 -> "\"v\\u00e9\\n" + i + "\"";
            default -> "\"vid-" + i + "\"";
        };
    }

    private static String value(SplittableRandom r, boolean odd) {
        return odd ? ODD[r.nextInt(ODD.length)] : TEXTS[r.nextInt(TEXTS.length)];
    }

    private static String list(SplittableRandom r, int n, String[] items, boolean withNonString) {
        List<String> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            out.add(items[r.nextInt(items.length)]);
        }
        if (withNonString) {
            out.add(r.nextInt(out.size() + 1), ODD[r.nextInt(ODD.length)]);
        }
        return "[" + String.join(", ", out) + "]";
    }

    private interface Run {
        String get() throws IOException;
    }

    /** "results" and the text computed, or the Python error it raised. */
    private static String outcome(Run run) throws IOException {
        try {
            return "results\n" + run.get();
        } catch (PyException e) {
            return e.pythonType() + ": " + e.getMessage();
        }
    }

    /** The file run's outcome: its results file, and its summary file checked against its head. */
    private String fileOutcome(long seed, Function<Path, ScoreRun> run) throws IOException {
        Path out = tmp.resolve("out" + seed).resolve("results.json");
        return outcome(() -> {
            ScoreRun s = run.apply(out);
            assertEquals(PyJson.dumps(s.summary(), PerRow.INDENT_2),
                    Files.readString(s.summaryPath(), StandardCharsets.UTF_8), "summary of seed " + seed);
            return Files.readString(s.resultsPath(), StandardCharsets.UTF_8);
        });
    }

    private static String dumps(ObjectNode results) {
        return PyJson.dumps(results, PerRow.INDENT_2);
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path p = tmp.resolve(name + ".jsonl");
        Files.write(p, lines, StandardCharsets.UTF_8);
        return p;
    }

    private static List<JsonNode> all(Path jsonl) {
        List<JsonNode> out = new ArrayList<>();
        try (Rows.RowIterator it = Rows.of(jsonl).open()) {
            it.forEachRemaining(out::add);
        }
        return out;
    }
}
