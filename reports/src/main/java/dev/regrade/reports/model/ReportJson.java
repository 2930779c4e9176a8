package dev.regrade.reports.model;

import static dev.regrade.api.JsonField.Kind.LONG;
import static dev.regrade.api.JsonField.Kind.NUMBER;
import static dev.regrade.api.JsonField.Kind.TEXT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.rubric.diff.ChangeClass;
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
            if (r.python().revisions() != null) {
                py.set("revisions", revisions(r.python().revisions()));
            }
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
            if (!a.promptExtractions().isEmpty() || !a.promptNodes().isEmpty()) {
                ObjectNode p = s.putObject("prompts");
                p.set("extractions", strings(a.promptExtractions()));
                p.set("nodes", strings(a.promptNodes()));
            }
        });
        Totals t = r.summary();
        o.putObject("summary").put("runs", t.runs()).put("comparisons", t.comparisons()).put("changed", t.changed())
                .put("unexpected", t.unexpected()).put("crashes", t.crashes()).put("determinism", t.determinism())
                .put("lint", t.lint()).put("prompts", t.prompts()).put("prompt_scripts", t.promptScripts());
        o.set("comparisons", array(r.comparisons(), ReportJson::comparison));
        o.set("unexpected", array(r.unexpected(), ReportJson::unexpected));
        o.set("determinism", array(r.determinism(), ReportJson::seedDifference));
        o.set("lint", array(r.lint(), l -> input(F.objectNode(), l.input(), l.variant()).put("node", l.node())
                .put("claim", l.claim()).set("tokens", strings(l.tokens()))));
        o.set("crashes", array(r.crashes(), ReportJson::crash));
        o.set("prompts", array(r.prompts(), ReportJson::prompt));
        o.set("changelog", changelog(r.changelog()));
        return o;
    }

    private static ObjectNode prompt(PromptChange p) {
        ObjectNode o = input(F.objectNode(), p.input()).put("kind", p.kind()).put("subject", p.subject())
                .put("occurrence", p.occurrence()).put("url", p.url());
        o.set("parts", strings(p.parts()));
        return o.put("diff", p.diff()).put("expected", p.expected());
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
     * Reads a report document ({@code file} names it in errors, or null); a field missing or of the
     * wrong type is a {@link BadInputException} naming the file and its JSON path.
     */
    public static AuditReport read(String file, JsonNode json) {
        JsonField o = JsonField.root(file, json).object();
        JsonField v = o.get("regrade_audit");
        int version = v.integer();
        if (version != AuditReport.VERSION) {
            throw v.bad("format version " + version + "; this Regrade reads version " + AuditReport.VERSION);
        }
        List<Long> seeds = o.get("seeds").list(LONG);
        if (seeds.isEmpty()) {
            throw o.get("seeds").bad("expected at least one seed");
        }
        JsonField exp = o.get("expectations");
        DeclaredExpectations expectations = new DeclaredExpectations(exp.get("source").text(),
                exp.get("description").text(), exp.get("scripts").map(s -> new AllowedChanges(
                        s.get("allow").list(TEXT), s.get("note").text(),
                        s.get("prompts").isMissing() ? List.of() : s.get("prompts").get("extractions").list(TEXT),
                        s.get("prompts").isMissing() ? List.of() : s.get("prompts").get("nodes").list(TEXT))));
        JsonField t = o.get("summary");
        Totals totals = new Totals(t.get("runs").integer(), t.get("comparisons").integer(),
                t.get("changed").integer(), t.get("unexpected").integer(), t.get("crashes").integer(),
                t.get("determinism").integer(), t.get("lint").integer(), t.get("prompts").integer(),
                t.get("prompt_scripts").integer());
        return new AuditReport(version, o.get("before").text(), o.get("after").text(), o.get("judge").text(),
                seeds, expectations, totals,
                o.get("comparisons").list(ReportJson::comparison),
                o.get("unexpected").list(u -> new UnexpectedChange(input(u), u.get("node").text(),
                        u.get("changes").list(ReportJson::change))),
                o.get("determinism").list(d -> new SeedDifference(input(d), d.get("variant").text(),
                        d.get("base_seed").longInteger(), d.get("seed").longInteger(),
                        d.get("changes").list(ReportJson::change))),
                o.get("lint").list(l -> new LintFinding(input(l), l.get("variant").text(), l.get("node").text(),
                        l.get("claim").text(), l.get("tokens").list(TEXT))),
                o.get("crashes").list(c -> new Crash(input(c), c.get("variant").text(), c.get("error_type").text(),
                        c.get("error").text(), c.get("other_variant").text(),
                        c.get("other_outcome").parsed(RunOutcome::fromValue),
                        c.get("other_score").optionalOrNull(NUMBER))),
                changelog(o.get("changelog")),
                o.get("python").isMissing() ? null : python(o.get("python")),
                o.get("prompts").list(p -> new PromptChange(input(p), p.get("kind").parsed(ReportJson::promptKind),
                        p.get("subject").text(), p.get("occurrence").integer(), p.get("url").optionalOrNull(TEXT),
                        p.get("parts").list(TEXT), p.get("diff").text(), p.get("expected").bool())));
    }

    private static String promptKind(String kind) {
        if (!kind.equals("extraction") && !kind.equals("judge")) {
            throw new IllegalArgumentException("unknown prompt kind '" + kind + "' (expected extraction or judge)");
        }
        return kind;
    }

    private static PythonOriginals python(JsonField p) {
        JsonField rev = p.get("revisions");
        return new PythonOriginals(p.get("checkout").text(), p.get("stand_ins").list(TEXT),
                rev.isMissingOrNull() ? null : revisions(rev));
    }

    private static ObjectNode revisions(PythonOriginals.Revisions r) {
        ObjectNode o = F.objectNode();
        o.set("base", side(r.base()));
        o.set("head", side(r.head()));
        o.set("engine", r.engine() == null ? F.nullNode() : side(r.engine()));
        o.put("scripts_path", r.scriptsPath());
        o.set("engine_changes", strings(r.engineChanges()));
        ArrayNode tasks = o.putArray("tasks");
        r.tasks().forEach(t -> tasks.addObject().put("task", t.task()).put("audited", t.audited()).put("reason", t.reason()));
        return o;
    }

    private static ObjectNode side(PythonOriginals.Side s) {
        return F.objectNode().put("given", s.given()).put("commit", s.commit());
    }

    private static PythonOriginals.Revisions revisions(JsonField r) {
        JsonField engine = r.get("engine");
        return new PythonOriginals.Revisions(side(r.get("base")), side(r.get("head")),
                engine.isMissingOrNull() ? null : side(engine), r.get("scripts_path").text(),
                r.get("engine_changes").list(TEXT), r.get("tasks").list(t -> new PythonOriginals.Selection(
                        t.get("task").text(), t.get("audited").bool(), t.get("reason").text())));
    }

    private static PythonOriginals.Side side(JsonField s) {
        return new PythonOriginals.Side(s.get("given").text(), s.get("commit").text());
    }

    private static Changelog changelog(JsonField c) {
        return new Changelog(c.get("scripts").list(TEXT), c.get("line").optionalOrNull(TEXT),
                c.get("withheld").optionalOrNull(TEXT), c.get("unexercised").list(TEXT));
    }

    private static Comparison comparison(JsonField c) {
        ChangedTrees trees = null;
        JsonField t = c.get("trees");
        if (!t.isMissing()) {
            trees = new ChangedTrees(tree(t.get("before")), tree(t.get("after")));
        }
        return new Comparison(input(c), c.get("description").text(), run(c.get("before")), run(c.get("after")),
                c.get("delta").optionalOrNull(NUMBER),
                c.get("changes").list(ch -> new CheckedChange(change(ch), ch.get("expected").bool())),
                c.get("changed").bool(), c.get("unexpected").integer(), trees);
    }

    private static ResultNode tree(JsonField side) {
        return side.value().isNull() ? null : TreeJson.readStored(side);
    }

    private static ComparedRun run(JsonField r) {
        JsonField range = r.get("seed_range");
        return new ComparedRun(r.get("variant").text(), r.get("outcome").parsed(RunOutcome::fromValue),
                r.get("final_score").optionalOrNull(NUMBER), r.get("error_type").optionalOrNull(TEXT),
                r.get("error").optionalOrNull(TEXT), r.get("judge_requests").integer(), r.get("result").text(),
                range.isMissing() ? null : seedRange(range));
    }

    private static SeedRange seedRange(JsonField s) {
        return new SeedRange(s.get("low").optionalOrNull(NUMBER), s.get("high").optionalOrNull(NUMBER),
                s.get("crashed").bool());
    }

    private static ScriptInput input(JsonField o) {
        return new ScriptInput(o.get("script").text(), o.get("input_kind").text(), o.get("input").text());
    }

    private static NodeChange change(JsonField c) {
        return new NodeChange(c.get("class").parsed(ChangeClass::fromLabel), c.get("kind").text(),
                c.get("node").text(), c.get("before").optionalOrNull(TEXT), c.get("after").optionalOrNull(TEXT),
                c.get("text").text());
    }
}
