package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.wearable.WearableAudit.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubjectsHtmlTest {
    @Test
    void aRowWhoseScoreChangesIsMarkedAndEveryStringIsEscaped() {
        String html = SubjectsHtml.render(List.of(
                new Scenario("empty-answers", "longqa", "accuracy", "0.5", "0.0", 0.5, 0.0, "<b>fixed</b> it's 0"),
                new Scenario("honest", "proactive", "f1", "0.25", "0.25", 0.25, 0.25, "")));
        assertTrue(html.contains("<tr class=\"diff\"><td>empty-answers</td><td>longqa</td><td>accuracy</td>"
                + "<td class=\"num\">0.5</td><td class=\"num\">0.0</td><td>&lt;b&gt;fixed&lt;/b&gt; it&#39;s 0</td></tr>\n"),
                html);
        assertTrue(html.contains("<tr><td>honest</td><td>proactive</td><td>f1</td><td class=\"num\">0.25</td>"
                + "<td class=\"num\">0.25</td><td></td></tr>\n"), html);
        assertFalse(html.contains("<b>"), html);
        assertTrue(html.endsWith("</table></body></html>\n"), html);
    }
}
