package dev.regrade.audit.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTML report in a real browser: headless Chromium (Debian's {@code chromium}, installed by
 * {@code .ci/run}) loads the page from a file; the score-impact table and a highlighted changed
 * node must be in the rendered DOM, and a screenshot is kept under {@code target/}. Off CI, the
 * test is skipped when Chromium is not installed; on CI (CI=true) a missing Chromium fails it.
 */
class HtmlReportBrowserTest {
    private static final Path OUT = Paths.get("target", "html-report");
    private static Path page;

    @BeforeAll
    static void writeReport() {
        AuditConfig config = new AuditConfig(List.of("gas_stations", "rl_course_book"), List.of("empty", "hash"),
                Paths.get("..", "fixtures"), "released", "fixed", Expectations.shipped().without("gas_stations"),
                List.of(0L), JudgeMode.IN_PROCESS, 2);
        Audit.Outcome outcome = Audit.run(config, (d, t) -> { });
        AuditWriter.write(OUT, outcome);
        page = OUT.resolve("report.html").toAbsolutePath();
    }

    private static String chromium() {
        for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (new File(c).canExecute()) {
                return c;
            }
        }
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        assertFalse(ci, "CI must have Chromium (.ci/run installs Debian's chromium package)");
        assumeTrue(false, "Chromium is not installed: skipping the browser test (CI installs it)");
        return null;
    }

    private static String run(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + Files.createTempDirectory("regrade-chromium")));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium finished");
        return new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void theRenderedPageHasTheTableAndAHighlightedChangedNode() throws Exception {
        String dom = run(List.of("--dump-dom", page.toUri().toString()));
        assertTrue(dom.contains("<table id=\"impact\">"), "score-impact table rendered");
        assertTrue(dom.contains("class=\"node failed changed\" data-node=\"station_5_distance_check\"")
                || dom.contains("class=\"node failed unexpected\" data-node=\"station_5_distance_check\""),
                "the changed gas_stations node is highlighted");
        assertTrue(dom.contains("class=\"node skipped changed\"") || dom.contains("class=\"node passed changed\""),
                "expected changes highlighted");
        assertTrue(dom.contains("unexpected\" data-node=\"station_5_distance_check\""),
                "without its expectation, the gas_stations change is marked unexpected");
    }

    @Test
    void aScreenshotIsKeptUnderTarget() throws Exception {
        Path shot = OUT.resolve("report.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        run(List.of("--window-size=1400,2400", "--screenshot=" + shot, page.toUri().toString()));
        assertTrue(Files.size(shot) > 10_000, "a real screenshot: " + Files.size(shot) + " bytes");
        byte[] png = Files.readAllBytes(shot);
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }

    @Test
    void thePageLoadsNothingFromTheNetwork() throws Exception {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertFalse(html.matches("(?s).*(src|href)=\"https?://.*"), "no external assets");
        assertTrue(html.contains("default-src 'none'"), "a CSP forbids any load");
    }
}
