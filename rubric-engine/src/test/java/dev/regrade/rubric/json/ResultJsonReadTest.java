package dev.regrade.rubric.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ResultJson#fromJson} reads back what {@link ResultJson#toFileText} wrote, and names the path of a bad shape. */
class ResultJsonReadTest {
    private static final ResultNode LEAF = new ResultNode("station_1", "Station 1 is open", true, 0.0, Status.FAILED,
            Strategy.PARALLEL, List.of());
    private static final ResultNode ROOT = new ResultNode("root", "Find gas stations", false, 0.25, Status.PARTIAL,
            Strategy.SEQUENTIAL, List.of(LEAF));

    private static ResultDocument scored() {
        ObjectNode info = JsonFiles.parse("{\"extracted\": {\"names\": [\"A\", null], \"miles\": 12.5, \"n\": 3}}")
                .deepCopy();
        ResultSummary summary = new ResultSummary("regrade", "full", 0.25, "o4-mini", "o4-mini",
                List.of(new EvalBreakdown(List.of(info), ROOT)), TreeStatistics.of(ROOT));
        List<JudgeCall> calls = List.of(new JudgeCall("station_1", "Station 1 is open", "https://a.example/1", 0,
                "ab12", true, null), new JudgeCall("station_1", "Station 1 is open", null, 1, "ab12", null,
                "judge reply was not JSON"));
        return new ResultDocument(summary, new RunMeta("gas_stations", "fixed", "policy", "full", "2025-10-23", 3,
                RunOutcome.SCORED, null, null, calls, List.of(new PageVisit("https://a.example/1", "generated"))));
    }

    private static ResultDocument crashed() {
        return new ResultDocument(new ResultSummary("regrade", "minimal", null, "o4-mini", "o4-mini", List.of(), null),
                new RunMeta("gas_stations", "released", "fixture", "short-final-leg", "2025-10-23", 0,
                        RunOutcome.CRASHED, "TypeError", "slice indices must be integers", List.of(), List.of()));
    }

    @Test
    void aDocumentReadBackIsTheDocumentWritten() {
        for (ResultDocument doc : List.of(scored(), crashed())) {
            String text = ResultJson.toFileText(doc);
            ResultDocument read = ResultJson.fromJson(JsonField.root("r.json", JsonFiles.parse(text)));
            assertEquals(doc.regrade(), read.regrade());
            assertEquals(doc.tree(), read.tree());
            assertEquals(text, ResultJson.toFileText(read));
        }
    }

    @Test
    void aBadShapeNamesItsPath() {
        ObjectNode doc = ResultJson.toJson(scored());
        ((ObjectNode) doc.get("regrade").get("judge_requests").get(1)).put("verdict", "yes");
        BadInputException e = assertThrows(BadInputException.class,
                () -> ResultJson.fromJson(JsonField.root("r.json", doc)));
        assertEquals("$.regrade.judge_requests[1].verdict", e.path());
        assertEquals("r.json: $.regrade.judge_requests[1].verdict: expected true, false or null, got a string",
                e.getMessage());
        ObjectNode noRegrade = ResultJson.toJson(crashed());
        noRegrade.remove("regrade");
        assertEquals("r.json: $.regrade: missing", assertThrows(BadInputException.class,
                () -> ResultJson.fromJson(JsonField.root("r.json", noRegrade))).getMessage());
        ObjectNode wrongType = ResultJson.toJson(crashed());
        wrongType.put("agent_name", 3);
        assertEquals("r.json: $.agent_name: expected a string, got a number", assertThrows(BadInputException.class,
                () -> ResultJson.fromJson(JsonField.root("r.json", wrongType))).getMessage());
    }

    @Test
    void aTreesProblemNamesItsNodesPath() {
        ObjectNode doc = ResultJson.toJson(scored());
        ObjectNode leaf = (ObjectNode) doc.get("eval_breakdown").get(0).get("verification_tree").get("children").get(0);
        leaf.remove("critical");
        assertEquals("r.json: $.eval_breakdown[0].verification_tree.children[0].critical: missing",
                assertThrows(BadInputException.class, () -> ResultJson.fromJson(JsonField.root("r.json", doc)))
                        .getMessage());
        leaf.put("critical", true).put("score", "0");
        assertEquals("r.json: $.eval_breakdown[0].verification_tree.children[0].score: expected a number, got a string",
                assertThrows(BadInputException.class, () -> TreeJson.fromJson(JsonField.root("r.json", doc)
                        .get("eval_breakdown").get(0).get("verification_tree"))).getMessage());
        leaf.put("score", 0.0).put("status", "done");
        assertEquals("r.json: $.eval_breakdown[0].verification_tree.children[0].status: unknown status 'done' "
                + "(expected passed, failed, partial, skipped or initialized)", assertThrows(BadInputException.class,
                () -> ResultJson.fromJson(JsonField.root("r.json", doc))).getMessage());
    }
}
