package dev.regrade.reports;

import dev.regrade.reports.model.AllowedChanges;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.ChangedTrees;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.Crash;
import dev.regrade.reports.model.DeclaredExpectations;
import dev.regrade.reports.model.LintFinding;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.SeedDifference;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.Totals;
import dev.regrade.reports.model.UnexpectedChange;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.RunOutcome;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Small hand-built reports for the renderer tests. */
public final class SmallReports {
    public static final ScriptInput SHORT_LEG = new ScriptInput("gas_stations", "fixture", "short-final-leg");
    public static final ScriptInput LONG_LEG = new ScriptInput("gas_stations", "fixture", "long-final-leg");
    public static final ScriptInput MINIMAL = new ScriptInput("rl_course_book", "policy", "minimal");
    public static final ScriptInput EMPTY = new ScriptInput("rl_course_book", "policy", "empty");
    /** A claim with a pipe, a script tag and a quote in it. */
    public static final String HOSTILE_CLAIM = "The course <script>alert('x')</script> | None is taught";

    private SmallReports() {
    }

    /** An audit in which nothing ran. */
    public static AuditReport empty() {
        return new AuditReport(AuditReport.VERSION, "released", "fixed", "in-process", List.of(0L),
                new DeclaredExpectations("(built-in) none.json", "", Map.of()), new Totals(0, 0, 0, 0, 0, 0, 0),
                List.of(), List.of(), List.of(), List.of(), List.of(),
                new Changelog(List.of(), "No scoring changes.", null, List.of()));
    }

    /**
     * Three inputs: a changed verdict the expectations allow (gas_stations), a run that crashed
     * before and scores after (rl_course_book, not declared: unexpected), and an unchanged input
     * whose claim is a prompt-lint finding; one seed-dependent tree.
     */
    public static AuditReport small() {
        NodeChange verdict = change(ChangeClass.VERDICT, "status", "station_5_distance_check", "failed", "passed");
        NodeChange derived = change(ChangeClass.DERIVED, "score", "root", "0.8", "1.0");
        NodeChange outcome = change(ChangeClass.VERDICT, "outcome", "(run)", "crashed", "scored");
        Comparison shortLeg = new Comparison(SHORT_LEG, "The last leg is short | 12 miles",
                scored("released", 0.8, "results/gas_stations/released/fixture-short-final-leg.json"),
                new ComparedRun("fixed", RunOutcome.SCORED, 1.0, null, null, 3,
                        "results/gas_stations/fixed/fixture-short-final-leg.json", new SeedRange(0.8, 1.0, false)),
                1.0 - 0.8,
                List.of(new CheckedChange(verdict, true), new CheckedChange(derived, true)), true, 0,
                new ChangedTrees(tree(0.8, Status.PARTIAL, Status.FAILED), tree(1.0, Status.PASSED, Status.PASSED)));
        Comparison minimal = new Comparison(MINIMAL, "one element per list",
                new ComparedRun("released", RunOutcome.CRASHED, null, "TypeError", "slice indices must be integers", 0,
                        "results/rl_course_book/released/policy-minimal.json", null),
                scored("fixed", 0.5, "results/rl_course_book/fixed/policy-minimal.json"), null,
                List.of(new CheckedChange(outcome, false)), true, 1,
                new ChangedTrees(null, tree(0.5, Status.PARTIAL, Status.PASSED)));
        Comparison empty = new Comparison(EMPTY, "", scored("released", 0.0, "results/rl_course_book/released/policy-empty.json"),
                scored("fixed", 0.0, "results/rl_course_book/fixed/policy-empty.json"), 0.0, List.of(), false, 0, null);
        return new AuditReport(AuditReport.VERSION, "released", "fixed", "in-process", List.of(0L, 1L),
                new DeclaredExpectations("(built-in) fixes.json", "The fix set",
                        new TreeMap<>(Map.of("gas_stations", new AllowedChanges(List.of("station_*_distance_check"),
                                "Only the last station's distance check can change."),
                                "drone_delivery", new AllowedChanges(List.of("company_*"), "")))),
                new Totals(12, 3, 2, 1, 1, 1, 1), List.of(shortLeg, minimal, empty),
                List.of(new UnexpectedChange(MINIMAL, "(run)", List.of(outcome))),
                List.of(new SeedDifference(SHORT_LEG, "fixed", 0, 1,
                        List.of(change(ChangeClass.CONTENT, "desc", "station_1", "Station 1: A", "Station 1: B")))),
                List.of(new LintFinding(EMPTY, "released", "course_name_check", HOSTILE_CLAIM, List.of("None"))),
                List.of(new Crash(MINIMAL, "released", "TypeError", "slice indices must be integers", "fixed",
                        RunOutcome.SCORED, 0.5)),
                new Changelog(List.of("gas_stations", "rl_course_book"), null,
                        "1 node has unexpected changes; declare or fix them first.", List.of("drone_delivery")));
    }

    /**
     * Two gas_stations inputs sharing a verdict change; the second also changes a description and
     * has one node whose status and score both changed unexpectedly.
     */
    public static AuditReport shared() {
        NodeChange verdict = change(ChangeClass.VERDICT, "status", "station_5_distance_check", "failed", "passed");
        NodeChange desc = change(ChangeClass.CONTENT, "desc", "station_1", "Station 1: A", "Station 1: B");
        NodeChange status = change(ChangeClass.VERDICT, "status", "station_2_check", "passed", "failed");
        NodeChange score = change(ChangeClass.VERDICT, "score", "station_2_check", "1.0", "0.0");
        Comparison shortLeg = new Comparison(SHORT_LEG, "", scored("released", 0.8, "a.json"),
                scored("fixed", 1.0, "b.json"), 1.0 - 0.8, List.of(new CheckedChange(verdict, true)), true, 0, null);
        Comparison longLeg = new Comparison(LONG_LEG, "", scored("released", 0.8, "c.json"),
                scored("fixed", 0.8, "d.json"), 0.0, List.of(new CheckedChange(verdict, true),
                new CheckedChange(desc, true), new CheckedChange(status, false), new CheckedChange(score, false)),
                true, 1, null);
        return new AuditReport(AuditReport.VERSION, "released", "fixed", "in-process", List.of(0L),
                new DeclaredExpectations("(built-in) fixes.json", "", Map.of("gas_stations",
                        new AllowedChanges(List.of("station_5_*", "station_1"), ""))),
                new Totals(4, 2, 2, 1, 0, 0, 0), List.of(shortLeg, longLeg),
                List.of(new UnexpectedChange(LONG_LEG, "station_2_check", List.of(status, score))), List.of(),
                List.of(), List.of(), new Changelog(List.of("gas_stations"), null,
                        "1 node has unexpected changes; declare or fix them first.", List.of()));
    }

    static NodeChange change(ChangeClass c, String kind, String node, String before, String after) {
        return NodeChange.of(new Change(c, kind, node, before, after));
    }

    static ComparedRun scored(String variant, double score, String result) {
        return new ComparedRun(variant, RunOutcome.SCORED, score, null, null, 3, result, null);
    }

    /** A root over one critical leaf {@code station_5_distance_check}. */
    static ResultNode tree(double score, Status rootStatus, Status leafStatus) {
        ResultNode leaf = new ResultNode("station_5_distance_check", "Station 5 is within <510> miles", true,
                leafStatus == Status.PASSED ? 1.0 : 0.0, leafStatus, Strategy.PARALLEL, List.of());
        return new ResultNode("root", "Find gas stations", false, score, rootStatus, Strategy.SEQUENTIAL, List.of(leaf));
    }
}
