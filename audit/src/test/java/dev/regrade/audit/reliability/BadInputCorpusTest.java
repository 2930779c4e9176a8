package dev.regrade.audit.reliability;

import dev.regrade.audit.cli.CliRun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * A few {@code score longqa} cases keep the original starter kit's behaviour on purpose and say so
 * in their id: exit 1 with {@code ERROR: …} (the original raises), or warnings and exit 0 (the
 * original warns and skips duplicate and unknown ids).
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
            Path out = Files.createTempDirectory(tmp, c.get("id").asText());
            List<String> args = new ArrayList<>();
            c.get("args").forEach(a -> args.add(a.asText().replace("{dir}", dir).replace("{out}", out.toString())));
            String expected = c.get("stderr").asText().replace("{dir}", dir).replace("{out}", out.toString());
            CliRun r = CliRun.of(args.toArray(String[]::new));
            String where = c.get("id").asText() + ": stderr was:\n" + r.err();
            assertEquals(c.get("exit").asInt(), r.status(), where);
            switch (c.get("match").asText()) {
                case "exact" -> assertEquals(expected + System.lineSeparator(), r.err(), where);
                case "prefix" -> assertTrue(r.err().startsWith(expected), where);
                default -> throw new IllegalArgumentException("match: " + c.get("match"));
            }
            assertFalse(r.err().contains("\tat "), where + "\n(a stack trace leaked)");
            if (r.status() == 2) {
                assertEquals("", r.out(), where + "\n(bad input must print nothing on stdout)");
            }
        }));
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
    }

    /** Every input file in the corpus is used by a case, and every case's files exist. */
    @Test
    void corpusFilesAndManifestAgree() throws IOException {
        Set<String> used = new HashSet<>();
        for (JsonNode c : cases()) {
            for (JsonNode a : c.get("args")) {
                String s = a.asText();
                if (s.startsWith("{dir}/")) {
                    String name = s.substring("{dir}/".length());
                    assertTrue(Files.isRegularFile(corpus().resolve(name)), c.get("id") + ": missing " + name);
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
