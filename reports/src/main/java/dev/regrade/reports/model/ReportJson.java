package dev.regrade.reports.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.BadJsonException;
import dev.regrade.rubric.json.PyJson;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.json.TreeJson;
import java.util.List;

/**
 * {@code report.json}: the one writer and the one reader of an {@link AuditReport}. Keys are written
 * in the order below, numbers and strings as Python's {@code json.dumps(indent=4)} writes them;
 * reading checks every field and names the JSON path of the first problem.
 */
public final class ReportJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ReportJson() {
    }

    /** The file text of {@code report.json}. */
    public static String toFileText(AuditReport report) {
        return PyJson.toFileText(toJson(report));
    }

    // ------------------------------------------------------------------ writing

    /** The report as JSON. */
    public static ObjectNode toJson(AuditReport r) {
        ObjectNode o = F.objectNode();
        o.put("regrade_audit", r.version());
        o.put("before", r.before());
        o.put("after", r.after());
        o.put("judge", r.judge());
        ArrayNode seeds = o.putArray("seeds");
        r.seeds().forEach(seeds::add);
        ObjectNode exp = o.putObject("expectations");
        exp.put("source", r.expectations().source());
        exp.put("description", r.expectations().description());
        ObjectNode scripts = exp.putObject("scripts");
        r.expectations().scripts().forEach((name, a) -> {
            ObjectNode s = scripts.putObject(name);
            ArrayNode allow = s.putArray("allow");
            a.allow().forEach(allow::add);
            s.put("note", a.note());
        });
        Totals t = r.summary();
        o.putObject("summary").put("runs", t.runs()).put("comparisons", t.comparisons()).put("changed", t.changed())
                .put("unexpected", t.unexpected()).put("crashes", t.crashes()).put("determinism", t.determinism())
                .put("lint", t.lint());
        ArrayNode comparisons = o.putArray("comparisons");
        r.comparisons().forEach(c -> comparisons.add(comparison(c)));
        ArrayNode unexpected = o.putArray("unexpected");
        for (UnexpectedChange u : r.unexpected()) {
            ObjectNode x = input(unexpected.addObject(), u.input());
            change(x, u.change());
        }
        ArrayNode determinism = o.putArray("determinism");
        for (SeedDifference d : r.determinism()) {
            ObjectNode x = input(determinism.addObject(), d.input(), d.variant());
            x.put("base_seed", d.baseSeed());
            x.put("seed", d.seed());
            ArrayNode changes = x.putArray("changes");
            d.changes().forEach(ch -> change(changes.addObject(), ch));
        }
        ArrayNode lint = o.putArray("lint");
        for (LintFinding l : r.lint()) {
            ObjectNode x = input(lint.addObject(), l.input(), l.variant());
            x.put("node", l.node());
            x.put("claim", l.claim());
            ArrayNode tokens = x.putArray("tokens");
            l.tokens().forEach(tokens::add);
        }
        ArrayNode crashes = o.putArray("crashes");
        for (Crash c : r.crashes()) {
            ObjectNode x = input(crashes.addObject(), c.input(), c.variant());
            x.put("error_type", c.errorType());
            x.put("error", c.error());
            x.put("other_variant", c.otherVariant());
            x.put("other_outcome", c.otherOutcome().value());
            x.put("other_score", c.otherScore());
        }
        o.put("changelog", r.changelog());
        return o;
    }

    private static ObjectNode comparison(Comparison c) {
        ObjectNode o = input(F.objectNode(), c.input());
        o.put("description", c.description());
        o.set("before", run(c.before()));
        o.set("after", run(c.after()));
        o.put("delta", c.delta());
        ArrayNode changes = o.putArray("changes");
        for (CheckedChange ch : c.changes()) {
            change(changes.addObject(), ch.change()).put("expected", ch.expected());
        }
        o.put("changed", c.changed());
        o.put("unexpected", c.unexpected());
        if (c.trees() != null) {
            ObjectNode trees = o.putObject("trees");
            trees.set("before", tree(c.trees().before()));
            trees.set("after", tree(c.trees().after()));
        }
        return o;
    }

    private static JsonNode tree(ResultNode root) {
        return root == null ? F.nullNode() : TreeJson.toJson(root);
    }

    private static ObjectNode run(ComparedRun r) {
        ObjectNode o = F.objectNode();
        o.put("variant", r.variant());
        o.put("outcome", r.outcome().value());
        o.put("final_score", r.finalScore());
        if (r.crashed()) {
            o.put("error_type", r.errorType());
            o.put("error", r.error());
        }
        o.put("judge_requests", r.judgeRequests());
        o.put("result", r.result());
        return o;
    }

    private static ObjectNode input(ObjectNode o, ScriptInput in) {
        return o.put("script", in.script()).put("input_kind", in.inputKind()).put("input", in.input());
    }

    private static ObjectNode input(ObjectNode o, ScriptInput in, String variant) {
        return o.put("script", in.script()).put("variant", variant).put("input_kind", in.inputKind())
                .put("input", in.input());
    }

    private static ObjectNode change(ObjectNode o, NodeChange c) {
        return o.put("class", c.changeClass().label()).put("kind", c.kind()).put("node", c.node())
                .put("before", c.before()).put("after", c.after()).put("text", c.text());
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads a report document; a field missing or of the wrong type is a {@link BadJsonException}
     * naming its JSON path.
     */
    public static AuditReport read(JsonNode json) {
        JsonFields o = JsonFields.of(json, "$");
        int version = o.integer("regrade_audit");
        if (version != AuditReport.VERSION) {
            throw new BadJsonException(o.path("regrade_audit"), "format version " + version
                    + "; this Regrade reads version " + AuditReport.VERSION);
        }
        List<Long> seeds = o.list("seeds", JsonFields::longInteger);
        if (seeds.isEmpty()) {
            throw new BadJsonException(o.path("seeds"), "expected at least one seed");
        }
        JsonFields exp = o.object("expectations");
        DeclaredExpectations expectations = new DeclaredExpectations(exp.text("source"), exp.text("description"),
                exp.map("scripts", s -> new AllowedChanges(s.list("allow", JsonFields::text), s.text("note"))));
        JsonFields t = o.object("summary");
        Totals totals = new Totals(t.integer("runs"), t.integer("comparisons"), t.integer("changed"),
                t.integer("unexpected"), t.integer("crashes"), t.integer("determinism"), t.integer("lint"));
        return new AuditReport(version, o.text("before"), o.text("after"), o.text("judge"),
                seeds, expectations, totals,
                o.objects("comparisons", ReportJson::comparison),
                o.objects("unexpected", u -> new UnexpectedChange(input(u), change(u))),
                o.objects("determinism", d -> new SeedDifference(input(d), d.text("variant"),
                        d.longInteger("base_seed"), d.longInteger("seed"), d.objects("changes", ReportJson::change))),
                o.objects("lint", l -> new LintFinding(input(l), l.text("variant"), l.text("node"), l.text("claim"),
                        l.list("tokens", JsonFields::text))),
                o.objects("crashes", c -> new Crash(input(c), c.text("variant"), c.text("error_type"),
                        c.text("error"), c.text("other_variant"), c.parsed("other_outcome", RunOutcome::fromValue),
                        c.numberOrNull("other_score"))),
                o.text("changelog"));
    }

    private static Comparison comparison(JsonFields c) {
        ChangedTrees trees = null;
        if (c.has("trees")) {
            JsonFields t = c.object("trees");
            trees = new ChangedTrees(tree(t, "before"), tree(t, "after"));
        }
        return new Comparison(input(c), c.text("description"), run(c.object("before")), run(c.object("after")),
                c.numberOrNull("delta"),
                c.objects("changes", ch -> new CheckedChange(change(ch), ch.bool("expected"))),
                c.bool("changed"), c.integer("unexpected"), trees);
    }

    private static ResultNode tree(JsonFields trees, String side) {
        JsonNode v = trees.value(side);
        return v.isNull() ? null : TreeJson.readStored(v, trees.path(side));
    }

    private static ComparedRun run(JsonFields r) {
        return new ComparedRun(r.text("variant"), r.parsed("outcome", RunOutcome::fromValue),
                r.numberOrNull("final_score"), r.textOrNull("error_type"), r.textOrNull("error"),
                r.integer("judge_requests"), r.text("result"));
    }

    private static ScriptInput input(JsonFields o) {
        return new ScriptInput(o.text("script"), o.text("input_kind"), o.text("input"));
    }

    private static NodeChange change(JsonFields c) {
        return new NodeChange(c.parsed("class", ChangeClass::fromLabel), c.text("kind"), c.text("node"),
                c.textOrNull("before"), c.textOrNull("after"), c.text("text"));
    }
}
