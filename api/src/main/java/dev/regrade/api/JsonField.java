package dev.regrade.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one typed JSON field reader: a value of a document with its JSON path and file, possibly absent
 * (a missing key). Every problem is a {@link BadInputException} naming the file and path, in one
 * phrasing: {@code missing} for an absent value, {@code expected a string, got a number} for a wrong type.
 */
public final class JsonField {
    /**
     * What a value must be, and how it is read.
     *
     * @param what the kind in messages, e.g. {@code a string}
     * @param test whether a value is of this kind
     * @param read the value as Java
     * @param numeric whether a wrong number is shown as itself ({@code got 1.5}) rather than as {@code a number}
     */
    public record Kind<T>(String what, Predicate<JsonNode> test, Function<JsonNode, T> read, boolean numeric) {
        public static final Kind<String> TEXT = new Kind<>("a string", JsonNode::isTextual, JsonNode::textValue, false);
        public static final Kind<Double> NUMBER = new Kind<>("a number", JsonNode::isNumber, JsonNode::doubleValue,
                true);
        public static final Kind<Integer> INTEGER = new Kind<>("a whole number",
                v -> v.isIntegralNumber() && v.canConvertToInt(), JsonNode::intValue, true);
        public static final Kind<Long> LONG = new Kind<>("a whole number",
                v -> v.isIntegralNumber() && v.canConvertToLong(), JsonNode::longValue, true);
        public static final Kind<Boolean> BOOLEAN = new Kind<>("true or false", JsonNode::isBoolean,
                JsonNode::booleanValue, false);
        public static final Kind<JsonNode> OBJECT = new Kind<>("an object", JsonNode::isObject, v -> v, false);
        public static final Kind<JsonNode> ARRAY = new Kind<>("a list", JsonNode::isArray, v -> v, false);

        /** The same kind described otherwise in messages, e.g. {@code an ISO date string like "2025-10-23"}. */
        public Kind<T> as(String description) {
            return new Kind<>(description, test, read, numeric);
        }

        /** The same kind that must also pass {@code check}; a value failing it is "expected {@code description}". */
        public Kind<T> where(Predicate<JsonNode> check, String description) {
            return new Kind<>(description, test.and(check), read, numeric);
        }
    }

    private final String file;
    private final String path;
    private final JsonNode node;

    private JsonField(String file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node == null || node.isMissingNode() ? null : node; // Jackson's "no document" is absent too
    }

    /** A whole document ({@code $}) read from {@code file} (null when there is no file to name). */
    public static JsonField root(String file, JsonNode doc) {
        return new JsonField(file, JsonPath.ROOT, doc);
    }

    /** A value at {@code path} of {@code file}; {@code node} null when absent. */
    public static JsonField at(String file, String path, JsonNode node) {
        return new JsonField(file, path, node);
    }

    /** The file as named, or null. */
    public String file() {
        return file;
    }

    /** The JSON path of this value. */
    public String path() {
        return path;
    }

    /** The value, or null when absent. */
    public JsonNode node() {
        return node;
    }

    /** Whether the value is absent (a missing key or index). */
    public boolean isMissing() {
        return node == null;
    }

    /** Whether the value is absent or JSON {@code null}. */
    public boolean isMissingOrNull() {
        return node == null || node.isNull();
    }

    /** The value, which must be present. */
    public JsonNode value() {
        if (node == null) {
            throw bad("missing");
        }
        return node;
    }

    /** Member {@code name} of this value, which must be an object; the member may be absent. */
    public JsonField get(String name) {
        return new JsonField(file, JsonPath.member(path, name), object().node.get(name));
    }

    /** Element {@code index} of this value, which must be a list; the element may be absent. */
    public JsonField get(int index) {
        return new JsonField(file, JsonPath.element(path, index), array().node.get(index));
    }

    /** The value, which must be present and of {@code kind}. */
    public <T> T as(Kind<T> kind) {
        JsonNode v = value();
        if (!kind.test().test(v)) {
            throw bad("expected " + kind.what() + ", got " + describe(v, kind));
        }
        return kind.read().apply(v);
    }

    /** The value of {@code kind}, or null for JSON {@code null}; it must be present. */
    public <T> T asOrNull(Kind<T> kind) {
        JsonNode v = value();
        if (v.isNull()) {
            return null;
        }
        if (!kind.test().test(v)) {
            // "true or false" or null reads "true, false or null"
            String what = kind.what().contains(" or ") ? kind.what().replace(" or ", ", ") : kind.what();
            throw bad("expected " + what + " or null, got " + describe(v, kind));
        }
        return kind.read().apply(v);
    }

    /** The value of {@code kind}, or empty when absent (JSON {@code null} is of no kind here). */
    public <T> Optional<T> optional(Kind<T> kind) {
        return node == null ? Optional.empty() : Optional.of(as(kind));
    }

    /** The value of {@code kind}, or null when absent or JSON {@code null}. */
    public <T> T optionalOrNull(Kind<T> kind) {
        return node == null ? null : asOrNull(kind);
    }

    /** A required string. */
    public String text() {
        return as(Kind.TEXT);
    }

    /** A required string, or null for JSON {@code null}. */
    public String textOrNull() {
        return asOrNull(Kind.TEXT);
    }

    /** A string, or {@code fallback} when absent. */
    public String textOr(String fallback) {
        return node == null ? fallback : text();
    }

    /** A required number. */
    public double number() {
        return as(Kind.NUMBER);
    }

    /** A required whole number that fits an {@code int}. */
    public int integer() {
        return as(Kind.INTEGER);
    }

    /** A required whole number that fits a {@code long}. */
    public long longInteger() {
        return as(Kind.LONG);
    }

    /** A required {@code true} or {@code false}. */
    public boolean bool() {
        return as(Kind.BOOLEAN);
    }

    /** This value, which must be an object. */
    public JsonField object() {
        as(Kind.OBJECT);
        return this;
    }

    /** This value, which must be a list. */
    public JsonField array() {
        as(Kind.ARRAY);
        return this;
    }

    /** The elements of this value, which must be a list, each with its path. */
    public List<JsonField> elements() {
        JsonNode a = as(Kind.ARRAY);
        List<JsonField> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            out.add(new JsonField(file, JsonPath.element(path, i), a.get(i)));
        }
        return out;
    }

    /** The members of this value, which must be an object, in document order, each with its path. */
    public Map<String, JsonField> members() {
        JsonNode o = as(Kind.OBJECT);
        Map<String, JsonField> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), new JsonField(file, JsonPath.member(path, e.getKey()), e.getValue()));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The elements of this value, which must be a list, each read by {@code read}. */
    public <T> List<T> list(Function<JsonField, T> read) {
        List<T> out = new ArrayList<>();
        for (JsonField e : elements()) {
            out.add(read.apply(e));
        }
        return out;
    }

    /** The elements of this value, which must be a list, each of {@code kind}. */
    public <T> List<T> list(Kind<T> kind) {
        return list(e -> e.as(kind));
    }

    /** The members of this value, which must be an object, each read by {@code read}, in document order. */
    public <T> Map<String, T> map(Function<JsonField, T> read) {
        Map<String, T> out = new LinkedHashMap<>();
        members().forEach((k, v) -> out.put(k, read.apply(v)));
        return out;
    }

    /** A required string parsed by {@code parse}; its {@link IllegalArgumentException}'s message is the problem. */
    public <T> T parsed(Function<String, T> parse) {
        String text = text();
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /**
     * Refuses the first member of this object not in {@code known}: {@code unknown key (expected one of a, b)},
     * with the known name it most likely meant.
     */
    public JsonField onlyKeys(Collection<String> known) {
        for (Iterator<String> it = object().node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!known.contains(k)) {
                throw get(k).bad("unknown key (expected one of " + String.join(", ", known) + ")",
                        DidYouMean.closest(k, known).orElse(null));
            }
        }
        return this;
    }

    /** Bad input at this value's path. */
    public BadInputException bad(String problem) {
        return BadInputException.at(file, path, problem);
    }

    /** Bad input at this value's path, with the name probably meant (or null). */
    public BadInputException bad(String problem, String suggestion) {
        return BadInputException.at(file, path, problem, suggestion);
    }

    /** A value as a message's "got …" names it: {@code null}, {@code true}, {@code a number}, {@code a list} … */
    public static String describe(JsonNode v) {
        return describe(v, Kind.TEXT);
    }

    /** The value as a message's "got …": its kind, or for a number where a number was asked, the number. */
    static String describe(JsonNode v, Kind<?> asked) {
        if (v.isNull()) {
            return "null";
        }
        if (v.isBoolean()) {
            return v.booleanValue() ? "true" : "false";
        }
        if (v.isNumber()) {
            return asked.numeric() ? v.asText() : "a number";
        }
        if (v.isTextual()) {
            return v.textValue().isEmpty() ? "an empty string" : "a string";
        }
        if (v.isArray()) {
            return "a list";
        }
        if (v.isObject()) {
            return "an object";
        }
        return "a " + v.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
