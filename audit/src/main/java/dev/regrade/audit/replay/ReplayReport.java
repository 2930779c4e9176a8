package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.pycompat.PyFormat;
import dev.regrade.rubric.json.JsonFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The replay's report: one row per result, and per agent and per task the metrics of {@code generate_result_summary}
 * before and after (after as the low and high ends where unknown verdicts remain: every metric but
 * the standard deviation only grows with each answer's score, so the ends come from the answers'
 * low and high ends). Mismatched and skipped results are in no total; an answer whose after-variant
 * raises is in the before-metrics only (the runner writes no result for it).
 *
 * @param results the replays, in file order
 */
public record ReplayReport(List<ReplayResult> results) {
    public ReplayReport {
        results = List.copyOf(results);
    }

    /**
     * One agent's (or task's) metrics before, and after at the low and high end (equal when every
     * after-score is exact).
     */
    public record MetricsRow(String name, AgentMetrics before, AgentMetrics afterLow, AgentMetrics afterHigh,
                             int needsModel) {
        public boolean exact() {
            return Objects.equals(afterLow, afterHigh) && needsModel == 0;
        }

        /**
         * avg_score, success_rate and pass@k as {@code before → after} ({@code [low, high]} where unknown;
         * {@code none} when every after-variant raises: the runner would write no result and no summary).
         */
        List<String> moves() {
            // Answers that need the model are in the before-metrics only, and said so, never silently left out.
            String apart = needsModel == 0 ? "" : " (" + needsModelPhrase(needsModel) + ")";
            if (afterLow == null) {
                return List.of(score(before.avgScore()) + " → none" + apart, score(before.successRate()) + " → none"
                        + apart, score(before.passAtK()) + " → none" + apart);
            }
            return List.of(move(before.avgScore(), afterLow.avgScore(), afterHigh.avgScore()) + apart,
                    move(before.successRate(), afterLow.successRate(), afterHigh.successRate()) + apart,
                    move(before.passAtK(), afterLow.passAtK(), afterHigh.passAtK()) + apart);
        }

        private static String move(double was, double low, double high) {
            return score(was) + " → " + range(low, high);
        }
    }

    public long count(Status s) {
        return results.stream().filter(r -> r.status() == s).count();
    }

    /** The replayed results whose after-score may differ from the stored score. */
    public long changed() {
        return results.stream().filter(ReplayResult::mayChange).count();
    }

    /** "1 answer needs the model", "N answers need the model". */
    static String needsModelPhrase(long n) {
        return n + (n == 1 ? " answer needs the model" : " answers need the model");
    }

    /** Per agent, over the replayed results: {@code generate_result_summary}'s metrics over the agent's tasks. */
    public List<MetricsRow> agents() {
        return rows(ReplayResult::agent, ReplayResult::task);
    }

    /** Per task, the same metrics over the task's agents (pass@k: the share of agents with a successful run). */
    public List<MetricsRow> tasks() {
        return rows(ReplayResult::task, ReplayResult::agent);
    }

    private List<MetricsRow> rows(Function<ReplayResult, String> group, Function<ReplayResult, String> unit) {
        Map<String, List<ReplayResult>> byGroup = new TreeMap<>();
        results.stream().filter(r -> r.status() == Status.REPLAYED || r.status() == Status.NEEDS_MODEL)
                .forEach(r -> byGroup.computeIfAbsent(group.apply(r), k -> new ArrayList<>()).add(r));
        List<MetricsRow> rows = new ArrayList<>();
        byGroup.forEach((name, list) -> {
            // An answer whose after-variant raises is left out of the after-metrics, as the runner leaves it out:
            // eval_runner.py (31f021f) _eval_one_answer returns the exception before _save_result_json (l. 163,
            // 174), evaluate_task keeps only dict results for summary.json (l. 458, 487), and
            // generate_result_summary (1fcbfda) reads only summary.json (l. 584-596).
            // An answer that needs the model has a before-score but no after-score: counted apart (needsModel).
            List<ReplayResult> scored = list.stream().filter(r -> r.afterMin() != null).toList();
            int needsModel = (int) list.stream().filter(r -> r.status() == Status.NEEDS_MODEL).count();
            rows.add(new MetricsRow(name, metrics(name, list, unit, ReplayResult::before),
                    scored.isEmpty() ? null : metrics(name, scored, unit, ReplayResult::afterMin),
                    scored.isEmpty() ? null : metrics(name, scored, unit, ReplayResult::afterMax), needsModel));
        });
        return rows;
    }

    private static AgentMetrics metrics(String name, List<ReplayResult> list, Function<ReplayResult, String> unit,
                                        Function<ReplayResult, Double> score) {
        List<AgentMetrics.Scored> scored = new ArrayList<>();
        list.forEach(r -> scored.add(new AgentMetrics.Scored(unit.apply(r), r.answer(), score.apply(r))));
        return AgentMetrics.of(name, scored);
    }

    /** The requests sent to the {@code --judge-url} endpoint, over every result. */
    public int judgeCalls() {
        return results.stream().mapToInt(ReplayResult::judgeCalls).sum();
    }

    /** The summary line for stderr. */
    public String summaryLine() {
        ReplayCounts c = counts();
        long needsModel = count(Status.NEEDS_MODEL);
        String more = (c.count("rounded") == 0 ? "" : ", " + c.count("rounded") + " undecided by a rounded number")
                + (c.count("over_seeds") == 0 ? "" : ", " + c.count("over_seeds") + " over hash seeds");
        long overBudget = count(Status.OVER_BUDGET);
        return results.size() + " results: " + count(Status.REPLAYED) + " replayed (" + changed() + " may change, "
                + c.count("unknown_verdicts") + " with unknown verdicts" + more + "), "
                + (needsModel == 0 ? "" : needsModel + " needs-model ("
                + needsModelPhrase(needsModel) + "), ") + count(Status.MISMATCH) + " mismatched the self-check, "
                + (overBudget == 0 ? "" : overBudget + " over-budget (the self-check's search ran out of "
                + "--search-budget), ") + count(Status.SKIPPED) + " skipped"
                + (judgeCalls() > 0 ? "; " + judgeCalls() + " judge calls" : "");
    }

    /**
     * The verdict, without emphasis: the results that mismatched the self-check and those whose search ran out of
     * the budget (either exits 1), or that none did.
     */
    String verdict() {
        long mismatch = count(Status.MISMATCH);
        long overBudget = count(Status.OVER_BUDGET);
        if (mismatch == 0 && overBudget == 0) {
            return "no result mismatched the self-check";
        }
        List<String> parts = new ArrayList<>();
        if (mismatch > 0) {
            parts.add(mismatch + " result" + (mismatch == 1 ? "" : "s") + " mismatched the self-check");
        }
        if (overBudget > 0) {
            parts.add(overBudget + " result" + (overBudget == 1 ? " was" : "s were") + " not reproduced within the "
                    + "search budget (raise --search-budget)");
        }
        return String.join("; ", parts);
    }

    /** True when the replay exits 1: some result mismatched the self-check or ran out of the search budget. */
    public boolean selfCheckFailed() {
        return count(Status.MISMATCH) > 0 || count(Status.OVER_BUDGET) > 0;
    }

    // ------------------------------------------------------------------ text

    public String text() {
        StringBuilder b = new StringBuilder();
        for (ReplayResult r : results) {
            b.append(r.file()).append(": ").append(r.status().value());
            if (r.status() != Status.REPLAYED) {
                b.append(" (").append(r.reason()).append(")\n");
                if (dateLine(r) != null) {
                    b.append("  ").append(dateLine(r)).append('\n');
                }
                continue;
            }
            b.append(' ').append(r.task()).append(' ').append(r.agent()).append(' ').append(r.answer()).append(": ")
                    .append(score(r.before())).append(" → ").append(after(r)).append(" (").append(delta(r)).append(")\n");
            details(b, r, "  ");
        }
        textRows(b, "agent", agents());
        textRows(b, "task", tasks());
        b.append(summaryLine()).append('\n');
        return b.toString();
    }

    private static void textRows(StringBuilder b, String kind, List<MetricsRow> rows) {
        for (MetricsRow a : rows) {
            List<String> m = a.moves();
            b.append(kind).append(' ').append(a.name()).append(": avg_score ").append(m.get(0)).append(", success_rate ")
                    .append(m.get(1)).append(", pass@").append(a.before().runs()).append(' ').append(m.get(2)).append('\n');
        }
    }

    /** "replayed under evaluation date 2026-11-29, from the file name", or null when the run read no clock. */
    static String dateLine(ReplayResult r) {
        return r.evalDate() == null ? null : "replayed under evaluation date " + r.evalDate()
                + (r.dateSource().equals("stored") ? " (stored)" : ", " + r.dateSource());
    }

    private static void details(StringBuilder b, ReplayResult r, String indent) {
        if (r.hashSeed() != null) {
            b.append(indent).append("replayed under PYTHONHASHSEED ").append(r.hashSeed()).append('\n');
        }
        if (dateLine(r) != null) {
            b.append(indent).append(dateLine(r)).append('\n');
        }
        for (String u : r.roundedUndecided()) {
            b.append(indent).append("undecided by a rounded number: ").append(u).append('\n');
        }
        if (r.bound()) {
            b.append(indent).append("the interval is a bound: its ends are not proven attained\n");
        }
        if (r.seedsSampled() > 0) {
            b.append(indent).append(seedLine(r)).append('\n');
        }
        if (!r.changedNodes().isEmpty()) {
            b.append(indent).append("changed: ").append(String.join(", ", r.changedNodes())).append('\n');
        }
        for (String c : r.unknownClaims()) {
            b.append(indent).append("unknown verdict: ").append(c).append('\n');
        }
        for (String e : r.unknownExtractions()) {
            b.append(indent).append(r.status() == Status.NEEDS_MODEL ? "needs the model: extraction "
                    : "extraction the stored run did not make, answered by the model: ").append(e).append('\n');
        }
        if (r.judgeCalls() > 0) {
            b.append(indent).append(r.judgeCalls()).append(" judge calls for the unknown verdicts and extractions\n");
        }
        if (r.afterError() != null) {
            b.append(indent).append("the after-variant raises: ").append(r.afterError().lines().findFirst().orElse("")).append('\n');
        }
    }

    // ------------------------------------------------------------------ markdown

    /** The Markdown summary under {@code report.md}'s rules (at most 65,536 characters): {@link ReplayMarkdown}. */
    public String markdown() {
        return ReplayMarkdown.render(this, false);
    }

    /** The full Markdown: every result and every changed node, with no limit. */
    public String markdownFull() {
        return ReplayMarkdown.render(this, true);
    }

    /** The full Markdown's file name beside {@code replay.md}. */
    public static String fullMarkdownFile() {
        return ReplayMarkdown.FULL_FILE;
    }

    // ------------------------------------------------------------------ html

    /** One self-contained page like {@code report.html}: {@link ReplayHtml}. */
    public String html() {
        return ReplayHtml.render(this);
    }

    /** The counts in the vocabulary every format shares ({@link ReplayCounts}). */
    public ReplayCounts counts() {
        return ReplayCounts.of(this);
    }

    // ------------------------------------------------------------------ json

    public String json() {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        ObjectNode counts = doc.putObject("counts").put("results", results.size());
        for (Status s : Status.values()) {
            counts.put(s.value(), count(s));
        }
        counts.put("may_change", changed()).put("judge_calls", judgeCalls());
        ArrayNode rows = doc.putArray("results");
        for (ReplayResult r : results) {
            ObjectNode o = rows.addObject().put("file", r.file()).put("task", r.task()).put("agent", r.agent())
                    .put("answer", r.answer()).put("status", r.status().value()).put("reason", r.reason())
                    .put("before", r.before());
            if (r.afterMin() == null) {
                o.putNull("after");
            } else if (r.afterIsPoint()) {
                o.put("after", r.afterMin());
            } else {
                o.putArray("after").add(r.afterMin()).add(r.afterMax());
            }
            o.put("exact", r.exact()).put("enumerated", r.enumerated()).put("bound", r.bound())
                    .put("seeds_sampled", r.seedsSampled());
            if (r.hashSeed() == null) {
                o.putNull("hash_seed");
            } else {
                o.put("hash_seed", r.hashSeed());
            }
            o.put("eval_date", r.evalDate()).put("eval_date_source", r.dateSource());
            r.changedNodes().forEach(o.putArray("changed_nodes")::add);
            r.unknownClaims().forEach(o.putArray("unknown_claims")::add);
            r.unknownExtractions().forEach(o.putArray("unknown_extractions")::add);
            r.roundedUndecided().forEach(o.putArray("rounded_undecided")::add);
            o.put("after_error", r.afterError()).put("judge_calls", r.judgeCalls());
        }
        for (String kind : List.of("agent", "task")) {
            ArrayNode table = doc.putArray(kind + "s");
            for (MetricsRow a : kind.equals("agent") ? agents() : tasks()) {
                ObjectNode o = table.addObject().put(kind, a.name()).put("exact", a.exact())
                        .put("needs_model", a.needsModel());
                o.set("before", metricsJson(a.before()));
                o.set("after_low", a.afterLow() == null ? NullNode.instance : metricsJson(a.afterLow()));
                o.set("after_high", a.afterHigh() == null ? NullNode.instance : metricsJson(a.afterHigh()));
            }
        }
        doc.set("counts", counts().json());
        return JsonFiles.toFileText(doc);
    }

    private static ObjectNode metricsJson(AgentMetrics m) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("num_tasks", m.tasks()).put("num_runs", m.runs())
                .put("avg_score", m.avgScore()).put("avg_score_std", m.avgScoreStd())
                .put("success_rate", m.successRate()).put("success_rate_std", m.successStd())
                .put("pass_at_" + m.runs(), m.passAtK());
        ObjectNode perRun = o.putObject("per_run");
        m.perRun().forEach(perRun::put);
        return o;
    }

    // ------------------------------------------------------------------ numbers

    static String score(Double v) {
        return v == null ? "-" : PyFormat.fixed(v, 4);
    }

    private static String range(double low, double high) {
        return low == high ? score(low) : "[" + score(low) + ", " + score(high) + "]";
    }

    static String after(ReplayResult r) {
        if (r.afterMin() == null) {
            return "raises";
        }
        return range(r.afterMin(), r.afterMax()) + (r.seedsSampled() > 0 ? " (" + r.seedsSampled() + " seeds)" : "");
    }

    /** Why a result's after-score is a range over hash seeds (its {@code seedsSampled} is not 0). */
    static String seedLine(ReplayResult r) {
        return seedRange(r.seedsSampled()) + " (each end attained; another seed may score outside it)";
    }

    /** What an after-score over a sample of {@code seeds} hash seeds is, in every format. */
    static String seedRange(int seeds) {
        return "the after-variant orders a set by the string hashes and the stored result does not say which "
                + "PYTHONHASHSEED its run had: the after-score is the range over PYTHONHASHSEED 0.." + (seeds - 1);
    }

    static String delta(ReplayResult r) {
        if (r.afterMin() == null) {
            return "-";
        }
        double lo = r.afterMin() - r.before();
        double hi = r.afterMax() - r.before();
        return lo == hi ? signed(lo) : "[" + signed(lo) + ", " + signed(hi) + "]";
    }

    private static String signed(double d) {
        return d == 0 ? "+" + PyFormat.fixed(0.0, 4) : (d > 0 ? "+" : "") + PyFormat.fixed(d, 4);
    }
}
