package dev.regrade.reports.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.reports.SmallReports;

import dev.regrade.rubric.json.JsonFiles;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ReportJsonTest {
    private static AuditReport roundTrip(AuditReport report) {
        return ReportJson.read(null, JsonFiles.parse(ReportJson.toFileText(report)));
    }

    @Test
    void aReportReadBackFromItsFileIsTheSameReport() {
        assertEquals(SmallReports.small(), roundTrip(SmallReports.small()));
        assertEquals(SmallReports.empty(), roundTrip(SmallReports.empty()));
        assertEquals(SmallReports.shared(), roundTrip(SmallReports.shared()));
    }

    @Test
    void writingWhatWasReadGivesTheSameBytes() {
        String text = ReportJson.toFileText(SmallReports.small());
        assertEquals(text, ReportJson.toFileText(ReportJson.read(null, JsonFiles.parse(text))));
    }

    @Test
    void keysAndNumbersAreWrittenAsPythonWritesThem() {
        String text = ReportJson.toFileText(SmallReports.small());
        assertTrue(text.startsWith("{\n    \"regrade_audit\": 2,\n    \"before\": \"released\",\n    \"after\": \"fixed\",\n"
                + "    \"judge\": \"in-process\",\n    \"seeds\": [\n        0,\n        1\n    ],\n"), text);
        assertTrue(text.contains("\"delta\": 0.19999999999999996,"), "delta as repr(float)");
        assertTrue(text.contains("\"delta\": null,"), "no delta beside a crash");
        assertTrue(text.contains("\"final_score\": null,\n                \"error_type\": \"TypeError\","), text);
        assertTrue(text.contains("\"claim\": \"The course <script>alert('x')</script> | None is taught\","), text);
        assertTrue(text.contains("\"seed_range\": {\n                    \"low\": 0.8,\n                    "
                + "\"high\": 1.0,\n                    \"crashed\": false\n                }"), text);
        assertTrue(text.endsWith("    \"prompts\": [],\n    \"changelog\": {\n        \"scripts\": [\n            \"gas_stations\",\n"
                + "            \"rl_course_book\"\n        ],\n        \"line\": null,\n        \"withheld\": \"1 node "
                + "has unexpected changes; declare or fix them first.\",\n        \"unexercised\": [\n            "
                + "\"drone_delivery\"\n        ]\n    }\n}\n"), text);
    }

    private static String problem(Consumer<ObjectNode> edit) {
        ObjectNode json = ReportJson.toJson(SmallReports.small());
        edit.accept(json);
        return assertThrows(BadInputException.class, () -> ReportJson.read("report.json", json)).getMessage();
    }

    private static ObjectNode at(JsonNode n) {
        return (ObjectNode) n;
    }

    @Test
    void aMalformedReportNamesThePathOfTheField() {
        assertEquals("report.json: $.comparisons[1].before.outcome: missing",
                problem(j -> at(j.get("comparisons").get(1).get("before")).remove("outcome")));
        assertEquals("report.json: $.comparisons[0].after.outcome: unknown outcome 'exploded' (expected scored or crashed)",
                problem(j -> at(j.get("comparisons").get(0).get("after")).put("outcome", "exploded")));
        assertEquals("report.json: $.comparisons[0].delta: expected a number or null, got a string",
                problem(j -> at(j.get("comparisons").get(0)).put("delta", "0.2")));
        assertEquals("report.json: $.comparisons[0].changes[1].class: unknown change class 'other' (expected structural, content, "
                + "verdict, derived or prompt)", problem(j -> at(j.get("comparisons").get(0).get("changes").get(1))
                .put("class", "other")));
        assertEquals("report.json: $.comparisons[0].trees.after.children[0].score: expected a number, got a string",
                problem(j -> at(j.get("comparisons").get(0).get("trees").get("after").get("children").get(0))
                        .put("score", "high")));
        assertEquals("report.json: $.lint[0].tokens[0]: expected a string, got a number",
                problem(j -> at(j.get("lint").get(0)).putArray("tokens").add(1)));
        assertEquals("report.json: $.summary.runs: expected a whole number, got 1.5", problem(j -> at(j.get("summary")).put("runs", 1.5)));
        assertEquals("report.json: $.seeds: expected at least one seed", problem(j -> j.putArray("seeds")));
        assertEquals("report.json: $.regrade_audit: format version 1; this Regrade reads version 2",
                problem(j -> j.put("regrade_audit", 1)));
        assertEquals("report.json: $.prompts[0].kind: unknown prompt kind 'tool' (expected extraction or judge)",
                problem(j -> j.withArray("prompts").addObject().put("script", "s").put("input_kind", "policy")
                        .put("input", "full").put("kind", "tool")));
        assertEquals("$: expected an object, got a list", assertThrows(BadInputException.class,
                () -> ReportJson.read(null, JsonFiles.parse("[]"))).getMessage());
    }
}
