package dev.regrade.cli.reliability;

import dev.regrade.cli.CliRun;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.World;
import dev.regrade.reports.TreeText;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.DeclaredExpectations;
import dev.regrade.reports.model.Totals;
import dev.regrade.rubric.script.RubricScript;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Regrade writes is safe: escaped HTML, no API key anywhere, atomic files, deterministic bytes. */
class OutputSafetyTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    // ---- (1) the HTML report escapes hostile answers, claims and pages ----

    @Test
    void htmlReportEscapesScriptPayloads() throws IOException {
        String answerPayload = "<script>alert('xss-answer')</script>";
        String claimPayload = "<script>alert('xss-claim')</script>";
        String pagePayload = "<script>alert('xss-page')</script>";
        String descriptionPayload = "<script>alert('xss-description')</script>";
        ObjectNode fx = (ObjectNode) MAPPER.readTree(
                Files.readString(Path.of("..", "fixtures", "rl_course_book", "fully-correct.json")));
        fx.put("description", "hostile strings in the answer, a claim and a page " + descriptionPayload);
        fx.put("answer", fx.get("answer").asText() + "\n" + answerPayload + "\n");
        ObjectNode stanford = (ObjectNode) fx.get("extractions").get("stanford_course_info");
        // "N/A" makes the claim a prompt-lint finding, so the claim itself is rendered in the report.
        stanford.put("course_name", "N/A " + claimPayload);
        stanford.withArray("instructors").removeAll().add("Emma " + claimPayload);
        ObjectNode pages = fx.putObject("pages");
        pages.put("https://web.stanford.edu/class/cs234/",
                "<html><body><h1>CS234</h1>" + pagePayload + "<p>Emma Brunskill</p></body></html>");
        Path fixtures = tmp.resolve("fixtures");
        Files.createDirectories(fixtures.resolve("rl_course_book"));
        Files.writeString(fixtures.resolve("rl_course_book").resolve("xss.json"),
                MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(fx));
        Path out = tmp.resolve("out");

        CliRun r = CliRun.of("audit", "--scripts", "rl_course_book", "--policies", "none", "--fixtures",
                fixtures.toString(), "--seeds", "0", "--quiet", "--out", out.toString());
        assertTrue(r.status() == 0 || r.status() == 1, r.err());
        String html = Files.readString(out.resolve("report.html"));
        for (String p : List.of(answerPayload, claimPayload, pagePayload, descriptionPayload)) {
            assertFalse(html.contains(p), "raw payload in report.html: " + p);
        }
        assertFalse(html.contains("<script>alert("), "raw <script>alert( in report.html");
        assertFalse(html.toLowerCase(java.util.Locale.ROOT).contains("alert('xss"), "unescaped quote in payload");
        // The claim (through its prompt-lint finding) and the description reach the page: escaped.
        // The answer text and page HTML are not rendered in the report at all.
        assertTrue(html.contains("&lt;script&gt;alert(&#39;xss-claim&#39;)&lt;/script&gt;"),
                "the claim payload should appear, escaped");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;xss-description&#39;)&lt;/script&gt;"),
                "the description payload should appear, escaped");
        assertFalse(html.contains("xss-answer") || html.contains("xss-page"));
        // The payloads did go through the run: the result files hold them verbatim (JSON, not HTML).
        try (Stream<Path> files = Files.walk(out.resolve("results"))) {
            assertTrue(files.filter(Files::isRegularFile).anyMatch(f -> {
                try {
                    return Files.readString(f).contains(claimPayload);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }), "the claim payload should be in a judge request of a result file");
        }
    }

    // ---- (2) an API key is used but never written ----

    @Test
    void apiKeyIsNeverWrittenOrLogged() throws IOException {
        String key = "sk-test-SECRET-123";
        String var = "REGRADE_TEST_JUDGE_KEY";
        RubricScript script = Inputs.script("rl_course_book");
        World world = Inputs.policy("hash");
        List<String> logs = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord rec) {
                logs.add(rec.getLoggerName() + " " + rec.getMessage() + " " + java.util.Arrays.toString(rec.getParameters())
                        + " " + (rec.getThrown() == null ? "" : String.valueOf(rec.getThrown())));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(Level.ALL);
        Logger root = Logger.getLogger("");
        Level oldLevel = root.getLevel();
        root.addHandler(capture);
        root.setLevel(Level.ALL);
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunRecord rec;
        HttpJudgeConfig config;
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withRules(world.verdictRules()).withExtractor(world.extractor(script.name())))) {
            config = HttpJudgeConfig.of(server.baseUrl())
                    .withApiKey(ApiKey.fromEnv(var, name -> var.equals(name) ? key : null));
            HttpJudgeClient client = new HttpJudgeClient(config);
            assertTrue(client.hasApiKey(), "the fake key should be found through the env lookup");
            assertFalse(String.valueOf(client).contains(key));
            assertFalse(String.valueOf(config).contains(key));
            System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
            try (Runner runner = new Runner().withEndpoint(config)) {
                rec = runner.run(new RunSpec(script, "fixed", world, null, null), JudgeMode.HTTP);
            }
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
            root.removeHandler(capture);
            root.setLevel(oldLevel);
        }
        // Same verdicts as in process: the run really went through the HTTP client.
        RunRecord inProcess;
        try (Runner runner = new Runner()) {
            inProcess = runner.run(new RunSpec(script, "fixed", world, null, null), JudgeMode.IN_PROCESS);
        }
        assertEquals(inProcess.fileText(), rec.fileText());

        Path out = tmp.resolve("written");
        AuditWriter.atomicWrite(out.resolve("result.json"), rec.fileText());
        AuditWriter.atomicWrite(out.resolve("tree.txt"), TreeText.render(rec.document()));
        AuditWriter.writeReports(out.resolve("report"), new AuditReport(AuditReport.VERSION, "released", "fixed",
                "http", List.of(0L), new DeclaredExpectations("none", "", Map.of()), new Totals(0, 0, 0, 0, 0, 0, 0),
                List.of(), List.of(), List.of(), List.of(), List.of(),
                new Changelog(List.of(), "No scoring changes.", null, List.of())));
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(key), "key in " + f);
            }
        }
        assertFalse(console.toString(StandardCharsets.UTF_8).contains(key), "key on stdout/stderr");
        for (String l : logs) {
            assertFalse(l.contains(key), "key in a log record: " + l);
        }
        assertFalse(config.toString().contains(key));
    }

    // ---- (3) atomic writes ----

    @Test
    void rewritingReportsLeavesNoTemporaryFiles() throws IOException {
        Path out = tmp.resolve("audit");
        for (int i = 0; i < 2; i++) {
            CliRun r = CliRun.of("audit", "--scripts", "rl_course_book", "--policies", "empty", "--seeds", "0",
                    "--quiet", "--out", out.toString());
            assertTrue(r.status() == 0 || r.status() == 1, r.err());
        }
        assertEquals(List.of(), tmpFiles(out));
        assertTrue(Files.size(out.resolve("report.html")) > 0);
    }

    @Test
    void failedWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws IOException {
        Path file = tmp.resolve("report.md");
        AuditWriter.atomicWrite(file, "old report\n");
        // Fails part-way: the text cannot be encoded (an unpaired surrogate), after the temporary
        // file was created. Works as root too, unlike a read-only directory.
        assertThrows(UncheckedIOException.class, () -> AuditWriter.atomicWrite(file, "new report \uD800 tail\n"));
        assertEquals("old report\n", Files.readString(file));
        assertEquals(List.of(), tmpFiles(tmp));
        // Fails at the rename: the target is now a non-empty directory.
        Path blocked = tmp.resolve("report.json");
        Files.createDirectories(blocked.resolve("inside"));
        assertThrows(UncheckedIOException.class, () -> AuditWriter.atomicWrite(blocked, "{}\n"));
        assertTrue(Files.isDirectory(blocked.resolve("inside")));
        assertEquals(List.of(), tmpFiles(tmp));
    }

    @Test
    void readOnlyOutputDirectoryKeepsTheOldFile() throws IOException {
        Path dir = tmp.resolve("ro");
        Path file = dir.resolve("report.html");
        AuditWriter.atomicWrite(file, "<p>old</p>\n");
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        } catch (UnsupportedOperationException e) {
            Assumptions.abort("no POSIX permissions on this file system");
        }
        try {
            Assumptions.assumeFalse(Files.isWritable(dir),
                    "running as root (or with CAP_DAC_OVERRIDE): a read-only directory does not stop writes");
            assertThrows(UncheckedIOException.class, () -> AuditWriter.atomicWrite(file, "<p>new</p>\n"));
            assertEquals("<p>old</p>\n", Files.readString(file));
            assertEquals(List.of(), tmpFiles(dir));
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private static List<Path> tmpFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    // ---- (4) determinism across thread counts ----

    @Test
    void auditIsByteIdenticalWithOneAndEightThreads() throws IOException {
        Path one = tmp.resolve("t1");
        Path eight = tmp.resolve("t8");
        CliRun a = CliRun.of("audit", "--threads", "1", "--seeds", "0,1", "--quiet", "--out", one.toString());
        CliRun b = CliRun.of("audit", "--threads", "8", "--seeds", "0,1", "--quiet", "--out", eight.toString());
        assertEquals(a.status(), b.status(), a.err() + b.err());
        assertEquals(a.out().replace(one.toString(), "<out>"), b.out().replace(eight.toString(), "<out>"));
        Map<String, byte[]> x = contents(one);
        Map<String, byte[]> y = contents(eight);
        assertEquals(x.keySet(), y.keySet());
        assertTrue(x.containsKey("report.json") && x.containsKey("report.md") && x.containsKey("report.html"));
        assertTrue(x.size() > 3, "result files expected beside the reports");
        for (String name : x.keySet()) {
            assertArrayEquals(x.get(name), y.get(name), name + " differs between --threads 1 and --threads 8");
        }
    }

    private static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }
}
