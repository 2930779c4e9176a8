package dev.regrade.audit.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.policies.Policies;
import dev.regrade.reports.Markdown;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.ReportJson;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.UnexpectedChange;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The default audit, checked on its own report. */
class AuditTest {
    static final Path FIXTURES = Paths.get("..", "fixtures");
    private static Audit.Outcome outcome;

    static AuditConfig defaults() {
        return new AuditConfig(RubricScripts.names(), Policies.names(), FIXTURES, "released", "fixed", Expectations.shipped(),
                List.of(0L, 1L, 2L, 3L), JudgeMode.IN_PROCESS, 2);
    }

    @BeforeAll
    static void runDefaultAudit() {
        outcome = Audit.run(defaults(), (d, t) -> { });
    }

    @Test
    void theShippedPortsChangeOnlyWhatTheirFixesDeclare() {
        assertEquals(0, outcome.unexpected(), () -> outcome.report().unexpected().toString());
        assertTrue(outcome.report().summary().changed() > 0, "the fixes change something");
    }

    @TestFactory
    List<DynamicTest> removingAScriptsExpectationFailsTheAudit() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String script : Expectations.shipped().scripts().keySet()) {
            tests.add(DynamicTest.dynamicTest(script, () -> {
                Audit.Outcome o = Audit.run(defaults().withScripts(List.of(script)).withSeeds(List.of(0L))
                        .withExpectations(Expectations.shipped().without(script)), (d, t) -> { });
                assertTrue(o.unexpected() > 0, script + ": without its expectation, its fix is unexpected");
                Set<String> nodes = new HashSet<>();
                for (UnexpectedChange u : o.report().unexpected()) {
                    assertEquals(script, u.input().script());
                    assertTrue(nodes.add(u.input().inputLabel() + " " + u.node()), "one entry per node");
                    assertTrue(u.changes().stream().allMatch(ch -> ch.node().equals(u.node())), u.toString());
                    assertFalse(u.changes().stream().anyMatch(NodeChange::derived),
                            "derived changes are never unexpected");
                }
                assertEquals(o.report().unexpected().size(), o.report().summary().unexpected());
                assertFalse(o.report().changelog().offered(), "no changelog line beside unexpected changes");
            }));
        }
        return tests;
    }

    @Test
    void theMarkdownTableHasARowForEveryScriptAndInputMatchingTheResultFiles() {
        AuditReport report = outcome.report();
        String md = Markdown.renderFull(report);
        String table = md.substring(md.indexOf("## Score impact"), md.indexOf("## Changed nodes"));
        List<String> rows = table.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| Script")).toList();
        List<Comparison> comparisons = report.comparisons();
        assertEquals(comparisons.size(), rows.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Comparison c = comparisons.get(i);
            String[] cells = rows.get(i).split(" \\| ");
            assertEquals("| " + c.input().script(), cells[0]);
            assertEquals(c.input().inputKind() + " " + c.input().input(), cells[1]);
            assertTrue(seen.add(cells[0] + cells[1]), "one row per script and input");
            for (ComparedRun side : List.of(c.before(), c.after())) {
                JsonNode result = JsonFiles.parse(outcome.resultFiles().get(side.result()));
                String cell = cells[side == c.before() ? 2 : 3];
                if (result.get("final_score").isNull()) {
                    assertTrue(cell.startsWith("crashed (" + result.get("regrade").get("error_type").asText()), cell);
                } else {
                    String first = dev.regrade.pycompat.PyFormat.fixed(result.get("final_score").doubleValue(), 3);
                    assertEquals(side.seedDependent() ? first + " ([seeds: " : first,
                            cell.substring(0, Math.min(cell.length(), first.length() + (side.seedDependent() ? 10 : 0))));
                }
            }
        }
        int expected = 0;
        for (String s : RubricScripts.names()) {
            java.io.File dir = FIXTURES.resolve(s).toFile();
            String[] fx = dir.list((d, n) -> n.endsWith(".json"));
            expected += Policies.names().size() + (fx == null ? 0 : fx.length);
        }
        assertEquals(expected, rows.size(), "every script × (policy and shipped fixture)");
    }

    @Test
    void theChangelogLineNamesTheAffectedScripts() {
        String line = outcome.report().changelog().line();
        assertTrue(line.startsWith("Fixed scoring bugs in "), line);
        assertTrue(line.endsWith("; scores of affected answers change."), line);
        assertTrue(line.contains("gas_stations") && line.contains("rl_course_book"), line);
        assertEquals(List.of(), outcome.report().changelog().unexercised(), "every shipped fix is exercised");
        AuditReport one = Audit.run(defaults().withScripts(List.of("gas_stations")).withSeeds(List.of(0L)), (d, t) -> { })
                .report();
        assertEquals(List.of("gas_stations"), one.changelog().scripts());
        assertEquals(List.of(), one.changelog().unexercised(),
                "the declared fixes of scripts not audited are not listed: " + one.changelog());
    }

    @Test
    void theReportMdFitsAGitHubCommentAndSaysWhereTheFullReportIs() {
        String md = Markdown.render(outcome.report());
        assertTrue(md.length() <= 65_536, md.length() + " characters");
        // pasted into a PR comment, a relative link leads nowhere: it names the file and where it lies
        assertTrue(md.contains("`" + Markdown.FULL_FILE + "`, beside this report"), "says where the full report is");
        assertFalse(md.contains("](" + Markdown.FULL_FILE), "no dead relative link");
        String impact = md.substring(md.indexOf("## Score impact"), md.indexOf("## Changed nodes"));
        String full = Markdown.renderFull(outcome.report());
        for (Comparison c : outcome.report().comparisons()) {
            String row = "| " + c.input().script() + " | " + c.input().inputLabel() + " | ";
            assertTrue(full.contains(row), row);
            assertEquals(c.changed() || c.seedDependent(), impact.contains(row),
                    "report.md lists only the rows that changed or depend on the seed: " + row);
        }
    }

    @Test
    void theShippedFixesPromptChangesAreDeclaredAndEveryScriptOfThemIsInTheSummary() {
        AuditReport report = outcome.report();
        assertTrue(report.summary().prompts() > 0, "the fixes change prompts");
        assertTrue(report.prompts().stream().allMatch(dev.regrade.reports.model.PromptChange::expected));
        String md = Markdown.render(report);
        String section = md.substring(md.indexOf("## Changed prompts"), md.indexOf("## Crashes"));
        Set<String> scripts = new HashSet<>();
        report.prompts().forEach(p -> scripts.add(p.input().script()));
        assertEquals(Set.of("active_stock", "best_selling_foundations", "county_AQI", "ikea_shopping_list",
                "popular_ai_books"), scripts);
        for (String script : scripts) {
            assertTrue(section.contains("### " + script + "\n"), script + " has a diff in report.md");
        }
        assertTrue(section.contains("more prompt changes not shown here: every one with its diff under \"Changed "
                + "prompts\" in `report-full.md`, beside this report"), section);
    }

    @Test
    void bothMarkdownReportsParseAsGitHubTablesWithEveryRowWhole() {
        for (String md : List.of(Markdown.render(outcome.report()), Markdown.renderFull(outcome.report()))) {
            GfmTables.Check check = GfmTables.check(md);
            assertTrue(check.tables() >= 4, check.tables() + " tables");
            assertEquals(List.of(), check.problems());
        }
    }

    @Test
    void aSeedDependentScoreShowsItsRangeInTheTable() {
        Comparison c = outcome.report().comparisons().stream()
                .filter(x -> x.input().script().equals("popular_ai_books")
                        && x.input().input().equals("blank-title-among-first-five")).findFirst().orElseThrow();
        assertEquals(new SeedRange(0.8, 1.0, false), c.before().seedRange());
        assertTrue(Markdown.render(outcome.report()).contains("| popular_ai_books | fixture blank-title-among-first-five"
                + " | 0.800 ([seeds: 0.800–1.000](#seed-dependent-trees)) | "));
        long ranged = outcome.report().comparisons().stream().filter(Comparison::seedDependent).count();
        assertTrue(ranged > 0 && ranged <= outcome.report().summary().determinism(), ranged + " ranged rows");
    }

    @Test
    void outputIsIdenticalWhateverTheParallelism() {
        AuditConfig subset = defaults().withScripts(List.of("gas_stations", "rl_course_book")).withSeeds(List.of(0L, 1L));
        Audit.Outcome one = Audit.run(subset.withThreads(1), (d, t) -> { });
        Audit.Outcome four = Audit.run(subset.withThreads(4), (d, t) -> { });
        assertEquals(ReportJson.toFileText(one.report()), ReportJson.toFileText(four.report()));
        assertEquals(one.resultFiles(), four.resultFiles());
    }

    @Test
    void reusingSeedIndependentRunsChangesNothingInTheOutput() {
        Audit.Outcome everyRun = Audit.run(defaults().withSeedReuse(false), (d, t) -> { });
        int runs = outcome.report().summary().runs();
        assertEquals(runs, everyRun.evaluated(), "without reuse every run is evaluated");
        assertTrue(outcome.evaluated() < runs / 2, "most runs never read their seed: " + outcome.evaluated());
        assertTrue(outcome.evaluated() > runs / 4, "the seed-dependent ones are run again: " + outcome.evaluated());
        assertEquals(ReportJson.toFileText(everyRun.report()), ReportJson.toFileText(outcome.report()));
        assertEquals(everyRun.resultFiles(), outcome.resultFiles());
        assertTrue(outcome.report().determinism().size() > 0, "the seed-dependent trees are still found");
    }
}
