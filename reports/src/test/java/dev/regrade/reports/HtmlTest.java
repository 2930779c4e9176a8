package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.ChangedTrees;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.DeclaredExpectations;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.Totals;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlTest {
    private static final String SMALL = Html.render(SmallReports.small());

    @Test
    void anEmptyAuditHasEverySectionAndNoTrees() {
        String html = Html.render(SmallReports.empty());
        assertTrue(html.startsWith("<!DOCTYPE html>\n"), html);
        assertTrue(html.contains("<p id=\"summary\">0 runs · 0 inputs · 0 changed · <span class=\"ok\">0 unexpected</span>"
                + " · 0 crashes · 0 seed-dependent · 0 changed prompts · 0 prompt-lint findings</p>\n"), html);
        assertTrue(html.contains("<p id=\"verdict\"><b>Verdict: pass.</b> Every change is on a node the expectations "
                + "allow.</p>\n"), html);
        assertTrue(html.contains("<h2 id=\"changed-nodes\">Changed nodes</h2>\n<p>None.</p>\n"
                + "<h2 id=\"changed-prompts\">Changed prompts</h2>\n<p>None: every prompt a script sent is the same "
                + "before and after.</p>\n<h2 id=\"crashes\">Crashes</h2>\n<p>None.</p>\n"
                + "<h2 id=\"seed-dependent-trees\">Seed-dependent trees</h2>\n<p>None: every tree is the same under every "
                + "hash seed.</p>\n<h2 id=\"prompt-lint-missing-values-reaching-the-judge\">Prompt lint (missing values "
                + "reaching the judge)</h2>\n<p>None.</p>\n<h2 id=\"changelog\">Changelog</h2>\n<p id=\"changelog-line\">No "
                + "scoring changes.</p>\n<h2 id=\"expectations\">Expectations</h2>\n<p>None: no script may change.</p>\n"
                + "<script>"), html);
        assertFalse(html.contains("class=\"cmp\""), html);
    }

    @Test
    void theSectionsAreThoseOfTheMarkdownInTheSameOrder() {
        for (AuditReport r : List.of(SmallReports.empty(), SmallReports.small())) {
            assertEquals(all(Markdown.renderFull(r), "(?m)^## (.*)$"), all(Html.render(r), "<h2[^>]*>(.*?)</h2>"));
        }
    }

    @Test
    void everyTableHasTheColumnsOfItsMarkdownTable() {
        AuditReport r = SmallReports.small();
        List<String> md = all(Markdown.renderFull(r), "(?m)^(\\|.*\\|)\\n\\|[-:|]+\\|$");
        List<String> html = all(Html.render(r), "<thead><tr><th>(.*?)</th></tr></thead>");
        assertEquals(6, md.size(), md.toString());
        assertEquals(md.stream().map(h -> h.substring(2, h.length() - 2).replace(" | ", "|")).toList(),
                html.stream().map(h -> h.replace("</th><th>", "|")).toList());
    }

    @Test
    void theImpactTableListsTheChangedNodesAsTheMarkdownDoes() {
        assertTrue(SMALL.contains("<tr id=\"row-0\" data-flags=\"changed seed\" data-cmp=\"cmp-0\"><td>gas_stations</td>"
                + "<td><a href=\"#cmp-0\">fixture short-final-leg</a></td><td class=\"num\">0.800</td>"
                + "<td class=\"num\">1.000 <a class=\"seeds\" href=\"#seed-dependent-trees\">(seeds: 0.800&ndash;1.000)</a>"
                + "</td><td class=\"num up\">+0.200</td>"
                + "<td><code>station_5_distance_check</code></td></tr>\n"), SMALL);
        assertTrue(SMALL.contains("<tr id=\"row-1\" data-flags=\"changed unexpected crashed\" data-cmp=\"cmp-1\" class=\"bad\">"
                + "<td>rl_course_book</td><td><a href=\"#cmp-1\">policy minimal</a></td>"
                + "<td class=\"num\">crashed (TypeError)</td><td class=\"num\">0.500</td><td class=\"num\">–</td>"
                + "<td><code>(run)</code> (<span class=\"bad\">1 unexpected</span>)</td></tr>\n"), SMALL);
        assertTrue(SMALL.contains("<tr id=\"row-2\" data-flags=\"\"><td>rl_course_book</td><td>policy empty</td>"
                + "<td class=\"num\">0.000</td><td class=\"num\">0.000</td><td class=\"num\">0.000</td><td>–</td></tr>\n"), SMALL);
        assertFalse(SMALL.contains("id=\"cmp-2\""), "an unchanged input has no trees");
    }

    @Test
    void aNegativeDeltaIsColouredApart() {
        String html = Html.render(withTree(longTree(Status.PASSED), longTree(Status.FAILED), 1.0, 0.0));
        assertTrue(html.contains("<td class=\"num down\">-1.000</td>"), html);
    }

    @Test
    void everyFindingsRowLinksToItsTreesOrItsScoreRowAndTheTreesLinkBack() {
        assertTrue(SMALL.contains("<tr class=\"bad\"><td>rl_course_book</td><td><a href=\"#cmp-1\">policy minimal</a></td>"
                + "<td><code>(run)</code></td><td>verdict</td><td>(run) outcome: crashed &rarr; scored</td>"), SMALL);
        assertTrue(SMALL.contains("<td>fixed</td><td><a href=\"#cmp-0\">fixture short-final-leg</a></td><td>1</td>"), SMALL);
        assertTrue(SMALL.contains("<td>released</td><td><a href=\"#row-2\">policy empty</a></td>"), "an unchanged input "
                + "has no trees: its lint row links to its score row");
        assertTrue(SMALL.contains("<details class=\"cmp\" id=\"cmp-0\" data-flags=\"changed seed\" open><summary>"
                + "<b>fixture short-final-leg</b> (0.800 → 1.000 <a class=\"seeds\" href=\"#seed-dependent-trees\">(seeds: "
                + "0.800&ndash;1.000)</a>): The last leg is short | 12 miles "
                + "<a class=\"back\" href=\"#row-0\">↑ score row</a></summary>"), SMALL);
    }

    @Test
    void aChangedNodeIsOutlinedWithItsChangeSpelledOut() {
        Trees trees = Trees.of(SMALL);
        assertEquals(new Node("node passed changed", "station_5_distance_check", "Station 5 is within <510> miles",
                "Station 5 is within <510> miles", "1.000", "passed", true,
                "verdict: station_5_distance_check status: failed → passed", null, null, List.of()),
                trees.node("station_5_distance_check", "node passed changed"));
        Node root = trees.node("root", "node partial changed");
        assertEquals(new Node("node partial changed", "root", "Find gas stations", "Find gas stations", "0.800",
                "partial", false, "derived: root score: 0.8 → 1.0", "sequential", null, root.children()), root);
        assertEquals(List.of(trees.index("station_5_distance_check", "node failed changed")), root.children(),
                "the released tree's root holds the released leaf");
        assertTrue(SMALL.contains("\"Station 5 is within \\u003c510\\u003e miles\""), "escaped in the data");
        assertTrue(SMALL.contains("<ul class=\"changes\"><li>verdict: station_5_distance_check status: failed &rarr; "
                + "passed</li></ul>"), "the shown changes listed as in the Markdown");
    }

    @Test
    void eachTreeIsAPlaceholderNamingItsRootAndTheDataIsWrittenOnce() {
        Trees trees = Trees.of(SMALL);
        List<String> roots = all(SMALL, "<ul data-root=\"(\\d+)\"></ul>");
        assertEquals(List.of(String.valueOf(trees.index("root", "node partial changed")),
                String.valueOf(trees.index("root", "node passed changed")),
                String.valueOf(trees.index("root", "node partial"))), roots, "three trees: two, and one beside a crash");
        assertEquals("1 node · 1 passed, the other side has no tree", trees.node("root", "node partial").count(),
                "beside a crash, a tree is not unchanged");
        assertEquals(1, count(SMALL, "<script type=\"application/json\" id=\"tree-data\">"), SMALL);
        assertFalse(Html.render(SmallReports.empty()).contains("id=\"tree-data\""), "no trees, no data");
    }

    @Test
    void anUnchangedSubtreeIsCollapsedWithACountOfWhatItHolds() {
        String html = Html.render(withTree(longTree(Status.FAILED), longTree(Status.PASSED), 0.5, 1.0));
        Trees trees = Trees.of(html);
        Node one = trees.node("station_1", "node partial");
        assertEquals("2 nodes · 1 passed · 1 failed, unchanged", one.count(), "collapsed, with its count");
        assertEquals(List.of(trees.index("station_1_exists", "node passed"), trees.index("station_1_open", "node failed")),
                one.children());
        int shared = trees.index("station_1", "node partial");
        List<Node> roots = trees.all("root");
        assertEquals(2, roots.size(), roots.toString());
        for (Node root : roots) {
            assertEquals("node partial changed", root.cls());
            assertEquals(null, root.count(), "a subtree holding a change is open");
            assertEquals(shared, root.children().get(1), "the same collapsed subtree on both sides, stored once");
        }
    }

    @Test
    void twoInputsSharingALargeUnchangedSubtreeStoreItOnce() {
        // Two inputs, each compared before and after: four trees that hold the same 40-leaf unchanged subtree.
        ResultNode before = sharedTree(Status.FAILED);
        ResultNode after = sharedTree(Status.PASSED);
        Comparison first = withTree(before, after, 0.5, 1.0).comparisons().get(0);
        Comparison second = new Comparison(SmallReports.LONG_LEG, "", first.before(), first.after(), first.delta(),
                first.changes(), true, 0, first.trees());
        AuditReport two = withTree(before, after, 0.5, 1.0);
        two = new AuditReport(two.version(), two.before(), two.after(), two.judge(), two.seeds(), two.expectations(),
                two.summary(), List.of(first, second), two.unexpected(), two.determinism(), two.lint(), two.crashes(),
                two.changelog());
        String html = Html.render(two);
        for (int k = 1; k <= 40; k++) {
            assertEquals(1, count(html, "Shared check " + k + " of the big unchanged subtree"), "leaf " + k);
            assertEquals(1, count(html, "\"shared_check_" + k + "\""), "leaf " + k);
        }
        assertEquals(4, count(html, "<ul data-root="), "four trees");
        Trees trees = Trees.of(html);
        int shared = trees.index("shared_group", "node passed");
        assertEquals("40 nodes · 40 passed, unchanged", trees.node("shared_group", "node passed").count());
        assertEquals(1, trees.all("shared_group").size(), "one record");
        assertTrue(trees.all("root").stream().allMatch(r -> r.children().get(1) == shared), "every tree refers to it");
        int one = Html.render(withTree(before, after, 0.5, 1.0)).length();
        assertTrue(html.length() - one < 1_500, "the second input adds its rows, not its trees: " + one + " → "
                + html.length() + " characters");
    }

    @Test
    void aTreeStringCannotCloseTheDataBlockAndReadsBackExactly() {
        String hostile = "</script><script>alert('x')</script> & \"quoted\" \\ a\tb\u2028c";
        ResultNode leaf = new ResultNode("station_5_distance_check", hostile + "\r\nline two\rline three", true, 1.0,
                Status.PASSED, Strategy.PARALLEL, List.of());
        ResultNode root = new ResultNode("root<'&\">", "Find", false, 1.0, Status.PASSED, Strategy.PARALLEL,
                List.of(leaf));
        ResultNode old = new ResultNode("root<'&\">", "Find", false, 0.0, Status.FAILED, Strategy.PARALLEL,
                List.of(new ResultNode("station_5_distance_check", "Station 5", true, 0.0, Status.FAILED,
                        Strategy.PARALLEL, List.of())));
        String html = Html.render(withTree(old, root, 0.0, 1.0));
        assertEquals(1, count(html, "<script>"), "only the page's own script");
        assertEquals(2, count(html, "</script>"), "the data block's and the script's");
        assertFalse(html.contains("alert('x"), "no raw quote");
        String data = html.substring(html.indexOf("id=\"tree-data\">"), html.indexOf("</script>"));
        for (char c : "<>&'".toCharArray()) {
            assertFalse(data.substring(data.indexOf('>') + 1).indexOf(c) >= 0, "raw " + c + " in " + data);
        }
        Trees trees = Trees.of(html);
        assertEquals(hostile + "\nline two\nline three", trees.node("station_5_distance_check", "node passed changed")
                .title(), "read back as the HTML parser would have read it from markup");
        assertEquals(hostile + "\n line two\nline three", trees.node("station_5_distance_check", "node passed changed")
                .shown(), "shortened as before: line feeds flattened, then carriage returns made line feeds");
        assertEquals(2, trees.all("root<'&\">").size());
    }

    @Test
    void theLongTaskTextIsShownOnceFoldedAndShortenedInTheTrees() {
        String html = Html.render(withTree(longTree(Status.FAILED), longTree(Status.PASSED), 0.5, 1.0));
        String task = "Find ten stations " + "along the road ".repeat(20) + "END";
        assertEquals(1, count(html, ">" + task + "<"), "the whole task text once in the page");
        assertTrue(html.contains("<details class=\"task\"><summary>Task text</summary><p>" + task + "</p></details>"), html);
        assertEquals(1, count(html, "\"" + task + "\""), "and once in the data, the trees' title");
        String shortened = task.substring(0, 159) + "…";
        assertEquals(1, count(html, "\"" + shortened + "\""), "shortened once in the data");
        for (Node root : Trees.of(html).all("root")) {
            assertEquals(task, root.title());
            assertEquals(shortened, root.shown(), "both trees show it shortened");
        }
    }

    @Test
    void aCrashedSideShowsTheErrorInsteadOfATree() {
        assertTrue(SMALL.contains("<h3>released</h3><p class=\"bad\">No tree: the run crashed (TypeError: slice indices "
                + "must be integers)</p></div>"), SMALL);
        assertTrue(SMALL.contains("<td>fixed: scored 0.500</td></tr>\n"), SMALL);
    }

    @Test
    void everyStringFromAClaimIsEscaped() {
        assertEquals(1, count(SMALL, "<script>"), "only the page's own script");
        assertTrue(SMALL.contains("<td><code>course_name_check</code></td><td>None</td><td>The course &lt;script&gt;"
                + "alert(&#39;x&#39;)&lt;/script&gt; | None is taught</td></tr>\n"), SMALL);
    }

    @Test
    void theScriptNeverWritesMarkup() {
        int start = SMALL.indexOf("<script>");
        String script = SMALL.substring(start, SMALL.indexOf("</script>", start));
        assertFalse(script.contains("innerHTML") || script.contains("outerHTML") || script.contains("insertAdjacentHTML")
                || script.contains("document.write") || script.contains("eval("), script);
        assertTrue(script.contains("textContent="), script);
        assertTrue(script.contains("createElement(") && script.contains("setAttribute("), "it builds the trees' elements");
    }

    @Test
    void thePageReferencesNothingOutsideItself() {
        for (String html : List.of(SMALL, Html.render(SmallReports.empty()))) {
            for (String target : all(html, "(?:src|href|action)=\"([^\"]*)\"")) {
                assertTrue(target.startsWith("#"), "a link inside the page: " + target);
            }
            assertFalse(html.matches("(?s).*(https?:|//[a-z]|url\\().*"), "no URL of any kind");
            assertTrue(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; "
                    + "script-src 'unsafe-inline'\""), "a CSP forbids any load");
        }
    }

    @Test
    void aSeedDifferenceNamesTheOtherSeedAndTheDifferingNodes() {
        assertEquals(1, count(SMALL, "<td>1</td><td><code>station_1</code></td></tr>"), SMALL);
        assertTrue(SMALL.contains("<th>Seed vs 0</th>"), SMALL);
    }

    /** A root with a long task text over a changed critical leaf and an unchanged two-leaf container. */
    private static ResultNode longTree(Status leafStatus) {
        ResultNode leaf = new ResultNode("station_5_distance_check", "Station 5 is close", true,
                leafStatus == Status.PASSED ? 1.0 : 0.0, leafStatus, Strategy.PARALLEL, List.of());
        ResultNode one = new ResultNode("station_1", "Station 1", false, 0.5, Status.PARTIAL, Strategy.PARALLEL, List.of(
                new ResultNode("station_1_exists", "exists", false, 1.0, Status.PASSED, Strategy.PARALLEL, List.of()),
                new ResultNode("station_1_open", "open", false, 0.0, Status.FAILED, Strategy.PARALLEL, List.of())));
        return new ResultNode("root", "Find ten stations " + "along the road ".repeat(20) + "END", false,
                leafStatus == Status.PASSED ? 1.0 : 0.5, Status.PARTIAL, Strategy.PARALLEL, List.of(leaf, one));
    }

    /** A root over a changed leaf and an unchanged container of 40 passed leaves, {@code shared_group}. */
    private static ResultNode sharedTree(Status leafStatus) {
        ResultNode leaf = new ResultNode("station_5_distance_check", "Station 5 is close", true,
                leafStatus == Status.PASSED ? 1.0 : 0.0, leafStatus, Strategy.PARALLEL, List.of());
        List<ResultNode> checks = new ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            checks.add(new ResultNode("shared_check_" + k, "Shared check " + k + " of the big unchanged subtree", false,
                    1.0, Status.PASSED, Strategy.PARALLEL, List.of()));
        }
        ResultNode group = new ResultNode("shared_group", "Checks every input shares", false, 1.0, Status.PASSED,
                Strategy.PARALLEL, checks);
        return new ResultNode("root", "Find stations", false, leafStatus == Status.PASSED ? 1.0 : 0.5, Status.PARTIAL,
                Strategy.PARALLEL, List.of(leaf, group));
    }

    private static AuditReport withTree(ResultNode before, ResultNode after, double from, double to) {
        NodeChange verdict = SmallReports.change(ChangeClass.VERDICT, "status", "station_5_distance_check",
                before.children().get(0).status().value(), after.children().get(0).status().value());
        NodeChange derived = SmallReports.change(ChangeClass.DERIVED, "score", "root", "" + from, "" + to);
        Comparison c = new Comparison(SmallReports.SHORT_LEG, "", SmallReports.scored("released", from, "a.json"),
                SmallReports.scored("fixed", to, "b.json"), to - from,
                List.of(new CheckedChange(verdict, true), new CheckedChange(derived, true)), true, 0,
                new ChangedTrees(before, after));
        return new AuditReport(AuditReport.VERSION, "released", "fixed", "in-process", List.of(0L),
                new DeclaredExpectations("(built-in) fixes.json", "", Map.of()), new Totals(2, 1, 1, 0, 0, 0, 0),
                List.of(c), List.of(), List.of(), List.of(), List.of(),
                new Changelog(List.of("gas_stations"), "Fixed.", null, List.of()));
    }

    /** A node record of the page's tree data, its string indices resolved (null for -1). */
    private record Node(String cls, String id, String title, String shown, String score, String status,
                        boolean critical, String why, String strategy, String count, List<Integer> children) {
    }

    /** The page's tree data: its string table and its node records. */
    private record Trees(List<String> strings, List<JsonNode> records) {
        static Trees of(String html) {
            String open = "<script type=\"application/json\" id=\"tree-data\">";
            int from = html.indexOf(open);
            assertTrue(from >= 0, html);
            from += open.length();
            JsonNode doc = JsonFiles.parse(html.substring(from, html.indexOf("</script>", from)));
            List<String> strings = new ArrayList<>();
            doc.get("s").forEach(x -> strings.add(x.textValue()));
            List<JsonNode> records = new ArrayList<>();
            doc.get("n").forEach(records::add);
            return new Trees(strings, records);
        }

        private String s(JsonNode r, int k) {
            return r.size() <= k || r.get(k).intValue() < 0 ? null : strings.get(r.get(k).intValue());
        }

        Node get(int k) {
            JsonNode r = records.get(k);
            List<Integer> children = new ArrayList<>();
            if (r.size() > 10) {
                r.get(10).forEach(c -> children.add(c.intValue()));
            }
            return new Node(s(r, 0), s(r, 1), s(r, 2), s(r, 3), s(r, 4), s(r, 5), r.get(6).intValue() == 1, s(r, 7),
                    s(r, 8), s(r, 9), children);
        }

        List<Node> all(String id) {
            List<Node> found = new ArrayList<>();
            for (int k = 0; k < records.size(); k++) {
                if (get(k).id().equals(id)) {
                    found.add(get(k));
                }
            }
            return found;
        }

        int index(String id, String cls) {
            List<Integer> found = new ArrayList<>();
            for (int k = 0; k < records.size(); k++) {
                if (get(k).id().equals(id) && get(k).cls().equals(cls)) {
                    found.add(k);
                }
            }
            assertEquals(1, found.size(), id + " " + cls + ": " + all(id));
            return found.get(0);
        }

        Node node(String id, String cls) {
            return get(index(id, cls));
        }
    }

    private static List<String> all(String text, String regex) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
