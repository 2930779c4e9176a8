package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte-for-byte parity with the upstream Python scorers, on committed data only: each directory of
 * {@code vectors/} holds golden and prediction files, {@code meta.json} (task, whether the LLM judge
 * runs, the Python error a variant raises) and the results/summary files that the released and the
 * fixed {@code run_evaluation.py} (the commits named in {@link Variant}) wrote for them. The vectors
 * were recorded once with a development harness that imports the upstream scorers, which this
 * repository does not ship; nothing here needs them. Judge vectors use that harness's judge: the
 * reply is {@code judge_styles.json[md5(prompt) % n]}.
 */
class GoldenVectorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    static Path vectors() throws URISyntaxException {
        return Path.of(GoldenVectorsTest.class.getResource("vectors").toURI());
    }

    /** The harness judge: STYLES[md5(prompt) % n]; "HTTP500" and "BADSHAPE" are request failures. */
    static JudgeReplySource harnessJudge() throws Exception {
        JsonNode styles = JSON.readTree(vectors().resolve("judge_styles.json").toFile());
        return prompt -> {
            byte[] md5 = MessageDigest.getInstance("MD5").digest(prompt.getBytes(StandardCharsets.UTF_8));
            String style = styles.get(new BigInteger(1, md5).mod(BigInteger.valueOf(styles.size())).intValue())
                    .textValue();
            if (style.equals("HTTP500") || style.equals("BADSHAPE")) {
                throw new IOException(style);
            }
            return TextNode.valueOf(style);
        };
    }

    @TestFactory
    Stream<DynamicTest> vectorsMatchPython() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        JudgeReplySource judge = harnessJudge();
        try (Stream<Path> dirs = Files.list(vectors())) {
            List<Path> vectorDirs = dirs.filter(Files::isDirectory).sorted().toList();
            // An emptied vectors folder must fail, not pass with no tests.
            assertEquals(15, vectorDirs.size(), "vector directories in " + vectors());
            for (Path d : vectorDirs) {
                JsonNode meta = JSON.readTree(d.resolve("meta.json").toFile());
                for (Variant v : Variant.RELEASED_AND_FIXED) {
                    tests.add(DynamicTest.dynamicTest(d.getFileName() + " " + v.name(), () -> check(d, meta, v, judge)));
                }
            }
        }
        return tests.stream();
    }

    private void check(Path d, JsonNode meta, Variant v, JudgeReplySource judge) throws IOException {
        String task = meta.get("task").textValue();
        JudgeReplySource j = meta.get("judge").booleanValue() ? judge : null;
        Path out = tmp.resolve(d.getFileName() + "-" + v.name()).resolve("results.json");
        Runnable run = () -> {
            switch (task) {
                case "longqa" -> new LongQaScorer(v, w -> { }).run(d.resolve("golden.jsonl"), d.resolve("preds.jsonl"), out);
                case "convqa" -> new ConvQaScorer(v, w -> { }, j).run(d.resolve("golden.jsonl"), d.resolve("preds.jsonl"), out);
                default -> new ProactiveScorer(v, w -> { }).run(d.resolve("golden.jsonl"), d.resolve("preds.jsonl"), out);
            }
        };
        JsonNode err = meta.get(v.name() + "_error");
        if (err != null) {
            PyException e = assertThrows(PyException.class, run::run);
            String expected = err.textValue().replaceFirst("^ValueError: ", "");
            assertEquals(expected, e.getMessage());
            assertEquals("ValueError", e.pythonType());
            return;
        }
        run.run();
        assertEquals(Files.readString(d.resolve(v.name() + ".results.json")), Files.readString(out), "results.json");
        assertEquals(Files.readString(d.resolve(v.name() + ".results_summary.json")),
                Files.readString(out.resolveSibling("results_summary.json")), "results_summary.json");
    }
}
