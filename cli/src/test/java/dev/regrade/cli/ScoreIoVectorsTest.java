package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code regrade score} reads and writes, against the verbatim starter kit (issue 26 item 13): every
 * case of {@code wearable-io/cases.jsonl} (made by {@code tools/wearable-io/io_vectors.py}, which ran the
 * original on it) runs here without Python and must end as the original did: the same exit status, the
 * same error message ({@code ERROR: <message>} as the last line of stderr), and the same paths left
 * behind, files byte for byte. The fixed variant replays the cases where the released one stopped
 * reading or writing (their code is the same in both files).
 */
class ScoreIoVectorsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyCaseEndsAsTheOriginal() throws IOException {
        List<JsonNode> cases = new ArrayList<>();
        try (InputStream in = ScoreIoVectorsTest.class.getResourceAsStream("wearable-io/cases.jsonl")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    cases.add(MAPPER.readTree(line));
                }
            }
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : cases) {
            JsonNode want = c.get("released");
            tests.add(DynamicTest.dynamicTest(c.get("id").asText() + " released", () -> check(c, "released", want, true)));
            if (want.get("io").asBoolean()) {
                tests.add(DynamicTest.dynamicTest(c.get("id").asText() + " fixed", () -> check(c, "fixed", want, false)));
            }
        }
        return tests.stream();
    }

    private void check(JsonNode c, String variant, JsonNode want, boolean bytes) throws IOException {
        Path d = Files.createTempDirectory(tmp, "case").toRealPath();
        place(d.resolve("g.jsonl"), c.get("golden"));
        place(d.resolve("p.jsonl"), c.get("preds"));
        for (JsonNode s : c.get("setup")) {
            Path p = d.resolve(s.get(1).asText());
            if (s.get(0).asText().equals("dir")) {
                Files.createDirectories(p);
            } else {
                Files.createDirectories(p.getParent());
                Files.writeString(p, "in the way\n");
            }
        }
        CliRun r = CliRun.of("score", c.get("task").asText(), "--golden", d.resolve("g.jsonl").toString(),
                "--predictions", d.resolve("p.jsonl").toString(), "--variant", variant,
                "--output", d.resolve(c.get("output").asText()).toString());
        String where = c.get("id").asText() + " (" + variant + "): stderr was:\n" + r.err();
        assertEquals(want.get("exit").asInt(), r.status(), where);
        assertFalse(r.err().contains("\tat "), where + "\n(a stack trace leaked)");
        if (!want.get("error").isNull()) {
            String[] lines = r.err().strip().split("\\R");
            String expected = "ERROR: " + want.get("error").asText().replace("{dir}", d.toString());
            assertEquals(expected, lines[lines.length - 1], where);
        }
        Map<String, String> paths = listing(d);
        Map<String, String> expected = new TreeMap<>();
        want.get("paths").fields().forEachRemaining(e -> expected.put(e.getKey(), e.getValue().asText()));
        if (!bytes) {
            expected.replaceAll((k, v) -> v.equals("dir") ? v : "file");
            paths.replaceAll((k, v) -> v.equals("dir") ? v : "file");
        }
        assertEquals(expected, paths, where + "\n(paths left behind)");
    }

    private static void place(Path p, JsonNode data) throws IOException {
        if (data.isNull()) {
            return;
        }
        if (data.asText().equals("dir")) {
            Files.createDirectory(p);
        } else {
            Files.write(p, Base64.getDecoder().decode(data.asText()));
        }
    }

    private static Map<String, String> listing(Path d) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(d)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                if (p.equals(d)) {
                    continue;
                }
                out.put(d.relativize(p).toString(), Files.isDirectory(p) ? "dir" : sha(Files.readAllBytes(p)));
            }
        }
        return out;
    }

    private static String sha(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
