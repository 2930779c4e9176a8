package dev.regrade.reports;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class SubjectsHtmlTest {
    @Test
    void aRowWhoseScoreChangesIsMarkedAndEveryStringIsEscaped() {
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        row(rows, "empty-answers", "longqa", "accuracy", "0.5", "0.0", "<b>fixed</b> it's 0");
        row(rows, "honest", "proactive", "f1", "0.25", "0.25", "");
        String html = SubjectsHtml.render(rows);
        assertTrue(html.contains("<tr class=\"diff\"><td>empty-answers</td><td>longqa</td><td>accuracy</td>"
                + "<td class=\"num\">0.5</td><td class=\"num\">0.0</td><td>&lt;b&gt;fixed&lt;/b&gt; it&#39;s 0</td></tr>\n"),
                html);
        assertTrue(html.contains("<tr><td>honest</td><td>proactive</td><td>f1</td><td class=\"num\">0.25</td>"
                + "<td class=\"num\">0.25</td><td></td></tr>\n"), html);
        assertFalse(html.contains("<b>"), html);
        assertTrue(html.endsWith("</table></body></html>\n"), html);
    }

    @Test
    void aRowWithoutAFieldIsRefused() {
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        row(rows, "x", "longqa", "accuracy", "0.5", "0.0", "");
        ((ObjectNode) rows.get(0)).remove("task");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SubjectsHtml.render(rows)).getMessage()
                .contains("'task'"));
    }

    private static void row(ArrayNode rows, String id, String task, String metric, String released, String fixed,
                            String finding) {
        rows.addObject().put("scenario", id).put("task", task).put("metric", metric).put("released", released)
                .put("fixed", fixed).put("finding", finding);
    }
}
