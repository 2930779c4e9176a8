package dev.regrade.audit.core;

import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.lint.PromptLint;
import dev.regrade.audit.prompts.PromptComparison;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.reports.model.AllowedChanges;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ChangedTrees;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.Crash;
import dev.regrade.reports.model.DeclaredExpectations;
import dev.regrade.reports.model.LintFinding;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.SeedDifference;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.Totals;
import dev.regrade.reports.model.UnexpectedChange;
import dev.regrade.rubric.JudgeCall;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.RunMeta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/** The audit report's sections, one builder each, from the runs of one input (or from other sections). */
final class ReportSections {
    private ReportSections() {
    }

    /** The expectations as the report records them. */
    static DeclaredExpectations expectations(Expectations e) {
        Map<String, AllowedChanges> scripts = new LinkedHashMap<>();
        e.scripts().forEach((name, s) -> scripts.put(name, new AllowedChanges(s.allow(), s.note(),
                s.promptExtractions(), s.promptNodes())));
        return new DeclaredExpectations(e.source(), e.description(), scripts);
    }

    /** Before against after, every change checked against the expectations. */
    static Comparison comparison(InputRuns r, Expectations expectations) {
        String script = r.input().script();
        List<CheckedChange> changes = new ArrayList<>();
        int unexpected = 0;
        int nonDerived = 0;
        for (Change change : r.changes()) {
            // An outcome change is allowed wherever the script is declared to change at all.
            boolean ok = change.nodeId().equals("(run)") ? expectations.scripts().containsKey(script)
                    : expectations.expected(script, change);
            changes.add(new CheckedChange(NodeChange.of(change), ok));
            unexpected += ok ? 0 : 1;
            nonDerived += change.changeClass() == ChangeClass.DERIVED ? 0 : 1;
        }
        Double b = r.before().finalScore();
        Double a = r.after().finalScore();
        boolean changed = nonDerived > 0 || !Objects.equals(a, b);
        ChangedTrees trees = changed ? new ChangedTrees(r.before().document().tree().orElse(null),
                r.after().document().tree().orElse(null)) : null;
        return new Comparison(r.input(), r.description(), compared(r, r.before(), r.beforePath()),
                compared(r, r.after(), r.afterPath()), a != null && b != null ? a - b : null, changes, changed,
                unexpectedNodes(changes).size(), trees);
    }

    private static ComparedRun compared(InputRuns runs, RunRecord r, String path) {
        RunMeta meta = r.document().regrade();
        return new ComparedRun(r.spec().variant(), meta.outcome(), r.finalScore(),
                r.crashed() ? meta.errorType() : null, r.crashed() ? meta.error() : null,
                meta.judgeRequests().size(), path, seedRange(runs, r));
    }

    /**
     * How a first-seed run's final score varies across the seeds, from its reruns (the runs not
     * evaluated again are copies of it); null when every seed gives the same score.
     */
    private static SeedRange seedRange(InputRuns runs, RunRecord first) {
        List<RunRecord> seeds = new ArrayList<>(List.of(first));
        runs.reruns().stream().filter(x -> x.reference() == first).forEach(x -> seeds.add(x.run()));
        TreeSet<Double> scores = new TreeSet<>();
        boolean crashed = false;
        for (RunRecord s : seeds) {
            if (s.finalScore() == null) {
                crashed = true;
            } else {
                scores.add(s.finalScore());
            }
        }
        if (scores.size() + (crashed ? 1 : 0) <= 1) {
            return null;
        }
        return scores.isEmpty() ? new SeedRange(null, null, true)
                : new SeedRange(scores.first(), scores.last(), crashed);
    }

    /** The changes the expectations do not allow, grouped by node, nodes in diff order. */
    private static Map<String, List<NodeChange>> unexpectedNodes(List<CheckedChange> changes) {
        Map<String, List<NodeChange>> byNode = new LinkedHashMap<>();
        for (CheckedChange ch : changes) {
            if (!ch.expected()) {
                byNode.computeIfAbsent(ch.change().node(), k -> new ArrayList<>()).add(ch.change());
            }
        }
        return byNode;
    }

    /**
     * The nodes with a change the expectations do not allow, one entry per node, in comparison order;
     * within a comparison the tree's, then those with only prompt changes ({@code prompts}: each
     * comparison's prompt changes; an extraction's entry is named {@code extraction NAME}).
     */
    static List<UnexpectedChange> unexpected(List<Comparison> comparisons, List<List<PromptChange>> prompts) {
        List<UnexpectedChange> out = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            Comparison c = comparisons.get(i);
            Map<String, List<NodeChange>> byNode = unexpectedNodes(c.changes());
            // A node whose tree and prompt both changed unexpectedly is still one entry.
            for (UnexpectedChange p : PromptComparison.unexpected(c.input(), prompts.get(i))) {
                byNode.computeIfAbsent(p.node(), k -> new ArrayList<>()).addAll(p.changes());
            }
            byNode.forEach((node, changes) -> out.add(new UnexpectedChange(c.input(), node, changes)));
        }
        return out;
    }

    /** The crashed runs of one input, before first, each with what the other variant did. */
    static List<Crash> crashes(InputRuns r) {
        List<Crash> out = new ArrayList<>();
        for (RunRecord run : List.of(r.before(), r.after())) {
            if (run.crashed()) {
                RunRecord other = run == r.before() ? r.after() : r.before();
                RunMeta meta = run.document().regrade();
                out.add(new Crash(r.input(), run.spec().variant(), meta.errorType(), meta.error(),
                        other.spec().variant(), other.document().regrade().outcome(), other.finalScore()));
            }
        }
        return out;
    }

    /** The reruns of one input whose tree or outcome differs from the first seed's. */
    static List<SeedDifference> seedDifferences(InputRuns r, long baseSeed) {
        List<SeedDifference> out = new ArrayList<>();
        for (int i = 0; i < r.reruns().size(); i++) {
            List<Change> d = r.seedChanges().get(i);
            if (!d.isEmpty()) {
                RunRecord run = r.reruns().get(i).run();
                out.add(new SeedDifference(r.input(), run.spec().variant(), baseSeed, run.spec().hashSeed(),
                        d.stream().map(NodeChange::of).toList()));
            }
        }
        return out;
    }

    /** The claims with a missing value that one input's runs sent, once per node and claim. */
    static List<LintFinding> lint(InputRuns r) {
        List<LintFinding> out = new ArrayList<>();
        for (RunRecord run : List.of(r.before(), r.after())) {
            Set<String> seen = new LinkedHashSet<>();
            for (JudgeCall call : run.document().regrade().judgeRequests()) {
                String node = call.nodeId() == null ? "" : call.nodeId();
                if (!seen.add(node + "\u0000" + call.claim())) {
                    continue;
                }
                List<PromptLint.Finding> found = PromptLint.check(call.claim());
                if (!found.isEmpty()) {
                    out.add(new LintFinding(r.input(), run.spec().variant(), node, call.claim(),
                            found.stream().map(PromptLint.Finding::token).distinct().toList()));
                }
            }
        }
        return out;
    }

    /** The counts of the other sections. */
    static Totals totals(int runs, List<Comparison> comparisons, List<UnexpectedChange> unexpected,
                         List<Crash> crashes, List<SeedDifference> determinism, List<LintFinding> lint,
                         List<List<PromptChange>> prompts) {
        int changed = (int) comparisons.stream().filter(Comparison::changed).count();
        List<PromptChange> all = prompts.stream().flatMap(List::stream).toList();
        int promptScripts = (int) all.stream().map(p -> p.input().script()).distinct().count();
        return new Totals(runs, comparisons.size(), changed, unexpected.size(), crashes.size(), determinism.size(),
                lint.size(), all.size(), promptScripts);
    }

    /**
     * The changelog entry: the line for the scripts whose scores or trees changed (FIXES.md's
     * wording), withheld when a change is unexpected; and the declared fixes of the audited scripts
     * that no input exercised (a fix of a script not audited is no concern of this audit).
     */
    static Changelog changelog(List<Comparison> comparisons, List<UnexpectedChange> unexpected,
                               DeclaredExpectations expectations, List<String> audited,
                               List<List<PromptChange>> prompts) {
        Set<String> affected = new LinkedHashSet<>();
        comparisons.stream().filter(Comparison::changed).forEach(c -> affected.add(c.input().script()));
        // A script whose prompts changed is affected even when no tree moved offline: a real model reads them.
        Set<String> prompted = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        prompts.forEach(list -> list.forEach(p -> prompted.add(p.input().script())));
        prompted.removeIf(affected::contains);
        List<String> names = new ArrayList<>(affected);
        names.sort(String.CASE_INSENSITIVE_ORDER);
        List<String> unexercised = expectations.scripts().keySet().stream().filter(s -> audited.contains(s) && !affected.contains(s)
                        && !prompted.contains(s))
                .toList();
        if (!unexpected.isEmpty()) {
            return new Changelog(names, null, unexpected.size() + " node" + (unexpected.size() == 1 ? " has" : "s have")
                    + " unexpected changes; declare or fix them first.", unexercised);
        }
        String line = names.isEmpty() ? "No scoring changes."
                : "Fixed scoring bugs in " + names.size() + " evaluation script" + (names.size() == 1 ? "" : "s")
                + " (" + String.join(", ", names) + "); scores of affected answers change.";
        if (!prompted.isEmpty()) {
            line = (names.isEmpty() ? "No scoring changes offline." : line) + " Changed the prompts of "
                    + prompted.size() + " evaluation script" + (prompted.size() == 1 ? "" : "s") + " ("
                    + String.join(", ", prompted) + "); a real judge may score their answers differently.";
        }
        return new Changelog(names, line, null, unexercised);
    }
}
