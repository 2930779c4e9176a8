package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HtmlTest {
    private static final String SMALL = Html.render(SmallReports.small());

    @Test
    void anEmptyAuditHasEverySectionAndNoTrees() {
        String html = Html.render(SmallReports.empty());
        assertTrue(html.startsWith("<!DOCTYPE html>\n"), html);
        assertTrue(html.contains("<p id=\"summary\">0 runs · 0 inputs · 0 changed · <span class=\"ok\">0 unexpected</span>"
                + " · 0 crashes · 0 seed-dependent · 0 prompt-lint findings</p>\n<p>No scoring changes.</p>\n"), html);
        assertTrue(html.contains("<h2>Unexpected changes</h2>\n<p class=\"ok\">None.</p>\n<h2>Crashes</h2>\n<p>None.</p>\n"
                + "<h2>Seed-dependent trees</h2>\n<p>None.</p>\n<h2>Prompt lint</h2>\n<p>None.</p>\n"), html);
        assertTrue(html.endsWith("</tbody></table>\n" + "<h2>Unexpected changes</h2>\n<p class=\"ok\">None.</p>\n"
                + "<h2>Crashes</h2>\n<p>None.</p>\n<h2>Seed-dependent trees</h2>\n<p>None.</p>\n<h2>Prompt lint</h2>\n"
                + "<p>None.</p>\n<h2>Changed trees</h2>\n</body></html>\n"), html);
    }

    @Test
    void theImpactTableLinksChangedRowsAndMarksTheUnexpectedOne() {
        assertTrue(SMALL.contains("<tr><td>gas_stations</td><td><a href=\"#cmp-0\">fixture short-final-leg</a></td>"
                + "<td class=\"num\">0.800</td><td class=\"num\">1.000</td><td class=\"num\">+0.200</td><td>1</td></tr>\n"), SMALL);
        assertTrue(SMALL.contains("<tr class=\"bad\"><td>rl_course_book</td><td><a href=\"#cmp-1\">policy minimal</a></td>"
                + "<td class=\"num\">crashed (TypeError)</td><td class=\"num\">0.500</td><td class=\"num\">–</td>"
                + "<td>1 (<span class=\"bad\">1 unexpected</span>)</td></tr>\n"), SMALL);
        assertTrue(SMALL.contains("<tr><td>rl_course_book</td><td>policy empty</td><td class=\"num\">0.000</td>"
                + "<td class=\"num\">0.000</td><td class=\"num\">0</td><td>–</td></tr>\n"), SMALL);
        assertFalse(SMALL.contains("id=\"cmp-2\""), "an unchanged input has no trees");
    }

    @Test
    void aChangedNodeIsOutlinedWithItsChangeSpelledOut() {
        assertTrue(SMALL.contains("<span class=\"node passed changed\" data-node=\"station_5_distance_check\" "
                + "title=\"Station 5 is within &lt;510&gt; miles\"><span class=\"score\">1.000</span> passed "
                + "<code>station_5_distance_check</code> <span class=\"crit\">critical</span><br>Station 5 is within "
                + "&lt;510&gt; miles<span class=\"why\">verdict: station_5_distance_check status: failed &rarr; passed"
                + "</span></span>"), SMALL);
        assertTrue(SMALL.contains("<span class=\"node partial changed\" data-node=\"root\" title=\"Find gas stations\">"
                + "<span class=\"score\">0.800</span> partial <code>root</code> <span class=\"strat\">sequential</span>"
                + "<br>Find gas stations<span class=\"why\">derived: root score: 0.8 &rarr; 1.0</span></span>"), SMALL);
    }

    @Test
    void aCrashedSideShowsTheErrorInsteadOfATree() {
        assertTrue(SMALL.contains("<h3>released</h3><p class=\"bad\">No tree: the run crashed (TypeError: slice indices "
                + "must be integers)</p></div>"), SMALL);
        assertTrue(SMALL.contains("<td>fixed: scored 0.500</td></tr>\n"), SMALL);
    }

    @Test
    void everyStringFromAClaimIsEscaped() {
        assertFalse(SMALL.contains("<script>"), SMALL);
        assertTrue(SMALL.contains("<td><code>course_name_check</code></td><td>The course &lt;script&gt;alert(&#39;x&#39;)"
                + "&lt;/script&gt; | None is taught</td></tr>\n"), SMALL);
    }

    @Test
    void aSeedDifferenceNamesBothSeeds() {
        assertEquals(1, SMALL.split("<td>1 vs 0</td><td>station_1 desc: Station 1: A &rarr; Station 1: B</td>", -1).length - 1,
                SMALL);
    }
}
