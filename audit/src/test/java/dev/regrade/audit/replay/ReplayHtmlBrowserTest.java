package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.audit.replay.ReplayResult.Status;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code replay.html} in a real browser, as reports' {@code HtmlReportBrowserTest} tests {@code report.html}:
 * headless Chromium loads the page with a status filter in the URL fragment, and the DOM it dumps after the
 * page's script ran shows exactly the rows of that status. Off CI the test is skipped without Chromium; on CI
 * (CI=true) a missing Chromium fails it.
 */
class ReplayHtmlBrowserTest {
    private static Path page;

    @BeforeAll
    static void writePage() throws Exception {
        List<ReplayResult> rs = new ArrayList<>();
        rs.add(ReplayReportFormatsTest.result(0, Status.REPLAYED, 0.5, 0.5, 0));
        rs.add(ReplayReportFormatsTest.result(1, Status.REPLAYED, 0.5, 0.75, 3));
        rs.add(ReplayReportFormatsTest.result(2, Status.MISMATCH, 0.5, null, 0));
        rs.add(ReplayReportFormatsTest.result(3, Status.SKIPPED, 0.5, null, 0));
        rs.add(ReplayReportFormatsTest.result(4, Status.REPLAYED, 1.0, 0.0, 1));
        Path dir = Files.createDirectories(Paths.get("target", "replay-html"));
        page = dir.resolve("replay.html").toAbsolutePath();
        Files.writeString(page, new ReplayReport(rs).html(), StandardCharsets.UTF_8);
    }

    private static String chromium() {
        for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (new File(c).canExecute()) {
                return c;
            }
        }
        assertFalse("true".equalsIgnoreCase(System.getenv("CI")), "CI must have Chromium (.ci/run installs it)");
        assumeTrue(false, "Chromium is not installed: skipping the browser test (CI installs it)");
        return null;
    }

    private static String dom(String fragment) throws Exception {
        List<String> cmd = List.of(chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory("regrade-chromium"), "--dump-dom",
                page.toUri() + fragment);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium finished");
        return new String(out, StandardCharsets.UTF_8);
    }

    /** Each result row's flags, and whether the script hid it. */
    private static List<String[]> rows(String dom) {
        Matcher m = Pattern.compile("<tr data-flags=\"([^\"]*)\"([^>]*)>").matcher(dom);
        List<String[]> rows = new ArrayList<>();
        while (m.find()) {
            rows.add(new String[] {m.group(1), m.group(2).contains(" hidden") ? "hidden" : "shown"});
        }
        return rows;
    }

    @Test
    void eachStatusFilterShowsExactlyItsRowsAndSaysHowMany() throws Exception {
        for (String filter : List.of("replayed", "mismatch", "skipped", "may-change")) {
            String dom = dom("#filter=" + filter);
            List<String[]> rows = rows(dom);
            assertEquals(5, rows.size(), "every result is in the page");
            int shown = 0;
            for (String[] r : rows) {
                boolean match = (" " + r[0] + " ").contains(" " + filter + " ");
                assertEquals(match ? "shown" : "hidden", r[1], filter + ": " + r[0]);
                shown += match ? 1 : 0;
            }
            assertTrue(shown > 0, filter);
            assertTrue(dom.contains("<span id=\"shown\">" + shown + " of 5 results shown</span>"), filter);
        }
        assertTrue(rows(dom("")).stream().allMatch(r -> r[1].equals("shown")), "no fragment: every row");
    }

    @Test
    void thePageHasItsHeadingsTablesAndFoldedNodes() throws Exception {
        String dom = dom("");
        for (String part : List.of("<h1>Replay</h1>", "<h2>Per agent</h2>", "<h2>Per task</h2>", "<table id=\"agents\">",
                "<table id=\"counts\">", "<details><summary>3 nodes</summary>")) {
            assertTrue(dom.contains(part), part);
        }
        assertFalse(dom.contains("<details open"), "changed nodes start folded");
    }
}
