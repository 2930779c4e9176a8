package dev.regrade.reports.model;

import static dev.regrade.reports.model.JsonFields.Kind.BOOL;
import static dev.regrade.reports.model.JsonFields.Kind.INT;
import static dev.regrade.reports.model.JsonFields.Kind.LONG;
import static dev.regrade.reports.model.JsonFields.Kind.NUMBER;
import static dev.regrade.reports.model.JsonFields.Kind.TEXT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.BadJsonException;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.json.TreeJson;
import java.util.List;
import java.util.function.Function;

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
        return JsonFiles.toFileText(toJson(report));
    }

    // ------------------------------------------------------------------ writing

    /** The report as JSON. */
    public static ObjectNode toJson(AuditReport r) {
        ObjectNode o = F.objectNode().put("regrade_audit", r.version()).put("before", r.before())
                .put("after", r.after()).put("judge", r.judge());
        if (r.python() != null) {
            ObjectNode py = o.putObject("python").put("checkout", r.python().checkout());
            r.python().standIns().forEach(py.putArray("stand_ins")::add);
        }
        ArrayNode seeds = o.putArray("seeds");
        r.seeds().forEach(seeds::add);
        ObjectNode exp = o.putObject("expectations").put("source", r.expectations().source())
                .put("description", r.expectations().description());
        ObjectNode scripts = exp.putObject("scripts");
        r.expectations().scripts().forEach((name, a) -> {
            ObjectNode s = scripts.putObject(name);
            s.set("allow", strings(a.allow()));
            s.put("note", a.note());
        });
        Totals t = r.summary();
        o.putObject("summary").put("runs", t.runs()).put("comparisons", t.comparisons()).put("changed", t.changed())
                .put("unexpected", t.unexpected()).put("crashes", t.crashes()).put("determinism", t.determinism())
                .put("lint", t.lint());
        o.set("comparisons", array(r.comparisons(), ReportJson::comparison));
        o.set("unexpected", array(r.unexpected(), ReportJson::unexpected));
        o.set("determinism", array(r.determinism(), ReportJson::seedDifference));
        o.set("lint", array(r.lint(), l -> input(F.objectNode(), l.input(), l.variant()).put("node", l.node())
                .put("claim", l.claim()).set("tokens", strings(l.tokens()))));
        o.set("crashes", array(r.crashes(), ReportJson::crash));
        o.set("changelog", changelog(r.changelog()));
        return o;
    }

    private static ObjectNode unexpected(UnexpectedChange u) {
        ObjectNode o = input(F.objectNode(), u.input()).put("node", u.node());
        o.set("changes", array(u.changes(), ch -> change(F.objectNode(), ch)));
        return o;
    }

    private static ObjectNode changelog(Changelog c) {
        ObjectNode o = F.objectNode();
        o.set("scripts", strings(c.scripts()));
        o.put("line", c.line()).put("withheld", c.withheld());
        o.set("unexercised", strings(c.unexercised()));
        return o;
    }

    private static <T> ArrayNode array(List<T> items, Function<T, JsonNode> write) {
        ArrayNode a = F.arrayNode();
        items.forEach(item -> a.add(write.apply(item)));
        return a;
    }

    private static ArrayNode strings(List<String> items) {
        ArrayNode a = F.arrayNode();
        items.forEach(a::add);
        return a;
    }

    private static ObjectNode seedDifference(SeedDifference d) {
        ObjectNode o = input(F.objectNode(), d.input(), d.variant()).put("base_seed", d.baseSeed())
                .put("seed", d.seed());
        o.set("changes", array(d.changes(), ch -> change(F.objectNode(), ch)));
        return o;
    }

    private static ObjectNode crash(Crash c) {
        return input(F.objectNode(), c.input(), c.variant()).put("error_type", c.errorType()).put("error", c.error())
                .put("other_variant", c.otherVariant()).put("other_outcome", c.otherOutcome().value())
                .put("other_score", c.otherScore());
    }

    private static ObjectNode comparison(Comparison c) {
        ObjectNode o = input(F.objectNode(), c.input());
        o.put("description", c.description());
        o.set("before", run(c.before()));
        o.set("after", run(c.after()));
        o.put("delta", c.delta());
        o.set("changes", array(c.changes(), ch -> change(F.objectNode(), ch.change()).put("expected", ch.expected())));
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
        ObjectNode o = F.objectNode().put("variant", r.variant()).put("outcome", r.outcome().value())
                .put("final_score", r.finalScore());
        if (r.crashed()) {
            o.put("error_type", r.errorType()).put("error", r.error());
        }
        o.put("judge_requests", r.judgeRequests()).put("result", r.result());
        if (r.seedDependent()) {
            o.putObject("seed_range").put("low", r.seedRange().low()).put("high", r.seedRange().high())
                    .put("crashed", r.seedRange().crashed());
        }
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
        int version = o.get("regrade_audit", INT);
        if (version != AuditReport.VERSION) {
            throw new BadJsonException(o.path("regrade_audit"), "format version " + version
                    + "; this Regrade reads version " + AuditReport.VERSION);
        }
        List<Long> seeds = o.list("seeds", LONG);
        if (seeds.isEmpty()) {
            throw new BadJsonException(o.path("seeds"), "expected at least one seed");
        }
        JsonFields exp = o.object("expectations");
        DeclaredExpectations expectations = new DeclaredExpectations(exp.get("source", TEXT),
                exp.get("description", TEXT),
                exp.map("scripts", s -> new AllowedChanges(s.list("allow", TEXT), s.get("note", TEXT))));
        JsonFields t = o.object("summary");
        Totals totals = new Totals(t.get("runs", INT), t.get("comparisons", INT), t.get("changed", INT),
                t.get("unexpected", INT), t.get("crashes", INT), t.get("determinism", INT), t.get("lint", INT));
        return new AuditReport(version, o.get("before", TEXT), o.get("after", TEXT), o.get("judge", TEXT),
                seeds, expectations, totals,
                o.objects("comparisons", ReportJson::comparison),
                o.objects("unexpected", u -> new UnexpectedChange(input(u), u.get("node", TEXT),
                        u.objects("changes", ReportJson::change))),
                o.objects("determinism", d -> new SeedDifference(input(d), d.get("variant", TEXT),
                        d.get("base_seed", LONG), d.get("seed", LONG), d.objects("changes", ReportJson::change))),
                o.objects("lint", l -> new LintFinding(input(l), l.get("variant", TEXT), l.get("node", TEXT),
                        l.get("claim", TEXT), l.list("tokens", TEXT))),
                o.objects("crashes", c -> new Crash(input(c), c.get("variant", TEXT), c.get("error_type", TEXT),
                        c.get("error", TEXT), c.get("other_variant", TEXT),
                        c.parsed("other_outcome", RunOutcome::fromValue), c.getOrNull("other_score", NUMBER))),
                changelog(o.object("changelog")),
                o.has("python") ? python(o.object("python")) : null);
    }

    private static PythonOriginals python(JsonFields p) {
        return new PythonOriginals(p.get("checkout", TEXT), p.list("stand_ins", TEXT));
    }

    private static Changelog changelog(JsonFields c) {
        return new Changelog(c.list("scripts", TEXT), c.getOrNull("line", TEXT), c.getOrNull("withheld", TEXT),
                c.list("unexercised", TEXT));
    }

    private static Comparison comparison(JsonFields c) {
        ChangedTrees trees = null;
        if (c.has("trees")) {
            JsonFields t = c.object("trees");
            trees = new ChangedTrees(tree(t, "before"), tree(t, "after"));
        }
        return new Comparison(input(c), c.get("description", TEXT), run(c.object("before")), run(c.object("after")),
                c.getOrNull("delta", NUMBER),
                c.objects("changes", ch -> new CheckedChange(change(ch), ch.get("expected", BOOL))),
                c.get("changed", BOOL), c.get("unexpected", INT), trees);
    }

    private static ResultNode tree(JsonFields trees, String side) {
        JsonNode v = trees.value(side);
        return v.isNull() ? null : TreeJson.readStored(v, trees.path(side));
    }

    private static ComparedRun run(JsonFields r) {
        return new ComparedRun(r.get("variant", TEXT), r.parsed("outcome", RunOutcome::fromValue),
                r.getOrNull("final_score", NUMBER), r.getOrNull("error_type", TEXT), r.getOrNull("error", TEXT),
                r.get("judge_requests", INT), r.get("result", TEXT),
                r.has("seed_range") ? seedRange(r.object("seed_range")) : null);
    }

    private static SeedRange seedRange(JsonFields s) {
        return new SeedRange(s.getOrNull("low", NUMBER), s.getOrNull("high", NUMBER), s.get("crashed", BOOL));
    }

    private static ScriptInput input(JsonFields o) {
        return new ScriptInput(o.get("script", TEXT), o.get("input_kind", TEXT), o.get("input", TEXT));
    }

    private static NodeChange change(JsonFields c) {
        return new NodeChange(c.parsed("class", ChangeClass::fromLabel), c.get("kind", TEXT), c.get("node", TEXT),
                c.getOrNull("before", TEXT), c.getOrNull("after", TEXT), c.get("text", TEXT));
    }
}
