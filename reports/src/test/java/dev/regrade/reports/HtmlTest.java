package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertTrue(SMALL.contains("<span class=\"node passed changed\" data-node=\"station_5_distance_check\" "
                + "title=\"Station 5 is within &lt;510&gt; miles\"><span class=\"score\">1.000</span> passed "
                + "<code>station_5_distance_check</code> <span class=\"crit\">critical</span><br>Station 5 is within "
                + "&lt;510&gt; miles<span class=\"why\">verdict: station_5_distance_check status: failed &rarr; passed"
                + "</span></span>"), SMALL);
        assertTrue(SMALL.contains("<details open><summary><span class=\"node partial changed\" data-node=\"root\" "
                + "title=\"Find gas stations\"><span class=\"score\">0.800</span> partial <code>root</code> "
                + "<span class=\"strat\">sequential</span><br>Find gas stations<span class=\"why\">derived: root score: "
                + "0.8 &rarr; 1.0</span></span></summary>"), SMALL);
        assertTrue(SMALL.contains("<ul class=\"changes\"><li>verdict: station_5_distance_check status: failed &rarr; "
                + "passed</li></ul>"), "the shown changes listed as in the Markdown");
    }

    @Test
    void anUnchangedSubtreeIsCollapsedWithACountOfWhatItHolds() {
        String html = Html.render(withTree(longTree(Status.FAILED), longTree(Status.PASSED), 0.5, 1.0));
        assertTrue(html.contains("<details><summary><span class=\"node partial\" data-node=\"station_1\""), html);
        assertTrue(html.contains("<span class=\"count\">2 nodes · 1 passed · 1 failed, unchanged</span></summary>"), html);
        assertEquals(2, count(html, "<details><summary><span class=\"node partial\" data-node=\"station_1\""),
                "collapsed on both sides");
        assertEquals(2, count(html, "<details open><summary><span class=\"node partial changed\" data-node=\"root\""),
                "a subtree holding a change is open");
    }

    @Test
    void theLongTaskTextIsShownOnceFoldedAndShortenedInTheTrees() {
        String html = Html.render(withTree(longTree(Status.FAILED), longTree(Status.PASSED), 0.5, 1.0));
        String task = "Find ten stations " + "along the road ".repeat(20) + "END";
        assertEquals(1, count(html, ">" + task + "<"), "the whole task text once");
        assertTrue(html.contains("<details class=\"task\"><summary>Task text</summary><p>" + task + "</p></details>"), html);
        assertEquals(2, count(html, "<br>" + task.substring(0, 159) + "&hellip;<"), "shortened in both trees");
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
        String script = SMALL.substring(SMALL.indexOf("<script>"), SMALL.indexOf("</script>"));
        assertFalse(script.contains("innerHTML") || script.contains("outerHTML") || script.contains("insertAdjacentHTML")
                || script.contains("document.write") || script.contains("eval("), script);
        assertTrue(script.contains("textContent="), script);
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
