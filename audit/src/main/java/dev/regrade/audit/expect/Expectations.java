package dev.regrade.audit.expect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.api.JsonField;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a scoring change is declared to change: per script, the node-id globs ({@code *} any run of
 * characters, {@code ?} one) whose structural, content or verdict changes are expected, and a
 * note. Scripts not listed must not change at all. Derived changes are never unexpected.
 *
 * <pre>{"description": "...", "scripts": {"gas_stations": {"allow": ["station_*_distance_check"], "note": "..."}}}</pre>
 */
public final class Expectations {
    /** One script's declaration. */
    public record ScriptExpectation(List<String> allow, String note) {
        public ScriptExpectation {
            allow = List.copyOf(allow);
        }
    }

    private static final String SHIPPED = "fixes-2025_10_23.json";

    private final String source;
    private final String description;
    private final Map<String, ScriptExpectation> scripts;
    private final Map<String, List<Pattern>> compiled;

    private Expectations(String source, String description, Map<String, ScriptExpectation> scripts) {
        this.source = source;
        this.description = description;
        this.scripts = Collections.unmodifiableMap(scripts);
        Map<String, List<Pattern>> c = new LinkedHashMap<>();
        scripts.forEach((k, v) -> c.put(k, v.allow().stream().map(Expectations::glob).toList()));
        this.compiled = c;
    }

    /** The shipped expectations of the FIXES.md §A fix set (released → fixed). */
    public static Expectations shipped() {
        try (InputStream in = Expectations.class.getResourceAsStream(SHIPPED)) {
            return parse("(built-in) " + SHIPPED, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("missing built-in expectations " + SHIPPED, e);
        }
    }

    /** Loads an expectations file; problems are {@link BadInputException}s naming the file and key. */
    public static Expectations load(Path file) {
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read the expectations file: " + IoProblems.describe(e));
        }
    }

    /**
     * Reads expectations from JSON text ({@link #toJson}'s or a file's); {@code source} names where
     * they came from in the report and in messages.
     */
    public static Expectations parse(String source, String text) {
        JsonNode root;
        try {
            root = JsonFiles.READER.readTree(text);
        } catch (JsonProcessingException e) {
            throw BadInputException.invalidJson(source, e);
        }
        return fromJson(source, JsonField.root(source, root));
    }

    /**
     * Reads expectations from a JSON value ({@link #toJson}'s), e.g. the copy a shard's manifest
     * records; {@code source} names where they came from in the report, the field's file and path
     * name the place of a problem.
     */
    public static Expectations fromJson(String source, JsonField root) {
        root.as(JsonField.Kind.OBJECT.as("a JSON object with \"scripts\""));
        root.onlyKeys(List.of("description", "scripts"));
        JsonField s = root.get("scripts");
        s.as(JsonField.Kind.OBJECT.as("an object keyed by script name"));
        Map<String, ScriptExpectation> map = s.map(v -> {
            v.as(JsonField.Kind.OBJECT.as("{\"allow\": [...], \"note\": \"...\"}"));
            v.onlyKeys(List.of("allow", "note"));
            JsonField allow = v.get("allow");
            allow.as(JsonField.Kind.ARRAY.as("a list of node-id globs"));
            List<String> globs = allow.list(JsonField.Kind.TEXT.where(g -> !g.textValue().isEmpty(),
                    "a non-empty glob"));
            return new ScriptExpectation(globs, v.get("note").textOr(""));
        });
        return new Expectations(source, root.get("description").textOr(""), new LinkedHashMap<>(map));
    }

    /** Where these expectations came from (a file path or the built-in name). */
    public String source() {
        return source;
    }

    public String description() {
        return description;
    }

    /** The declarations, by script, in file order. */
    public Map<String, ScriptExpectation> scripts() {
        return scripts;
    }

    /** The declaration as an expectations file writes it: {@link #parse} of it gives these expectations. */
    public ObjectNode toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode().put("description", description);
        ObjectNode s = root.putObject("scripts");
        scripts.forEach((name, e) -> {
            ObjectNode o = s.putObject(name);
            e.allow().forEach(o.putArray("allow")::add);
            o.put("note", e.note());
        });
        return root;
    }

    /**
     * True for the shipped declaration: it declares every script's fix, so an audit of some scripts
     * uses part of it, and a narrowed input set may exercise none of a glob's nodes. The checks below
     * are for a declaration written for one audit ({@code --expect}).
     */
    public boolean builtIn() {
        return source.startsWith("(built-in)");
    }

    /**
     * Bad input when an entry names a script the audit does not run: a typo would otherwise silently
     * allow nothing, and the misspelt script's changes would look undeclared.
     */
    public void checkScripts(Collection<String> audited) {
        for (String name : scripts.keySet()) {
            if (!audited.contains(name)) {
                throw new BadInputException(source + ": scripts." + name + ": no audited script is named '" + name
                        + "'" + DidYouMean.suffix(name, audited) + " (audited: " + String.join(", ", audited) + ")");
            }
        }
    }

    /**
     * Bad input when a glob of an audited script matches no node id the script produced in the audit
     * ({@code nodeIds}: every id of every before and after tree, by script): such a glob allows nothing,
     * most likely a misspelt id. The message names the glob, the script and the nearest ids.
     */
    public void checkGlobs(Map<String, ? extends Collection<String>> nodeIds) {
        scripts.forEach((script, e) -> {
            Collection<String> ids = nodeIds.get(script);
            if (ids == null) {
                return; // not audited: checkScripts' concern
            }
            List<Pattern> globs = compiled.get(script);
            for (int i = 0; i < globs.size(); i++) {
                Pattern p = globs.get(i);
                if (ids.stream().noneMatch(id -> p.matcher(id).matches())) {
                    String glob = e.allow().get(i);
                    String hint = DidYouMean.closest(glob, ids).map(c -> "did you mean '" + c + "'?")
                            .orElse(ids.isEmpty() ? "the audit produced no tree of it"
                                    : "nearest node ids: " + String.join(", ", DidYouMean.nearest(glob, ids, 3)));
                    throw new BadInputException(source + ": scripts." + script + ".allow[" + i + "]: '" + glob
                            + "' matches no node " + script + " produces in this audit; " + hint);
                }
            }
        });
    }

    /**
     * A draft declaration of what an audit actually changed, for the PR author to trim and commit: one
     * entry per script with a non-derived change (or a run that crashed on one side only), one glob per
     * node pattern (node ids that differ only in their numbers become one {@code *} glob, e.g.
     * {@code station_*_distance_check}), and in the note each pattern's classes of change. {@code from}
     * names the audit in the description. Passing it as {@code --expect} to the same audit passes.
     */
    public static Expectations drafted(AuditReport report, String from) {
        Map<String, Map<String, java.util.TreeSet<String>>> byScript = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> idsByPattern = new LinkedHashMap<>();
        for (Comparison c : report.comparisons()) {
            for (CheckedChange ch : c.changes()) {
                NodeChange n = ch.change();
                if (n.derived()) {
                    continue;
                }
                String script = c.input().script();
                Map<String, java.util.TreeSet<String>> patterns = byScript.computeIfAbsent(script,
                        k -> new LinkedHashMap<>());
                if (n.node().equals("(run)")) {
                    continue; // an outcome change is allowed wherever the script is declared at all
                }
                String key = DIGITS.matcher(n.node()).replaceAll("*");
                List<String> ids = idsByPattern.computeIfAbsent(script, k -> new LinkedHashMap<>())
                        .computeIfAbsent(key, k -> new ArrayList<>());
                if (!ids.contains(n.node())) {
                    ids.add(n.node());
                }
                patterns.computeIfAbsent(key, k -> new java.util.TreeSet<>())
                        .add(n.changeClass().name().toLowerCase(java.util.Locale.ROOT));
            }
        }
        Map<String, ScriptExpectation> scripts = new LinkedHashMap<>();
        byScript.forEach((script, patterns) -> {
            List<String> allow = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            patterns.forEach((key, classes) -> {
                List<String> ids = idsByPattern.get(script).get(key);
                // One id: itself; several alike: the pattern.
                String glob = ids.size() == 1 ? ids.get(0) : key;
                allow.add(glob);
                notes.add(glob + ": " + String.join(", ", classes)
                        + (ids.size() == 1 ? "" : " (" + ids.size() + " nodes)"));
            });
            scripts.put(script, new ScriptExpectation(allow, notes.isEmpty() ? "outcome only (a run crashed on one side)"
                    : String.join("; ", notes)));
        });
        return new Expectations(from, "Drafted by regrade expect init from " + from + " (" + report.before()
                + " → " + report.after() + "): every change the audit found; trim it to what the PR declares.",
                scripts);
    }

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    /** A copy without one script (for tests and what-if audits). */
    public Expectations without(String script) {
        Map<String, ScriptExpectation> m = new LinkedHashMap<>(scripts);
        m.remove(script);
        return new Expectations(source + " without " + script, description, m);
    }

    /** True when the change is allowed: derived, or on a node the script's globs name. */
    public boolean expected(String script, Change change) {
        if (change.changeClass() == ChangeClass.DERIVED) {
            return true;
        }
        List<Pattern> globs = compiled.get(script);
        if (globs == null) {
            return false;
        }
        for (Pattern p : globs) {
            if (p.matcher(change.nodeId()).matches()) {
                return true;
            }
        }
        return false;
    }

    private static Pattern glob(String g) {
        StringBuilder b = new StringBuilder();
        for (char c : g.toCharArray()) {
            switch (c) {
                case '*' -> b.append(".*");
                case '?' -> b.append('.');
                default -> b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(b.toString());
    }
}
