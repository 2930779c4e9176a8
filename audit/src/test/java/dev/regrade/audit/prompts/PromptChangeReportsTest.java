package dev.regrade.audit.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.reports.ConsoleSummary;
import dev.regrade.reports.Html;
import dev.regrade.reports.Markdown;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.ReportJson;
import dev.regrade.rubric.json.JsonFiles;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Java port's prompt-only change: active_stock's fix rewords the tolerance note in the additional
 * instruction of its volume check, which offline moves no verdict under the {@code minimal} policy.
 * The change is in all five report forms with its diff, and fails the audit unless declared.
 */
class PromptChangeReportsTest {
    private static final String REMOVED = "-        By the way, allow minor reasonable violations (+ 0.2 million), "
            + "such as \"10.1 million\"";
    private static final String ADDED = "+        By the way, allow minor reasonable violations (- 0.2 million), "
            + "such as \"9.9 million\"";
    private static AuditReport report;

    private static AuditConfig config(Expectations expectations) {
        return new AuditConfig(List.of("active_stock"), List.of("minimal"), null, "released", "fixed", expectations,
                List.of(0L), JudgeMode.IN_PROCESS, 1);
    }

    @BeforeAll
    static void audit() {
        report = Audit.run(config(Expectations.shipped()), (d, t) -> { }).report();
    }

    @Test
    void theInstructionChangeIsFoundWithItsDiff() {
        assertEquals(0, report.summary().changed(), "offline the minimal policy's verdicts do not move");
        assertEquals(0, report.summary().unexpected(), "the shipped expectations declare it");
        PromptChange volume = report.prompts().stream().filter(p -> p.subject().equals("company_1_volume_verify"))
                .findFirst().orElseThrow();
        assertEquals("judge", volume.kind());
        assertEquals(List.of("instruction"), volume.parts());
        assertTrue(volume.expected());
        assertTrue(volume.diff().startsWith("@@ "), volume.diff());
        assertTrue(volume.diff().contains(REMOVED + "\n" + ADDED), volume.diff());
        assertTrue(report.prompts().stream().anyMatch(p -> p.subject().equals("company_1_market_cap_verify")
                && p.diff().contains("such as \"15.1 billion\"")));
        assertEquals(report.prompts().size(), report.summary().prompts());
        assertEquals(1, report.summary().promptScripts());
    }

    @Test
    void everyReportFormShowsTheDiff() {
        List<String> console = ConsoleSummary.lines(report);
        assertTrue(console.get(0).contains(report.summary().prompts() + " changed prompts"), console.get(0));
        assertTrue(console.contains("PROMPT active_stock policy minimal: judge company_1_volume_verify (instruction)"),
                console.toString());
        assertTrue(console.contains("    " + ADDED), console.toString());
        for (String md : List.of(Markdown.render(report), Markdown.renderFull(report))) {
            String section = md.substring(md.indexOf("## Changed prompts"), md.indexOf("## Crashes"));
            assertTrue(section.contains("judge `company_1_volume_verify` (instruction)"), section);
            assertTrue(section.contains("  " + REMOVED + "\n  " + ADDED + "\n"), section);
            assertTrue(md.contains("No tree or score changed; " + report.summary().prompts() + " prompts changed in "
                    + "1 script."), md.substring(0, 400));
        }
        String html = Html.render(report);
        assertTrue(html.contains("<h2 id=\"changed-prompts\">Changed prompts</h2>"));
        assertTrue(html.contains("<span class=\"add\">+        By the way, allow minor reasonable violations "
                + "(- 0.2 million), such as &quot;9.9 million&quot;</span>"), html);
        String json = ReportJson.toFileText(report);
        assertTrue(json.contains("\"parts\": [\n                \"instruction\"\n            ],"), json);
        assertEquals(json, ReportJson.toFileText(ReportJson.read("report.json", JsonFiles.parse(json))));
    }

    @Test
    void undeclaredItFailsTheAudit() {
        // The shipped node allowances without the prompt globs.
        Expectations trees = Expectations.parse("trees-only.json", "{\"scripts\": {\"active_stock\": {\"allow\": "
                + "[\"company_*\"]}}}");
        Audit.Outcome o = Audit.run(config(trees), (d, t) -> { });
        assertTrue(o.unexpected() > 0);
        assertTrue(o.report().unexpected().stream().allMatch(u -> u.classes().equals("prompt")),
                o.report().unexpected().toString());
        assertTrue(o.report().unexpected().stream().anyMatch(u -> u.node().equals("company_1_volume_verify")
                && u.text().startsWith("company_1_volume_verify judge prompt")));
        assertFalse(o.report().changelog().offered());
        assertTrue(Markdown.render(o.report()).contains("**UNEXPECTED** judge `company_1_volume_verify`"));
    }

    @Test
    void expectInitDraftsThePromptGlobsAndTheDraftPassesTheSameAudit() {
        Expectations trees = Expectations.parse("trees-only.json", "{\"scripts\": {\"active_stock\": {\"allow\": "
                + "[\"company_*\"]}}}");
        AuditReport failed = Audit.run(config(trees), (d, t) -> { }).report();
        Expectations drafted = Expectations.drafted(failed, "out");
        Expectations.ScriptExpectation e = drafted.scripts().get("active_stock");
        assertEquals(List.of(), e.promptExtractions());
        assertEquals(List.of("company_1_volume_verify", "company_1_market_cap_verify"), e.promptNodes());
        assertTrue(e.note().contains("prompts of checks company_1_volume_verify, company_1_market_cap_verify"),
                e.note());
        String json = JsonFiles.toFileText(drafted.toJson());
        assertTrue(json.contains("\"prompts\": {\n                \"nodes\": ["), json);
        Expectations again = Expectations.parse("drafted.json", json);
        assertEquals(0, Audit.run(config(again), (d, t) -> { }).unexpected());
    }
}
