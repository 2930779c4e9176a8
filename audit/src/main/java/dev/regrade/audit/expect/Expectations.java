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
import dev.regrade.reports.model.PromptChange;
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
 *
 * <p>A script's prompt changes (a prompt it sends that differs before and after) are allowed by
 * its optional {@code "prompts": {"extractions": [globs of extraction names], "nodes": [globs of
 * checked node ids]}}; any other prompt change is unexpected.
 */
public final class Expectations {
    /**
     * One script's declaration.
     *
     * @param allow             node-id globs whose structural, content and verdict changes are expected
     * @param note              what the fix changes
     * @param promptExtractions extraction-name globs whose prompt changes are expected
     * @param promptNodes       node-id globs whose check prompts (claim, instruction, text) may change
     */
    public record ScriptExpectation(List<String> allow, String note, List<String> promptExtractions,
                                    List<String> promptNodes) {
        public ScriptExpectation {
            allow = List.copyOf(allow);
            promptExtractions = List.copyOf(promptExtractions);
            promptNodes = List.copyOf(promptNodes);
        }

        /** A declaration that allows no prompt change. */
        public ScriptExpectation(List<String> allow, String note) {
            this(allow, note, List.of(), List.of());
        }
    }

    private static final String SHIPPED = "fixes-2025_10_23.json";

    private final String source;
    private final String description;
    private final Map<String, ScriptExpectation> scripts;
    private final Map<String, List<Pattern>> compiled;
    private final Map<String, List<Pattern>> compiledExtractions;
    private final Map<String, List<Pattern>> compiledPromptNodes;

    private Expectations(String source, String description, Map<String, ScriptExpectation> scripts) {
        this.source = source;
        this.description = description;
        this.scripts = Collections.unmodifiableMap(scripts);
        Map<String, List<Pattern>> c = new LinkedHashMap<>();
        scripts.forEach((k, v) -> c.put(k, v.allow().stream().map(Expectations::glob).toList()));
        this.compiled = c;
        Map<String, List<Pattern>> x = new LinkedHashMap<>();
        Map<String, List<Pattern>> n = new LinkedHashMap<>();
        scripts.forEach((k, v) -> {
            x.put(k, v.promptExtractions().stream().map(Expectations::glob).toList());
            n.put(k, v.promptNodes().stream().map(Expectations::glob).toList());
        });
        this.compiledExtractions = x;
        this.compiledPromptNodes = n;
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
            v.onlyKeys(List.of("allow", "note", "prompts"));
            JsonField allow = v.get("allow");
            allow.as(JsonField.Kind.ARRAY.as("a list of node-id globs"));
            List<String> globs = globs(allow);
            JsonField prompts = v.get("prompts");
            List<String> extractions = List.of();
            List<String> nodes = List.of();
            if (!prompts.isMissing()) {
                prompts.as(JsonField.Kind.OBJECT.as("{\"extractions\": [...], \"nodes\": [...]}"));
                prompts.onlyKeys(List.of("extractions", "nodes"));
                extractions = optionalGlobs(prompts.get("extractions"), "a list of extraction-name globs");
                nodes = optionalGlobs(prompts.get("nodes"), "a list of node-id globs");
            }
            return new ScriptExpectation(globs, v.get("note").textOr(""), extractions, nodes);
        });
        return new Expectations(source, root.get("description").textOr(""), new LinkedHashMap<>(map));
    }

    private static List<String> globs(JsonField list) {
        return list.list(JsonField.Kind.TEXT.where(g -> !g.textValue().isEmpty(), "a non-empty glob"));
    }

    private static List<String> optionalGlobs(JsonField list, String what) {
        if (list.isMissing()) {
            return List.of();
        }
        list.as(JsonField.Kind.ARRAY.as(what));
        return globs(list);
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
            if (!e.promptExtractions().isEmpty() || !e.promptNodes().isEmpty()) {
                ObjectNode p = o.putObject("prompts");
                if (!e.promptExtractions().isEmpty()) {
                    e.promptExtractions().forEach(p.putArray("extractions")::add);
                }
                if (!e.promptNodes().isEmpty()) {
                    e.promptNodes().forEach(p.putArray("nodes")::add);
                }
            }
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
     * Bad input when a prompt glob of an audited script matches no prompt the script sent in the audit
     * ({@code extractions}: the extraction names of every run, by script; {@code checkedNodes}: the
     * node ids of every check, by script): it allows nothing, most likely a misspelt name. The message
     * names the glob, the script and the nearest names.
     */
    public void checkPromptGlobs(Map<String, ? extends Collection<String>> extractions,
                                 Map<String, ? extends Collection<String>> checkedNodes) {
        scripts.forEach((script, e) -> {
            if (!extractions.containsKey(script) && !checkedNodes.containsKey(script)) {
                return; // not audited: checkScripts' concern
            }
            checkNames(script, "prompts.extractions", e.promptExtractions(), compiledExtractions.get(script),
                    extractions.containsKey(script) ? extractions.get(script) : List.of(), "extraction",
                    "extraction names");
            checkNames(script, "prompts.nodes", e.promptNodes(), compiledPromptNodes.get(script),
                    checkedNodes.containsKey(script) ? checkedNodes.get(script) : List.of(), "checked node",
                    "checked node ids");
        });
    }

    private void checkNames(String script, String key, List<String> globs, List<Pattern> patterns,
                            Collection<String> names, String what, String nearest) {
        for (int i = 0; i < globs.size(); i++) {
            Pattern p = patterns.get(i);
            if (names.stream().noneMatch(n -> p.matcher(n).matches())) {
                String glob = globs.get(i);
                String hint = DidYouMean.closest(glob, names).map(c -> "did you mean '" + c + "'?")
                        .orElse(names.isEmpty() ? "it sent no such prompt in this audit"
                                : nearest + ": " + String.join(", ", DidYouMean.nearest(glob, names, 3)));
                throw new BadInputException(source + ": scripts." + script + "." + key + "[" + i + "]: '" + glob
                        + "' matches no " + what + " prompt " + script + " sends in this audit; " + hint);
            }
        }
    }

    /**
     * True when a prompt change is allowed: its extraction name (kind {@code extraction}) or checked
     * node id (kind {@code judge}) matches one of the script's prompt globs.
     */
    public boolean promptExpected(String script, String kind, String subject) {
        List<Pattern> globs = ("extraction".equals(kind) ? compiledExtractions : compiledPromptNodes).get(script);
        return globs != null && globs.stream().anyMatch(p -> p.matcher(subject).matches());
    }

    /**
     * A draft declaration of what an audit actually changed, for the PR author to trim and commit: one
     * entry per script with a non-derived change (or a run that crashed on one side only), one glob per
     * node pattern (node ids that differ only in their numbers become one {@code *} glob, e.g.
     * {@code station_*_distance_check}), the prompt changes' extraction names and node ids as prompt
     * globs (folded alike), and in the note each pattern's classes of change. {@code from}
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
        // The prompt changes: per script, extraction-name and node-id globs, numbers folded as above.
        Map<String, Map<String, List<String>>> extractions = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> checked = new LinkedHashMap<>();
        for (PromptChange p : report.prompts()) {
            String script = p.input().script();
            byScript.computeIfAbsent(script, k -> new LinkedHashMap<>());
            Map<String, Map<String, List<String>>> into = p.kind().equals("extraction") ? extractions : checked;
            List<String> names = into.computeIfAbsent(script, k -> new LinkedHashMap<>())
                    .computeIfAbsent(DIGITS.matcher(p.subject()).replaceAll("*"), k -> new ArrayList<>());
            if (!names.contains(p.subject())) {
                names.add(p.subject());
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
            List<String> promptExtractions = promptGlobs(extractions.get(script));
            List<String> promptNodes = promptGlobs(checked.get(script));
            if (!promptExtractions.isEmpty()) {
                notes.add("prompts of extractions " + String.join(", ", promptExtractions));
            }
            if (!promptNodes.isEmpty()) {
                notes.add("prompts of checks " + String.join(", ", promptNodes));
            }
            scripts.put(script, new ScriptExpectation(allow, notes.isEmpty() ? "outcome only (a run crashed on one side)"
                    : String.join("; ", notes), promptExtractions, promptNodes));
        });
        return new Expectations(from, "Drafted by regrade expect init from " + from + " (" + report.before()
                + " → " + report.after() + "): every change the audit found; trim it to what the PR declares.",
                scripts);
    }

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    /** One glob per name pattern: the name itself when one name has it, else the pattern. */
    private static List<String> promptGlobs(Map<String, List<String>> byPattern) {
        List<String> out = new ArrayList<>();
        if (byPattern != null) {
            byPattern.forEach((key, names) -> out.add(names.size() == 1 ? names.get(0) : key));
        }
        return out;
    }

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
