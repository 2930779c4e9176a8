package dev.regrade.policies;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.api.JsonField;
import dev.regrade.api.JsonField.Kind;
import dev.regrade.api.JsonPath;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.rubric.script.DeclaredExtraction;
import dev.regrade.rubric.script.ScriptDeclaration;
import dev.regrade.rubric.template.Template;
import dev.regrade.rubric.io.BoundedFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A targeted input: one JSON file naming the script, the extraction answers that matter (others
 * fall back to a policy), the judge's rules, distances, pages, missing pages, evaluation date and
 * hash seed. Loading validates every key; a problem is a {@link BadInputException} naming the file
 * and the JSON path. {@link #checkExtractions} then checks the extractions against the script's
 * declaration: every name declared, every field the template's, every value one pydantic accepts.
 * {@code malformed_extractions} holds replies passed to the script unchecked, for the original's
 * fallback to the empty template when pydantic rejects a reply.
 *
 * <p>{@code maps} rows are {@code [from, to, miles]}. One row serves both directions; rows for
 * both directions of a pair are directed, each serving its own (driving distances differ by
 * direction). The same direction listed twice is accepted with the same miles and refused with
 * different ones.
 */
public final class Fixture implements World {
    /** The keys a fixture may have. */
    public static final List<String> KEYS = List.of("script", "description", "answer", "extractions",
            "malformed_extractions", "fallback_policy", "judge", "maps", "pages", "missing_pages", "eval_date", "hash_seed",
            "expected", "observed");
    /**
     * The informational key {@code regrade fixture init} writes (what the run it came from visited, judged and
     * extracted, for the reviewer): any JSON object, accepted by the loader and ignored by the run.
     */
    public static final String OBSERVED = "observed";
    private static final List<String> JUDGE_KEYS = List.of("rules", "reject", "table");
    private static final Kind<String> NON_EMPTY = Kind.TEXT.where(v -> !v.textValue().isEmpty(), "a non-empty string");

    private final String file;
    private final String name;
    private final String script;
    private final String description;
    private final String answer;
    private final Map<String, JsonNode> extractions;
    private final Map<String, JsonNode> malformed;
    private final Policy fallback;
    private final VerdictRules rules;
    private final Map<String, Integer> distances;
    private final Map<String, String> pages;
    private final List<String> missingPages;
    private final LocalDate evalDate;
    private final Long hashSeed;
    private final Map<String, Expected> expected;

    /**
     * What the fixture's author states a variant scores on it ({@code "expected": {"released": 0.5,
     * "fixed": "crashed"}}): a final score from 0 to 1, as written (compared to four decimals), or a
     * crash. A shipped fixture's statement is held against the audit by a test, so a description cannot
     * drift from the result it describes.
     *
     * @param score   the final score, or null for a crash
     * @param crashed whether the variant raises on this input
     */
    public record Expected(Double score, boolean crashed) {
        /** Whether a run's outcome is this: a crash, or a score equal to four decimals. */
        public boolean matches(boolean runCrashed, Double runScore) {
            if (crashed || runCrashed) {
                return crashed == runCrashed;
            }
            return runScore != null && Math.abs(runScore - score) <= 0.00005;
        }

        @Override
        public String toString() {
            return crashed ? "crashed" : dev.regrade.pycompat.PyRepr.repr(score);
        }
    }

    private Fixture(String file, String name, String script, String description, String answer,
                    Map<String, JsonNode> extractions, Map<String, JsonNode> malformed, Policy fallback, VerdictRules rules,
                    Map<String, Integer> distances, Map<String, String> pages, List<String> missingPages,
                    LocalDate evalDate, Long hashSeed, Map<String, Expected> expected) {
        this.file = file;
        this.name = name;
        this.script = script;
        this.description = description;
        this.answer = answer;
        this.extractions = extractions;
        this.malformed = malformed;
        this.fallback = fallback;
        this.rules = rules;
        this.distances = distances;
        this.pages = pages;
        this.missingPages = missingPages;
        this.evalDate = evalDate;
        this.hashSeed = hashSeed;
        this.expected = expected;
    }

    /**
     * The largest fixture file accepted: 16 MiB. A real agent answer is a few kilobytes, no judge's
     * context holds more than about a megabyte, and the original shortens every page to 400,000
     * characters; a larger file is a mistake, refused before it is read (it would also pass the JSON
     * parser's 20,000,000-character limit on one string, whose message names no key).
     */
    public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    /** Loads and validates a fixture file. */
    public static Fixture load(Path path) {
        String file = path.toString();
        byte[] bytes = BoundedFiles.read(path, MAX_FILE_BYTES, "the file", "a fixture may hold at most "
                + MAX_FILE_BYTES + " (16 MiB: an answer or a page that large is no agent's answer)");
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw BadInputException.inFile(file, "not UTF-8 text");
        }
        String base = path.getFileName().toString();
        return parse(file, base.endsWith(".json") ? base.substring(0, base.length() - 5) : base, text);
    }

    /** Parses fixture text; {@code file} names it in errors, {@code name} is its input name. */
    public static Fixture parse(String file, String name, String text) {
        if (text.isBlank()) {
            throw BadInputException.inFile(file, "the file is empty (expected a JSON object with at least \"script\")");
        }
        JsonNode parsed;
        try {
            parsed = JsonFiles.READER.readTree(text);
        } catch (JsonProcessingException e) {
            throw BadInputException.invalidJson(file, e);
        } catch (IOException e) {
            throw BadInputException.inFile(file, "not valid JSON");
        }
        JsonField root = JsonField.root(file, parsed);
        root.as(Kind.OBJECT.as("a JSON object"));
        root.onlyKeys(KEYS);
        String script = root.get("script").as(NON_EMPTY);
        String description = root.get("description").textOr("");
        String answer = root.get("answer").textOr(null);
        JsonField observed = root.get(OBSERVED);
        if (!observed.isMissing()) {
            observed.as(Kind.OBJECT.as("an object (informational: what the run the fixture came from did)"));
        }

        Map<String, JsonNode> extractions = new LinkedHashMap<>();
        JsonField ex = root.get("extractions");
        if (!ex.isMissing()) {
            ex.as(Kind.OBJECT.as("an object keyed by extraction name"));
            ex.members().forEach((k, v) -> extractions.put(k,
                    v.as(Kind.OBJECT.as("an object (the extraction record's fields)"))));
        }
        Map<String, JsonNode> malformed = new LinkedHashMap<>();
        JsonField mx = root.get("malformed_extractions");
        if (!mx.isMissing()) {
            mx.as(Kind.OBJECT.as("an object keyed by extraction name (values: any JSON, passed unchecked)"));
            mx.members().forEach((k, v) -> {
                if (extractions.containsKey(k)) {
                    throw v.bad("also listed under extractions (give one reply per extraction)");
                }
                malformed.put(k, v.node());
            });
        }

        JsonField fp = root.get("fallback_policy");
        String fallbackName = fp.textOr("empty");
        Policy fallback = Policies.byName(fallbackName).orElseThrow(() -> fp.bad("unknown policy '" + fallbackName
                + "' (expected one of " + String.join(", ", Policies.names()) + ")",
                DidYouMean.closest(fallbackName, Policies.names()).orElse(null)));

        VerdictRules rules = judge(root.get("judge"));
        Map<String, Integer> distances = maps(root.get("maps"));

        Map<String, String> pages = new LinkedHashMap<>();
        JsonField pg = root.get("pages");
        if (!pg.isMissing()) {
            pg.as(Kind.OBJECT.as("an object mapping URL to HTML"));
            pg.members().forEach((k, v) -> pages.put(k, v.as(Kind.TEXT.as("the page's HTML as a string"))));
        }
        List<String> missing = new ArrayList<>();
        JsonField mp = root.get("missing_pages");
        if (!mp.isMissing()) {
            mp.as(Kind.ARRAY.as("a list of URLs"));
            for (JsonField url : mp.elements()) {
                missing.add(url.as(Kind.TEXT.as("a URL string")));
            }
        }

        LocalDate date = null;
        JsonField ed = root.get("eval_date");
        if (!ed.isMissing()) {
            String iso = ed.as(Kind.TEXT.as("an ISO date string like \"2025-10-23\""));
            try {
                date = LocalDate.parse(iso);
            } catch (DateTimeParseException e) {
                throw ed.bad("'" + iso + "' is not an ISO date like \"2025-10-23\"");
            }
        }
        Long seed = root.get("hash_seed").optional(Kind.LONG.where(v -> v.longValue() >= 0
                && v.longValue() <= 4294967295L, "a whole number from 0 to 4294967295 (a PYTHONHASHSEED)")).orElse(null);
        Map<String, Expected> expected = new LinkedHashMap<>();
        JsonField ex2 = root.get("expected");
        if (!ex2.isMissing()) {
            ex2.as(Kind.OBJECT.as("an object mapping variant to its final score (0 to 1) or \"crashed\""));
            ex2.members().forEach((variant, v) -> {
                JsonNode n = v.node();
                if (n.isTextual() && n.textValue().equals("crashed")) {
                    expected.put(variant, new Expected(null, true));
                } else if (n.isNumber() && n.doubleValue() >= 0 && n.doubleValue() <= 1) {
                    expected.put(variant, new Expected(n.doubleValue(), false));
                } else {
                    throw v.bad("expected a final score from 0 to 1 or \"crashed\", got " + n);
                }
            });
        }
        return new Fixture(file, name, script, description, answer, Collections.unmodifiableMap(extractions),
                Collections.unmodifiableMap(malformed), fallback, rules, Collections.unmodifiableMap(distances), Collections.unmodifiableMap(pages),
                List.copyOf(missing), date, seed, Collections.unmodifiableMap(expected));
    }

    private static VerdictRules judge(JsonField j) {
        if (j.isMissing()) {
            return VerdictRules.accept();
        }
        j.as(Kind.OBJECT.as("an object with rules, reject and table"));
        j.onlyKeys(JUDGE_KEYS);
        JsonField r = j.get("rules");
        String base = r.textOr("accept");
        VerdictRules rules = switch (base) {
            case "accept" -> VerdictRules.accept();
            case "hash" -> VerdictRules.hash();
            default -> throw r.bad("unknown rule '" + base + "' (expected accept or hash)");
        };
        JsonField reject = j.get("reject");
        if (!reject.isMissing()) {
            reject.as(Kind.ARRAY.as("a list of substrings or /regex/"));
            List<String> patterns = new ArrayList<>();
            for (JsonField p : reject.elements()) {
                String s = p.as(NON_EMPTY);
                if (s.length() >= 2 && s.startsWith("/") && s.endsWith("/")) {
                    try {
                        Pattern.compile(s.substring(1, s.length() - 1));
                    } catch (PatternSyntaxException e) {
                        throw p.bad("bad regex: " + e.getDescription());
                    }
                }
                patterns.add(s);
            }
            rules = rules.withReject(patterns);
        }
        JsonField table = j.get("table");
        if (!table.isMissing()) {
            table.as(Kind.OBJECT.as("an object mapping claim to true/false"));
            Map<String, Boolean> verdicts = new LinkedHashMap<>();
            table.members().forEach((k, v) -> verdicts.put(k, v.bool()));
            rules = rules.withTable(verdicts);
        }
        return rules;
    }

    /** The rows by direction ({@code from NUL to}), in metres. */
    private static Map<String, Integer> maps(JsonField maps) {
        Map<String, Integer> out = new LinkedHashMap<>();
        Map<String, Integer> rowOf = new LinkedHashMap<>();
        if (maps.isMissing()) {
            return out;
        }
        JsonNode m = maps.as(Kind.ARRAY.as("a list of [address 1, address 2, miles]"));
        for (int i = 0; i < m.size(); i++) {
            JsonNode row = m.get(i);
            JsonField at = maps.get(i);
            if (!row.isArray() || row.size() != 3 || !row.get(0).isTextual() || !row.get(1).isTextual()
                    || !row.get(2).isNumber()) {
                throw at.bad("expected [\"address 1\", \"address 2\", miles]");
            }
            double miles = row.get(2).doubleValue();
            if (!(miles >= 0) || Double.isInfinite(miles)) {
                throw at.bad("miles must be a finite number >= 0");
            }
            String direction = row.get(0).textValue() + "\u0000" + row.get(1).textValue();
            Integer earlier = rowOf.putIfAbsent(direction, i);
            if (earlier != null && m.get(earlier).get(2).doubleValue() != miles) {
                throw at.bad("this direction is already maps[" + earlier + "] with "
                        + m.get(earlier).get(2) + " miles, here " + row.get(2)
                        + " (list each direction once; a row for the reverse direction serves that one)");
            }
            // The Directions API answers whole metres; the scripts divide by 1609.34 again.
            out.put(direction, (int) Math.round(miles * 1609.34));
        }
        return out;
    }

    /** The file this fixture was loaded from, as named. */
    public String file() {
        return file;
    }

    /** The script this fixture is for. */
    public String script() {
        return script;
    }

    /** The extraction answers given, by extraction name. */
    public Map<String, JsonNode> extractions() {
        return extractions;
    }

    /** The model replies given for extractions unchecked, by extraction name. */
    public Map<String, JsonNode> malformedExtractions() {
        return malformed;
    }

    /** What the author states each variant scores on this input (by variant name; empty when not stated). */
    public Map<String, Expected> expected() {
        return expected;
    }

    /**
     * Checks the variants named under {@code expected} are the script's: a misspelt variant would state
     * nothing and be held against nothing.
     */
    public Fixture checkExpectedVariants(List<String> variants) {
        for (String v : expected.keySet()) {
            if (!variants.contains(v)) {
                throw BadInputException.at(file, JsonPath.member(JsonPath.member(JsonPath.ROOT, "expected"), v),
                        "the script " + script + " has no variant '" + v + "' (variants: " + String.join(", ", variants)
                                + ")", DidYouMean.closest(v, variants).orElse(null));
            }
        }
        return this;
    }

    /** The policy answering extractions this fixture does not list. */
    public Policy fallbackPolicy() {
        return fallback;
    }

    /**
     * Checks this fixture is for {@code scriptName}; a fixture for another script is an error
     * naming the key.
     */
    public Fixture requireScript(String scriptName, List<String> knownScripts) {
        if (!knownScripts.contains(script)) {
            throw BadInputException.at(file, "$.script", "unknown script '" + script + "' (known: "
                    + String.join(", ", knownScripts) + ")", DidYouMean.closest(script, knownScripts).orElse(null));
        }
        if (scriptName != null && !script.equals(scriptName)) {
            throw BadInputException.at(file, "$.script", "this fixture is for '" + script + "', not '" + scriptName + "'");
        }
        return this;
    }

    @Override
    public String kind() {
        return "fixture";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String answer(String forScript) {
        return answer != null ? answer : fallback.answer(forScript);
    }

    /**
     * Answers listed extractions with the fixture's record (as given: fields it omits take the
     * template's defaults) or its malformed reply, others from the fallback policy.
     */
    @Override
    public Extractor extractor(String forScript) {
        Extractor other = fallback.extractor(forScript);
        return request -> {
            JsonNode given = extractions.getOrDefault(request.extractionName(), malformed.get(request.extractionName()));
            return given != null ? given.deepCopy() : other.extract(request);
        };
    }

    /**
     * {@link #extractor(String)} for clients that name an extraction by its template only, as the
     * OpenAI SDK does (the pydantic class name as {@code json_schema.name}, no Regrade header): a
     * request whose name the script does not declare, but that is the template of exactly one of
     * this fixture's extractions, gets that extraction's record.
     */
    public Extractor extractor(ScriptDeclaration declaration) {
        Extractor byName = extractor(declaration.taskId());
        return request -> {
            if (declaration.extraction(request.extractionName()).isPresent()) {
                return byName.extract(request);
            }
            List<String> named = new ArrayList<>();
            for (String given : extractions.keySet()) {
                declaration.extraction(given).filter(d -> Template.of(d.template()).name()
                        .equals(request.extractionName())).ifPresent(d -> named.add(given));
            }
            return byName.extract(named.size() != 1 ? request : new ExtractionRequest(named.get(0),
                    request.schemaName(), request.schema(), request.prompt(), request.url(), request.screenshots(),
                    request.asParts()));
        };
    }

    /**
     * Checks the extractions against the script's declaration: each name (under extractions and
     * malformed_extractions) one the script requests, and each record one its template accepts
     * with no unknown field at any depth. A departure is an error naming the key path, what was
     * expected, and the name meant when one is close.
     */
    public Fixture checkExtractions(ScriptDeclaration declaration) {
        List<String> declared = declaration.extractionNames();
        for (Map<String, JsonNode> given : List.of(extractions, malformed)) {
            String section = given == extractions ? "extractions" : "malformed_extractions";
            for (Map.Entry<String, JsonNode> e : given.entrySet()) {
                String at = JsonPath.member(JsonPath.member(JsonPath.ROOT, section), e.getKey());
                Optional<DeclaredExtraction> d = declaration.extraction(e.getKey());
                if (d.isEmpty()) {
                    throw BadInputException.at(file, at, "the script " + script + " requests no such extraction "
                            + "(it requests " + String.join(", ", declared) + ")",
                            DidYouMean.closest(e.getKey(), declared).orElse(null));
                }
                if (given == malformed) {
                    continue;
                }
                Template<?> template = Template.of(d.get().template());
                refuse(at, e.getValue(), template.problems(e.getValue()));
            }
        }
        return this;
    }

    /**
     * Checks the extractions against what the script requested when it ran (a task with no port, hence no
     * declaration): each name (under extractions and malformed_extractions) one it requested, and each record
     * one that fits every JSON schema its requests of that name carried ({@link SchemaCheck}). The messages
     * are {@link #checkExtractions}'s.
     *
     * @param requested extraction name → the distinct JSON schemas of its requests, in the order first requested
     */
    public Fixture checkRequested(Map<String, List<JsonNode>> requested) {
        List<String> names = List.copyOf(requested.keySet());
        for (Map<String, JsonNode> given : List.of(extractions, malformed)) {
            String section = given == extractions ? "extractions" : "malformed_extractions";
            for (Map.Entry<String, JsonNode> e : given.entrySet()) {
                String at = JsonPath.member(JsonPath.member(JsonPath.ROOT, section), e.getKey());
                if (!requested.containsKey(e.getKey())) {
                    throw BadInputException.at(file, at, "the script " + script + " requests no such extraction "
                            + "(it requests " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")",
                            DidYouMean.closest(e.getKey(), names).orElse(null));
                }
                if (given == extractions) {
                    for (JsonNode schema : requested.get(e.getKey())) {
                        refuse(at, e.getValue(), SchemaCheck.problems(schema, e.getValue()));
                    }
                }
            }
        }
        return this;
    }

    /** The first problem of a record as bad input at its key path, with "did you mean" for a misspelt field. */
    private void refuse(String at, JsonNode record, List<Template.Problem> problems) {
        if (problems.isEmpty()) {
            return;
        }
        Template.Problem p = problems.get(0);
        String leaf = p.path().substring(p.path().lastIndexOf('.') + 1);
        throw p.unknownKey()
                ? BadInputException.at(file, at + p.path(), "unknown field (expected " + p.expected() + ")",
                        DidYouMean.closest(leaf, p.knownKeys()).orElse(null))
                : BadInputException.at(file, at + p.path(), "expected " + p.expected() + ", got "
                        + valueAt(record, p.path())
                        + " (to pass a reply the template rejects, list it under malformed_extractions)");
    }

    /** The JSON at a {@link Template.Problem} path ({@code .a[0].b}), shortened for a message. */
    private static String valueAt(JsonNode root, String path) {
        JsonNode n = root;
        for (String step : path.substring(1).split("\\.")) {
            int bracket = step.indexOf('[');
            n = n.path(bracket < 0 ? step : step.substring(0, bracket));
            for (int b = bracket; b >= 0; b = step.indexOf('[', b + 1)) {
                n = n.path(Integer.parseInt(step.substring(b + 1, step.indexOf(']', b))));
            }
        }
        String json = n.isMissingNode() ? "nothing" : n.toString();
        return json.length() > 60 ? json.substring(0, 57) + "..." : json;
    }

    @Override
    public VerdictRules verdictRules() {
        return rules;
    }

    @Override
    public Map<String, String> pages() {
        return pages;
    }

    @Override
    public List<String> missingPages() {
        return missingPages;
    }

    /**
     * Distances from the table: the row for this direction, else the row for the reverse;
     * "Distance not found" for pairs it lacks.
     */
    @Override
    public MapsTool maps(String forScript) {
        return (a, b, mode) -> {
            if (a == null || b == null) {
                return MapsTool.NOT_FOUND;
            }
            Integer metres = distances.getOrDefault(a + "\u0000" + b, distances.get(b + "\u0000" + a));
            return metres != null ? (Object) metres : MapsTool.NOT_FOUND;
        };
    }

    @Override
    public Optional<LocalDate> evalDate() {
        return Optional.ofNullable(evalDate);
    }

    @Override
    public OptionalLong hashSeed() {
        return hashSeed == null ? OptionalLong.empty() : OptionalLong.of(hashSeed);
    }

    /** The fixture as a JSON object, for reports. */
    public ObjectNode describeJson() {
        ObjectNode o = JsonFiles.READER.createObjectNode();
        o.put("file", file);
        o.put("script", script);
        o.put("description", description);
        return o;
    }
}
