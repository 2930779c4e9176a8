package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.reports.model.ReportJson;
import dev.regrade.rubric.json.JsonFiles;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTML report in a real browser: headless Chromium (Debian's {@code chromium}, installed by
 * {@code .ci/run}) loads the page from a file, with a filter or a search in the URL fragment, and
 * the DOM it dumps after the page's script ran must show exactly the matching rows; a screenshot
 * is kept under {@code target/}. Off CI, the
 * test is skipped when Chromium is not installed; on CI (CI=true) a missing Chromium fails it.
 *
 * <p>The page is {@link Html#render} of {@link #REPORT}, the {@code report.json} of a small audit
 * (gas_stations and rl_course_book, policies empty and hash, seed 0, in process, gas_stations' expectations
 * left out), rendered as {@code regrade report --format html} renders it; audit's
 * {@code BrowserReportFixtureTest} checks that it is still what that audit writes, and that it renders to
 * the very page the audit writes.
 */
class HtmlReportBrowserTest {
    /** The class-path resource holding the audit's {@code report.json}. */
    public static final String REPORT = "browser/report.json";
    private static final Path OUT = Paths.get("target", "html-report");
    private static Path page;

    @BeforeAll
    static void writeReport() throws IOException {
        String json;
        try (InputStream in = HtmlReportBrowserTest.class.getResourceAsStream(REPORT)) {
            assertTrue(in != null, REPORT);
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.createDirectories(OUT);
        page = OUT.resolve("report.html").toAbsolutePath();
        Files.writeString(page, Html.render(ReportJson.read(REPORT, JsonFiles.parse(json))), StandardCharsets.UTF_8);
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

    /** The score rows of a dumped DOM: each row's {@code data-flags}, and whether it is hidden. */
    private record Row(String id, String flags, boolean hidden) {
    }

    private static List<Row> rows(String dom) {
        Matcher m = Pattern.compile("<tr id=\"(row-\\d+)\" data-flags=\"([^\"]*)\"([^>]*)>").matcher(dom);
        List<Row> rows = new ArrayList<>();
        while (m.find()) {
            rows.add(new Row(m.group(1), m.group(2), m.group(3).contains(" hidden")));
        }
        return rows;
    }

    private static String dom(String fragment) throws Exception {
        return run(List.of("--dump-dom", page.toUri() + fragment));
    }

    @Test
    void eachFilterInTheFragmentShowsExactlyItsRows() throws Exception {
        Map<String, Integer> shown = new LinkedHashMap<>();
        int all = rows(dom("#filter=all")).size();
        for (String filter : List.of("changed", "unexpected", "crashed", "seed")) {
            List<Row> rows = rows(dom("#filter=" + filter));
            assertEquals(all, rows.size(), "every score row is in the page");
            int n = 0;
            for (Row r : rows) {
                boolean match = (" " + r.flags() + " ").contains(" " + filter + " ");
                assertEquals(!match, r.hidden(), filter + ": " + r);
                n += match ? 1 : 0;
            }
            shown.put(filter, n);
        }
        assertTrue(shown.get("changed") > shown.get("unexpected") && shown.get("unexpected") > 0, shown.toString());
        assertTrue(shown.get("crashed") > 0, shown.toString());
        assertEquals(0, shown.get("seed"), "one seed: nothing is seed-dependent");
        assertTrue(rows(dom("#filter=all")).stream().noneMatch(Row::hidden), "all rows");
    }

    @Test
    void theDefaultViewShowsChangedRowsAndSaysHowManyAreHidden() throws Exception {
        String dom = dom("");
        List<Row> rows = rows(dom);
        long changed = rows.stream().filter(r -> r.flags().contains("changed")).count();
        assertTrue(changed > 0 && changed < rows.size(), rows.toString());
        rows.forEach(r -> assertEquals(!r.flags().contains("changed"), r.hidden(), r.toString()));
        assertTrue(dom.contains("<span id=\"shown\">" + changed + " of " + rows.size() + " score rows shown</span>"), dom);
    }

    @Test
    void theSearchShowsTheRowsAndTreesHoldingTheNodeAndOpensItsSubtree() throws Exception {
        String dom = dom("#filter=all&q=stanford_course");
        List<Row> rows = rows(dom);
        for (Row r : rows) {
            Matcher script = Pattern.compile("<tr id=\"" + r.id() + "\"[^>]*><td>([^<]*)</td>").matcher(dom);
            assertTrue(script.find());
            boolean holds = script.group(1).equals("rl_course_book") && r.flags().contains("changed");
            assertEquals(!holds, r.hidden(), "only rl_course_book trees hold stanford_course nodes: " + r);
        }
        assertTrue(rows.stream().anyMatch(r -> !r.hidden()), rows.toString());
        assertTrue(dom.contains("<span id=\"shown\">" + rows.stream().filter(r -> !r.hidden()).count() + " of "
                + rows.size() + " score rows shown</span>"), "the count of shown rows");
        Matcher hit = Pattern.compile("class=\"node [a-z]+(?: changed| unexpected)? hit\" data-node=\"([^\"]*)\"").matcher(dom);
        assertTrue(hit.find(), "a matching node is marked");
        assertTrue(hit.group(1).contains("stanford_course"), hit.group(1));
        assertTrue(Pattern.compile("<details class=\"cmp\" id=\"cmp-\\d+\" data-flags=\"changed unexpected\"[^>]* hidden=\"\"").matcher(dom)
                .find(), "the (unexpected) gas_stations tree is hidden");
    }

    @Test
    void aSearchThatMatchesNothingSaysSo() throws Exception {
        String dom = dom("#filter=all&q=no_such_node_anywhere");
        assertTrue(rows(dom).stream().allMatch(Row::hidden), "no row matches");
        assertTrue(dom.contains("<p id=\"nomatch\" class=\"bad\">Nothing matches \u201cno_such_node_anywhere\u201d "
                + "\u2014 no score row and no tree; choose another filter or clear the search.</p>"), "said: " + dom);
        assertTrue(dom("#filter=all").contains("<p id=\"nomatch\" class=\"bad\" hidden=\"\"></p>"), "silent when rows show");
    }

    @Test
    void unchangedSubtreesStartCollapsedWithTheirCount() throws Exception {
        String dom = dom("#filter=all");
        Matcher m = Pattern.compile("<details><summary><span class=\"node [a-z]+\" data-node=\"[^\"]*\"[^>]*>.*?</span>"
                + " <span class=\"count\">(\\d+) nodes?[^<]*, unchanged</span></summary>").matcher(dom);
        assertTrue(m.find(), "a collapsed unchanged subtree with its count");
        assertTrue(Integer.parseInt(m.group(1)) > 0, m.group());
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
