package dev.regrade.audit.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.run.JudgeMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A declaration written for one audit must fit it; a drafted one fits it by construction. */
class ExpectationsFitTest {
    private static Expectations parse(String json) {
        return Expectations.parse("e.json", json);
    }

    @Test
    void anEntryForAScriptNotAuditedIsRefusedWithTheCloseName() {
        Expectations e = parse("{\"scripts\": {\"rl_course_boo\": {\"allow\": [\"*\"]}}}");
        String message = assertThrows(BadInputException.class,
                () -> e.checkScripts(List.of("gas_stations", "rl_course_book"))).getMessage();
        assertEquals("e.json: scripts.rl_course_boo: no audited script is named 'rl_course_boo'; did you mean "
                + "'rl_course_book'? (audited: gas_stations, rl_course_book)", message);
        e.checkScripts(List.of("rl_course_boo")); // fits: no exception
    }

    @Test
    void aGlobMatchingNoProducedNodeIsRefusedWithTheNearestIds() {
        Expectations e = parse("{\"scripts\": {\"s\": {\"allow\": [\"a_*\", \"zzz_*\"]}, \"other\": {\"allow\": [\"q\"]}}}");
        String message = assertThrows(BadInputException.class,
                () -> e.checkGlobs(Map.of("s", List.of("a_1", "b_1", "root", "a_2")))).getMessage();
        assertEquals("e.json: scripts.s.allow[1]: 'zzz_*' matches no node s produces in this audit; nearest node ids: "
                + "a_1, a_2, b_1", message);
        String none = assertThrows(BadInputException.class, () -> e.checkGlobs(Map.of("s", List.of()))).getMessage();
        assertTrue(none.endsWith("'a_*' matches no node s produces in this audit; the audit produced no tree of it"), none);
        e.checkGlobs(Map.of("s", List.of("a_1", "zzz_9"))); // 'other' is not audited: checkScripts' concern
    }

    @Test
    void theShippedDeclarationIsExemptAndSaysSo() {
        assertTrue(Expectations.shipped().builtIn());
        assertTrue(Expectations.shipped().without("gas_stations").builtIn());
        assertFalse(parse("{\"scripts\": {}}").builtIn());
    }

    @Test
    void aDraftedDeclarationAllowsExactlyWhatTheAuditChanged() {
        AuditConfig config = new AuditConfig(List.of("rl_course_book"), List.of("empty", "hash"), null, "released",
                "fixed", parse("{\"scripts\": {}}"), List.of(0L), JudgeMode.IN_PROCESS, 2);
        Audit.Outcome first = Audit.run(config, (d, t) -> { });
        assertTrue(first.unexpected() > 0, "nothing declared: the fix's changes are unexpected");
        Expectations drafted = Expectations.drafted(first.report(), "a");
        assertEquals(List.of("rl_course_book"), List.copyOf(drafted.scripts().keySet()));
        assertTrue(drafted.scripts().get("rl_course_book").allow().contains("stanford_instructors"),
                drafted.scripts().toString());
        assertTrue(drafted.scripts().get("rl_course_book").note().contains("stanford_instructors: structural"),
                drafted.scripts().get("rl_course_book").note());
        Expectations again = Expectations.parse("drafted.json", dev.regrade.rubric.json.JsonFiles.toFileText(drafted.toJson()));
        assertEquals(0, Audit.run(config.withExpectations(again), (d, t) -> { }).unexpected());
    }

    @Test
    void nodeIdsThatDifferOnlyInTheirNumbersBecomeOneGlob() throws java.io.IOException {
        // The browser fixture's gas_stations change is on station_5_distance_check (status, then score);
        // put its score change on station_3 instead: two ids of one pattern.
        com.fasterxml.jackson.databind.JsonNode json = dev.regrade.rubric.json.JsonFiles.parse(java.nio.file.Files.readString(
                java.nio.file.Paths.get("..", "reports", "src", "test", "resources", "dev", "regrade", "reports", "browser",
                        "report.json")));
        ((com.fasterxml.jackson.databind.node.ObjectNode) json.at("/comparisons/2/changes/5"))
                .put("node", "station_3_distance_check");
        Expectations drafted = Expectations.drafted(dev.regrade.reports.model.ReportJson.read("report.json", json), "a");
        assertEquals(List.of("station_*_distance_check"), drafted.scripts().get("gas_stations").allow());
        assertEquals("station_*_distance_check: verdict (2 nodes)", drafted.scripts().get("gas_stations").note());
    }
}
