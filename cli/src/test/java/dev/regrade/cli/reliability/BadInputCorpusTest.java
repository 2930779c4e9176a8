package dev.regrade.cli.reliability;

import dev.regrade.cli.CliRun;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed bad-input corpus: every case in {@code badinput/cases.jsonl} runs one command on one
 * broken input file and must fail with exit 2 and a message naming the file (and the key, where
 * there is one). {@code {dir}} in a case stands for the corpus directory, {@code {out}} for a fresh
 * temporary directory. {@code match} is {@code exact} (the whole of stderr, one line) or
 * {@code prefix} (stderr starts with the text; used where the rest is the JSON parser's wording).
 * {@code generate} names an input written at test time into {@code {out}} (too large to commit).
 * Before each case the output locations ({@code --out}, {@code --output}) hold earlier results (unless the
 * location's parent is a file, which is what such a case tests); a
 * case that fails (exit 2, or exit 1 where the original raises) must leave every one of them as it
 * was, and write nothing new.
 * A few {@code score longqa} cases keep the original starter kit's behaviour on purpose and say so
 * in their id: exit 1 with {@code ERROR: …} (the original raises, e.g. on a row that is not an
 * object), or warnings and exit 0 (the original warns and skips duplicate and unknown ids).
 */
class BadInputCorpusTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    static Path corpus() {
        try {
            return Path.of(BadInputCorpusTest.class.getResource("badinput/cases.jsonl").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<JsonNode> cases() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(corpus().resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MAPPER.readTree(line));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseFailsWithItsMessage() throws IOException {
        String dir = corpus().toString();
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> {
            Path out = Files.createTempDirectory(tmp, c.get("id").asText().replaceAll("[^A-Za-z0-9-]", "_"));
            if (c.has("generate")) {
                generate(c.get("generate").asText(), out);
            }
            List<String> args = new ArrayList<>();
            c.get("args").forEach(a -> args.add(a.asText().replace("{dir}", dir).replace("{out}", out.toString())));
            Map<Path, byte[]> previous = seedPreviousOutput(args, out);
            String expected = c.get("stderr").asText().replace("{dir}", dir).replace("{out}", out.toString());
            CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of(args.toArray(String[]::new)),
                    c.get("id").asText() + " hung");
            String where = c.get("id").asText() + ": stderr was:\n" + r.err();
            assertEquals(c.get("exit").asInt(), r.status(), where);
            switch (c.get("match").asText()) {
                case "exact" -> assertEquals(expected + System.lineSeparator(), r.err(), where);
                case "prefix" -> assertTrue(r.err().startsWith(expected), where);
                default -> throw new IllegalArgumentException("match: " + c.get("match"));
            }
            assertFalse(r.err().contains("\tat "), where + "\n(a stack trace leaked)");
            if (r.status() != 0) {
                assertEquals("", r.out(), where + "\n(a failed run must print nothing on stdout)");
                assertEquals(previous.keySet(), contents(out).keySet(), where + "\n(files appeared or vanished in the output)");
                previous.forEach((f, bytes) -> assertArrayEquals(bytes, readAll(f), where + "\n(" + f + " was changed)"));
            }
        }));
    }

    /**
     * Inputs too large to commit, written at test time.
     *
     * <p>{@code answer-50mb}: a fixture whose {@code answer} is 50 MiB. Refused (exit 2), not run: a
     * real agent answer is a few kilobytes and no judge's context holds more than about a megabyte,
     * so a 50 MB answer is a mistake (a wrong file, a log pasted in); the limit is 16 MiB per fixture
     * file ({@code Fixture.MAX_FILE_BYTES}, docs/inputs-and-fixtures.md), checked from the file's size before it
     * is read, so the refusal is immediate and costs no memory. Without the limit the JSON parser's
     * 20,000,000-character cap on one string would fire with a message that names no key.
     */
    private static void generate(String what, Path out) throws IOException {
        if (!what.equals("answer-50mb")) {
            throw new IllegalArgumentException("generate: " + what);
        }
        try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(out.resolve("answer-50mb.json")))) {
            o.write("{\"script\": \"rl_course_book\", \"answer\": \"".getBytes(StandardCharsets.UTF_8));
            byte[] chunk = "An answer that goes on. ".repeat(1024 * 1024 / 24 + 1).substring(0, 1024 * 1024)
                    .getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 50; i++) {
                o.write(chunk);
            }
            o.write("\"}\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Puts earlier results where the command would write ({@code --out DIR}: a report and a result
     * file inside; {@code --output F.json}: the file itself; {@code --output DIR}: a scores file
     * inside) plus one unrelated earlier result, and returns every file now in the output directory
     * with its bytes: bad input must leave all of them as they were.
     */
    private static Map<Path, byte[]> seedPreviousOutput(List<String> args, Path out) throws IOException {
        Files.createDirectories(out.resolve("earlier"));
        Files.writeString(out.resolve("earlier/result.json"), "{\"previous\": true}\n");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("--out") || args.get(i).equals("--output")) {
                Path target = Path.of(args.get(i + 1));
                if (Files.isRegularFile(target.getParent())) {
                    continue; // an output whose parent is a file (the case itself): nothing can be there before
                }
                if (target.getFileName().toString().endsWith(".json")) {
                    Files.writeString(target, "{\"previous\": \"results\"}\n");
                } else {
                    Files.createDirectories(target.resolve("results"));
                    Files.writeString(target.resolve("report.md"), "previous report\n");
                    Files.writeString(target.resolve("results/previous.json"), "{\"previous\": true}\n");
                }
            }
        }
        return contents(out);
    }

    private static Map<Path, byte[]> contents(Path dir) throws IOException {
        Map<Path, byte[]> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                files.put(f, readAll(f));
            }
        }
        return files;
    }

    private static byte[] readAll(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The controls the broken files were cut from are fine: each case breaks exactly one thing. */
    @Test
    void controlsAreAccepted() {
        String dir = corpus().toString();
        CliRun rescore = CliRun.of("rescore", dir + "/result-ok.json");
        assertEquals(0, rescore.status(), rescore.err());
        assertEquals("", rescore.err());
        CliRun score = CliRun.of("score", "longqa", "--golden", dir + "/longqa-golden.jsonl", "--predictions",
                dir + "/longqa-preds-ok.jsonl", "--output", tmp.resolve("results.json").toString());
        assertEquals(0, score.status(), score.err());
        assertEquals("", score.err());
        CliRun vereval = CliRun.of("vereval", "--benchmark", dir + "/vereval-benchmark.json", "--predictions",
                dir + "/vereval-preds-ok.jsonl", "--backend", "vllm", "--model", "judge", "--output",
                tmp.resolve("vereval").toString(), "--dry-run");
        assertEquals(0, vereval.status(), vereval.err());
        assertTrue(vereval.out().contains("\"predictions\": 2"), vereval.out());
    }

    /** Every input file or folder in the corpus is used by a case, and every case's inputs exist. */
    @Test
    void corpusFilesAndManifestAgree() throws IOException {
        Set<String> used = new HashSet<>();
        for (JsonNode c : cases()) {
            for (JsonNode a : c.get("args")) {
                String s = a.asText();
                if (s.startsWith("{dir}/")) {
                    String name = s.substring("{dir}/".length());
                    assertTrue(Files.exists(corpus().resolve(name)), c.get("id") + ": missing " + name);
                    used.add(name);
                }
            }
        }
        try (Stream<Path> files = Files.list(corpus())) {
            files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals("cases.jsonl") && !n.endsWith("-ok.json") && !n.endsWith("-ok.jsonl"))
                    .forEach(n -> assertTrue(used.contains(n), "corpus file used by no case: " + n));
        }
    }
}
