package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.reports.model.AuditReport;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
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
 * the very page the audit writes. The page's script draws the trees from shared data: the DOM it draws is
 * compared, tree by tree, with the markup the trees were written as before ({@link MarkupTrees}), as the
 * page opens and with every subtree opened.
 */
class HtmlReportBrowserTest {
    /** The class-path resource holding the audit's {@code report.json}. */
    public static final String REPORT = "browser/report.json";
    private static final Path OUT = Paths.get("target", "html-report");
    private static Path page;
    private static AuditReport report;
    private static String html;

    @BeforeAll
    static void writeReport() throws IOException {
        String json;
        try (InputStream in = HtmlReportBrowserTest.class.getResourceAsStream(REPORT)) {
            assertTrue(in != null, REPORT);
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.createDirectories(OUT);
        page = OUT.resolve("report.html").toAbsolutePath();
        report = ReportJson.read(REPORT, JsonFiles.parse(json));
        html = Html.render(report);
        Files.writeString(page, html, StandardCharsets.UTF_8);
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

    private static final Map<String, String> DOMS = new ConcurrentHashMap<>();

    private static String dom(String fragment) throws Exception {
        String dom = DOMS.get(fragment);
        if (dom == null) {
            dom = run(List.of("--dump-dom", page.toUri() + fragment));
            DOMS.put(fragment, dom);
        }
        return dom;
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

    /** Opens every container, round after round (each draws its children when opened), until none is closed. */
    private static final String OPEN_ALL = "(function step(){"
            + "var c=document.querySelectorAll('.tree details:not([open])');c.forEach(function(d){d.open=true;});"
            + "if(c.length>0||document.querySelector('.tree ul[data-lazy]')!==null){setTimeout(step,0);}})();";

    /**
     * The DOM of the page with a script of the test's own run after the page's (the page's CSP allows
     * inline scripts), once every task it queued ran (a details fires its toggle event later).
     */
    private static String domWith(String name, String script, String fragment) throws Exception {
        Path copy = OUT.resolve("report-" + name + ".html").toAbsolutePath();
        Files.writeString(copy, html.replace("</body></html>", "<script>" + script + "</script></body></html>"),
                StandardCharsets.UTF_8);
        return run(List.of("--virtual-time-budget=20000", "--dump-dom", copy.toUri() + fragment));
    }

    /** The DOM of a page of the test's own. */
    private static String domOf(String name, String content) throws Exception {
        Path file = OUT.resolve(name + ".html").toAbsolutePath();
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return run(List.of("--dump-dom", file.toUri().toString()));
    }

    /** Each {@code <div class="tree">} of a DOM, in order. */
    private static List<String> trees(String dom) {
        List<String> trees = new ArrayList<>();
        Matcher m = Pattern.compile("<div class=\"tree\">(.*?)</div>", Pattern.DOTALL).matcher(dom);
        while (m.find()) {
            trees.add(m.group(1));
        }
        return trees;
    }

    @Test
    void theScriptDrawsEveryTreeExactlyAsItsMarkupWasWritten() throws Exception {
        List<String> drawn = trees(dom("#filter=all")).stream().map(t -> t.replaceAll(" data-lazy=\"\\d+\"", ""))
                .toList();
        assertEquals(16, drawn.size(), "every tree of the report");
        assertEquals(trees(domOf("markup-trees", MarkupTrees.page(report, false))), drawn,
                "as the page opens: the same nodes, open and collapsed alike, with their counts");
        String opened = domWith("opened", OPEN_ALL, "#filter=all");
        assertFalse(opened.contains(" data-lazy=\""), "every subtree drawn");
        assertEquals(trees(domOf("markup-trees-opened", MarkupTrees.page(report, true))), trees(opened),
                "every node opened: the same trees, node for node");
    }

    /** The tree data of the page: records by index, and for each the comparisons whose trees hold it, and how often. */
    private record Shared(List<JsonNode> records, List<String> strings, Map<Integer, Set<String>> comparisons,
                          Map<Integer, Integer> times) {
        static Shared of(String html) {
            String open = "<script type=\"application/json\" id=\"tree-data\">";
            int from = html.indexOf(open) + open.length();
            JsonNode doc = JsonFiles.parse(html.substring(from, html.indexOf("</script>", from)));
            List<JsonNode> records = new ArrayList<>();
            doc.get("n").forEach(records::add);
            List<String> strings = new ArrayList<>();
            doc.get("s").forEach(s -> strings.add(s.textValue()));
            Shared d = new Shared(records, strings, new TreeMap<>(), new TreeMap<>());
            Matcher m = Pattern.compile("<details class=\"cmp\" id=\"(cmp-\\d+)\"|<ul data-root=\"(\\d+)\">").matcher(html);
            String cmp = null;
            while (m.find()) {
                if (m.group(1) != null) {
                    cmp = m.group(1);
                } else {
                    d.walk(Integer.parseInt(m.group(2)), cmp);
                }
            }
            return d;
        }

        private void walk(int k, String cmp) {
            comparisons.computeIfAbsent(k, x -> new TreeSet<>()).add(cmp);
            times.merge(k, 1, Integer::sum);
            children(k).forEach(c -> walk(c, cmp));
        }

        List<Integer> children(int k) {
            List<Integer> children = new ArrayList<>();
            if (records.get(k).size() > 10) {
                records.get(k).get(10).forEach(c -> children.add(c.intValue()));
            }
            return children;
        }

        String string(int k, int field) {
            return strings.get(records.get(k).get(field).intValue());
        }

        boolean collapsed(int k) {
            return records.get(k).size() > 10 && records.get(k).get(9).intValue() >= 0;
        }

        int size(int k) {
            return 1 + children(k).stream().mapToInt(this::size).sum();
        }

        /** The collapsed subtrees that trees of two comparisons or more hold, the largest first. */
        List<Integer> shared() {
            List<Integer> shared = new ArrayList<>();
            for (int k : times.keySet()) {
                if (collapsed(k) && comparisons.get(k).size() >= 2) {
                    shared.add(k);
                }
            }
            shared.sort(Comparator.comparingInt(this::size).reversed());
            assertFalse(shared.isEmpty(), "the report has a collapsed subtree shared by two comparisons");
            return shared;
        }

        int largest() {
            return shared().get(0);
        }

        /** The nodes below a node, depth first. */
        List<Integer> below(int k) {
            List<Integer> below = new ArrayList<>();
            for (int c : children(k)) {
                below.add(c);
                below.addAll(below(c));
            }
            return below;
        }
    }

    /** The element that starts at {@code from}, a {@code <details>}, up to its closing tag. */
    private static String details(String dom, int from) {
        Matcher m = Pattern.compile("<details[ >]|</details>").matcher(dom);
        int depth = 0;
        m.region(from, dom.length());
        while (m.find()) {
            depth += m.group().startsWith("</") ? -1 : 1;
            if (depth == 0) {
                return dom.substring(from, m.end());
            }
        }
        throw new AssertionError("unclosed details at " + from);
    }

    @Test
    void openingASharedSubtreeDrawsItsNodes() throws Exception {
        Shared data = Shared.of(html);
        int k = data.largest();
        String id = data.string(k, 1);
        List<String> children = data.children(k).stream().map(c -> data.string(c, 1)).toList();
        int times = data.times().get(k);
        assertTrue(times >= 2 && children.size() >= 2, id + " " + times + " " + children);
        String closed = dom("#filter=all");
        assertEquals(times, count(closed, "<ul data-lazy=\"" + k + "\"></ul>"), "collapsed wherever it is, "
                + "its children not drawn yet");

        String opened = domWith("shared-opened", "document.querySelectorAll('ul[data-lazy=\"" + k + "\"]')"
                + ".forEach(function(u){u.parentElement.querySelector('summary').click();});", "#filter=all");
        assertFalse(opened.contains("<ul data-lazy=\"" + k + "\">"), "drawn wherever it was opened");
        Matcher m = Pattern.compile("<details open=\"\"><summary><span class=\"" + Pattern.quote(data.string(k, 0))
                + "\" data-node=\"" + Pattern.quote(id) + "\"[^>]*>.*? <span class=\"count\">"
                + Pattern.quote(data.string(k, 9)) + "</span></summary>").matcher(opened);
        Set<String> where = new TreeSet<>();
        int n = 0;
        while (m.find()) {
            String element = details(opened, m.start());
            List<String> drawn = new ArrayList<>();
            Matcher node = Pattern.compile("data-node=\"([^\"]*)\"").matcher(element.substring(element.indexOf("<ul>")));
            while (node.find()) {
                drawn.add(node.group(1));
            }
            assertEquals(children, drawn, "opened, it shows its children (each collapsed in turn, if a container)");
            Matcher cmp = Pattern.compile("<details class=\"cmp\" id=\"(cmp-\\d+)\"").matcher(opened);
            String in = null;
            while (cmp.find() && cmp.start() < m.start()) {
                in = cmp.group(1);
            }
            where.add(in);
            n++;
        }
        assertEquals(times, n, "opened wherever it is");
        assertEquals(data.comparisons().get(k), where, "in the trees of every comparison that holds it");
        assertTrue(where.size() >= 2, where.toString());
    }

    @Test
    void theSearchFindsANodeInsideASharedSubtreeNoOneOpened() throws Exception {
        Shared data = Shared.of(html);
        // A leaf inside a subtree that trees of two comparisons or more hold collapsed, drawn nowhere as the page opens.
        String closed = dom("#filter=all");
        String id = null;
        for (int k : data.shared()) {
            for (int leaf : data.below(k)) {
                String candidate = data.string(leaf, 1);
                if (id == null && data.children(leaf).isEmpty() && !closed.contains("data-node=\"" + candidate + "\"")) {
                    id = candidate;
                }
            }
        }
        assertTrue(id != null, "a shared collapsed subtree holds a leaf not drawn as the page opens");
        String q = id.toLowerCase(Locale.ROOT);
        int expected = 0;
        Set<String> holding = new TreeSet<>();
        for (int r : data.times().keySet()) {
            if (data.string(r, 1).toLowerCase(Locale.ROOT).contains(q)
                    || data.string(r, 2).toLowerCase(Locale.ROOT).contains(q)) {
                expected += data.times().get(r);
                holding.addAll(data.comparisons().get(r));
            }
        }
        assertTrue(holding.size() >= 2, "in the trees of two comparisons or more: " + holding);
        String dom = dom("#filter=all&q=" + id);
        assertEquals(expected, count(dom, " hit\" data-node=\""), "every node that matches is drawn and marked");
        assertTrue(dom.contains(" hit\" data-node=\"" + id + "\""), id);
        Matcher shut = Pattern.compile("<details>").matcher(dom);
        while (shut.find()) {
            assertFalse(details(dom, shut.start()).contains(" hit\""), "no match is left in a closed subtree");
        }
        for (String cmp : holding) {
            assertTrue(Pattern.compile("<details class=\"cmp\" id=\"" + cmp + "\" data-flags=\"[^\"]*\" open=\"\">")
                    .matcher(dom).find(), cmp + " is shown");
        }
        assertFalse(dom.contains("<p id=\"nomatch\" class=\"bad\">"), "no \"Nothing matches\"");
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
