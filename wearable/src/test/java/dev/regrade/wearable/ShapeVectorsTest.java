package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Odd-shaped inputs are scored or refused exactly as the upstream scorers do. Each vector of
 * {@code tools/wearable-shapes/shapes.py} (one field of one row set to every JSON type in its place or
 * removed, a list element likewise, a row that is not an object, a blank line, an empty file or other
 * line ends, two key values Python compares as equal or not, an odd ConvQA judge reply) was run through
 * both upstream run_evaluation.py files; here it is replayed through the scorers' {@code run} for both
 * variants, the LLM judge through {@link OpenAiChatReplySource} against a loopback server answering
 * from the vector's script. Where the original wrote files: the same files, byte for byte. Where it
 * raised: a {@link PyException} of the same Python type and message (the CLI prints it as
 * {@code ERROR: <message>}) and no file. And the same judge prompts in the same order.
 */
class ShapeVectorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ScriptedJudge judge;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startJudge() throws IOException {
        judge = new ScriptedJudge();
    }

    @AfterAll
    static void stopJudge() {
        judge.server.stop(0);
    }

    static Path vectors() throws URISyntaxException {
        return Path.of(ShapeVectorsTest.class.getResource("shapes").toURI());
    }

    @TestFactory
    Stream<DynamicTest> everyVectorAsTheOriginal() throws Exception {
        Path dir = vectors();
        JsonNode scenarios = JSON.readTree(dir.resolve("scenarios.json").toFile());
        Map<String, String> outputs = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("outputs.jsonl"), StandardCharsets.UTF_8)) {
            JsonNode o = JSON.readTree(line);
            outputs.put(o.get("sha256").textValue(), o.get("text").textValue());
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
            JsonNode c = JSON.readTree(line);
            for (Variant v : Variant.RELEASED_AND_FIXED) {
                tests.add(DynamicTest.dynamicTest(c.get("id").textValue() + " " + v.name(),
                        () -> check(c, scenarios.get(c.get("scenario").textValue()), v, outputs)));
            }
        }
        return tests.stream();
    }

    private void check(JsonNode c, JsonNode scenario, Variant v, Map<String, String> outputs) throws Exception {
        Path work = Files.createTempDirectory(tmp, "case");
        Path golden = write(work.resolve("golden.jsonl"), edited(scenario, c, "golden"));
        Path preds = write(work.resolve("preds.jsonl"), edited(scenario, c, "preds"));
        Path out = work.resolve("out").resolve("results.json");
        JsonNode expected = c.get(v.name());
        judge.script(c.get("judge"));
        Runnable run = () -> {
            switch (scenario.get("task").textValue()) {
                case "longqa" -> new LongQaScorer(v, w -> { }).run(golden, preds, out);
                case "proactive" -> new ProactiveScorer(v, w -> { }).run(golden, preds, out);
                default -> new ConvQaScorer(v, w -> { }, c.has("judge") ? judge.client : null).run(golden, preds, out);
            }
        };
        if (expected.get("exit").intValue() == 0) {
            run.run();
        } else {
            JsonNode err = expected.get("error");
            PyException e = assertThrows(PyException.class, run::run, "the original raised " + err);
            assertEquals(err.get("type").textValue() + ": " + err.get("message").textValue(),
                    e.pythonType() + ": " + e.pythonMessage(), "error");
        }
        Map<String, String> want = new TreeMap<>();
        expected.get("files").fields().forEachRemaining(f -> want.put(f.getKey(), outputs.get(f.getValue().textValue())));
        assertEquals(want, filesIn(out.getParent()), "output files");
        if (expected.has("prompts")) {
            List<String> wantPrompts = new ArrayList<>();
            expected.get("prompts").forEach(p -> wantPrompts.add(p.textValue()));
            assertEquals(wantPrompts, judge.prompts, "judge prompts (sha256, in order)");
        }
    }

    /** The scenario's file with the case's edits applied (shapes.py apply_edit). */
    static String edited(JsonNode scenario, JsonNode c, String file) {
        String text = scenario.get(file).textValue();
        for (JsonNode edit : c.get("edits")) {
            if (!edit.get("file").textValue().equals(file)) {
                continue;
            }
            if (edit.has("whole")) {
                text = edit.get("whole").textValue();
                continue;
            }
            List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
            lines.remove(lines.size() - 1);
            if (edit.has("insert")) {
                lines.add(edit.get("insert").intValue(), edit.get("text").textValue());
            } else {
                lines.set(edit.get("line").intValue(), edit.get("text").textValue());
            }
            StringBuilder sb = new StringBuilder();
            lines.forEach(l -> sb.append(l).append('\n'));
            text = sb.toString();
        }
        return text;
    }

    private static Path write(Path p, String text) throws IOException {
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Map<String, String> filesIn(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    files.put(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }

    /** A judge on loopback: request i of a case gets script[i % n] ({status, body}); prompts are recorded as sha256. */
    private static final class ScriptedJudge {
        final HttpServer server;
        final JudgeReplySource client;
        volatile JsonNode script;
        final List<String> prompts = new ArrayList<>();

        ScriptedJudge() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/v1/chat/completions", ex -> {
                try (InputStream in = ex.getRequestBody(); OutputStream os = ex.getResponseBody()) {
                    JsonNode body = JSON.readTree(in.readAllBytes());
                    JsonNode entry;
                    synchronized (prompts) {
                        entry = script.get(prompts.size() % script.size());
                        prompts.add(sha256(body.get("messages").get(0).get("content").textValue()));
                    }
                    byte[] data = entry.get("body").textValue().getBytes(StandardCharsets.UTF_8);
                    ex.getResponseHeaders().set("Content-Type", "application/json");
                    ex.sendResponseHeaders(entry.get("status").intValue(), data.length == 0 ? -1 : data.length);
                    os.write(data);
                }
            });
            server.start();
            client = new OpenAiChatReplySource("http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                    "shapes-judge", null);
        }

        void script(JsonNode s) {
            synchronized (prompts) {
                script = s;
                prompts.clear();
            }
        }
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
