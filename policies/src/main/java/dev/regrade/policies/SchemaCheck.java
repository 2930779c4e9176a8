package dev.regrade.policies;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyFloat;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Checks a fixture's extraction record against the JSON schema an extraction request carries (the
 * subset pydantic emits and the OpenAI SDK makes strict: {@code object}/{@code properties}/
 * {@code additionalProperties}, {@code array}/{@code items}, the scalar types and {@code null}, a list
 * of types, {@code anyOf}, a single {@code allOf}, {@code $ref} into {@code $defs}/{@code definitions},
 * {@code enum}, {@code const}). It finds what {@link Template#problems} finds for a port's template,
 * in the same words: a key the object does not have, at any depth (pydantic would drop it silently),
 * and a value pydantic's lax JSON mode rejects (an int passes for a number, {@code "12"} for an integer,
 * {@code 12345} does not for a string). A field left out is not a problem: the strict schema lists every
 * field as required, so it cannot say which have a default; pydantic decides when the reply arrives.
 * Stateless.
 */
public final class SchemaCheck {
    /** How deep a self-referring schema is followed (a record nested deeper than this is not checked). */
    private static final int MAX_DEPTH = 64;

    private SchemaCheck() {
    }

    /** Where {@code value} departs from {@code schema}; empty when it fits. Paths read {@code .stations[0].address}. */
    public static List<Template.Problem> problems(JsonNode schema, JsonNode value) {
        List<Template.Problem> out = new ArrayList<>();
        check(schema, schema, null, value, "", out, 0);
        return out;
    }

    /**
     * @param title the name of the {@code $ref} that led here, for an object without its own title
     */
    private static void check(JsonNode schema, JsonNode root, String title, JsonNode value, String path,
                              List<Template.Problem> out, int depth) {
        if (depth > MAX_DEPTH || schema == null || !schema.isObject()) {
            return;
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            JsonNode target = resolve(root, ref.textValue());
            if (target != null) {
                check(target, root, refName(ref.textValue()), value, path, out, depth + 1);
            }
            return;
        }
        JsonNode allOf = schema.get("allOf");
        if (allOf != null && allOf.isArray() && allOf.size() == 1) {
            check(allOf.get(0), root, title, value, path, out, depth + 1);
            return;
        }
        JsonNode anyOf = schema.get("anyOf");
        if (anyOf != null && anyOf.isArray()) {
            anyOf(anyOf, root, title, value, path, out, depth);
            return;
        }
        if (schema.has("const")) {
            if (!same(schema.get("const"), value)) {
                out.add(problem(path, describe(schema, root, title)));
            }
            return;
        }
        JsonNode choices = schema.get("enum");
        if (choices != null && choices.isArray()) {
            for (JsonNode c : choices) {
                if (same(c, value)) {
                    return;
                }
            }
            out.add(problem(path, describe(schema, root, title)));
            return;
        }
        List<String> types = types(schema);
        if (types.isEmpty()) {
            return; // no type: anything goes
        }
        if (value == null || value.isNull()) {
            if (!types.contains("null")) {
                out.add(problem(path, describe(schema, root, title)));
            }
            return;
        }
        String type = null;
        for (String t : types) {
            if (!t.equals("null") && fits(t, value)) {
                type = t;
                break;
            }
        }
        if (type == null) {
            out.add(problem(path, describe(schema, root, title)));
        } else if (type.equals("object")) {
            object(schema, root, title, value, path, out, depth);
        } else if (type.equals("array")) {
            JsonNode items = schema.get("items");
            for (int i = 0; items != null && i < value.size(); i++) {
                check(items, root, null, value.get(i), path + "[" + i + "]", out, depth + 1);
            }
        }
    }

    private static void anyOf(JsonNode anyOf, JsonNode root, String title, JsonNode value, String path,
                              List<Template.Problem> out, int depth) {
        List<JsonNode> options = new ArrayList<>();
        for (JsonNode option : anyOf) {
            List<Template.Problem> here = new ArrayList<>();
            check(option, root, title, value, path, here, depth + 1);
            if (here.isEmpty()) {
                return;
            }
            if (!isNull(option, root)) {
                options.add(option);
            }
        }
        if (options.size() == 1) { // Optional[X] given a bad X: X's own problems, as for a port's template
            check(options.get(0), root, title, value, path, out, depth + 1);
        } else {
            out.add(problem(path, describeAnyOf(anyOf, root, title)));
        }
    }

    private static void object(JsonNode schema, JsonNode root, String title, JsonNode value, String path,
                               List<Template.Problem> out, int depth) {
        JsonNode props = schema.path("properties");
        List<String> names = new ArrayList<>();
        props.fieldNames().forEachRemaining(names::add);
        JsonNode additional = schema.get("additionalProperties");
        String name = name(schema, title);
        for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            JsonNode v = value.get(k);
            if (props.has(k)) {
                check(props.get(k), root, null, v, path + "." + k, out, depth + 1);
            } else if (additional != null && additional.isObject()) {
                check(additional, root, null, v, path + "." + k, out, depth + 1); // a dict[str, X]
            } else if (additional == null || additional.isBoolean() && !additional.booleanValue()) {
                // pydantic drops a key its model lacks: a misspelt field would silently take the default
                out.add(new Template.Problem(path + "." + k, "a field of " + (name == null ? "the object" : name)
                        + " (" + String.join(", ", names) + ")", names.isEmpty() ? List.of("") : names));
            }
        }
    }

    /** Whether a non-null value has the JSON type's shape, as pydantic's lax JSON mode accepts it. */
    private static boolean fits(String type, JsonNode v) {
        return switch (type) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isTextual();
            case "integer" -> v.isIntegralNumber() || v.isBoolean()
                    || v.isNumber() && !Double.isInfinite(v.doubleValue()) && v.doubleValue() == Math.rint(v.doubleValue())
                    || v.isTextual() && v.textValue().strip().matches("[+-]?\\d+");
            case "number" -> v.isNumber() || v.isTextual() && isFloat(v.textValue());
            case "boolean" -> v.isBoolean() || v.isIntegralNumber() && (v.intValue() == 0 || v.intValue() == 1)
                    && v.canConvertToInt() || v.isTextual() && List.of("1", "on", "t", "true", "y", "yes", "0", "off",
                    "f", "false", "n", "no").contains(v.textValue().toLowerCase(Locale.ROOT));
            default -> true; // a type this subset does not know is not checked
        };
    }

    private static boolean isFloat(String s) {
        try {
            PyFloat.parse(s);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The schema's types ({@code "type": "x"} or a list of them); empty when it names none. */
    private static List<String> types(JsonNode schema) {
        JsonNode t = schema.get("type");
        List<String> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        if (t.isArray()) {
            t.forEach(one -> out.add(one.asText()));
        } else {
            out.add(t.asText());
        }
        return out;
    }

    private static boolean isNull(JsonNode schema, JsonNode root) {
        JsonNode ref = schema.get("$ref");
        JsonNode s = ref != null && ref.isTextual() ? resolve(root, ref.textValue()) : schema;
        return s != null && "null".equals(s.path("type").asText());
    }

    /** Equal JSON values, numbers by value ({@code 1} and {@code 1.0} are one). */
    private static boolean same(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    /** What a schema accepts, in the words of {@link Template} ("a string", "a list of objects (Station)"). */
    static String describe(JsonNode schema, JsonNode root, String title) {
        return describe(schema, root, title, 0);
    }

    private static String describe(JsonNode schema, JsonNode root, String title, int depth) {
        if (depth > 8 || schema == null || !schema.isObject()) {
            return "any value";
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            JsonNode target = resolve(root, ref.textValue());
            return target == null ? "any value" : describe(target, root, refName(ref.textValue()), depth + 1);
        }
        JsonNode allOf = schema.get("allOf");
        if (allOf != null && allOf.isArray() && allOf.size() == 1) {
            return describe(allOf.get(0), root, title, depth + 1);
        }
        JsonNode anyOf = schema.get("anyOf");
        if (anyOf != null && anyOf.isArray()) {
            return describeAnyOf(anyOf, root, title, depth);
        }
        if (schema.has("const")) {
            return schema.get("const").toString();
        }
        JsonNode choices = schema.get("enum");
        if (choices != null && choices.isArray()) {
            List<String> values = new ArrayList<>();
            choices.forEach(c -> values.add(c.toString()));
            return "one of " + String.join(", ", values);
        }
        List<String> words = new ArrayList<>();
        for (String t : types(schema)) {
            if (!t.equals("null")) {
                words.add(switch (t) {
                    case "object" -> {
                        String name = name(schema, title);
                        yield name == null ? "an object" : "an object (" + name + ")";
                    }
                    case "array" -> "a list of " + plural(schema.get("items"), root, depth + 1);
                    default -> scalar(t);
                });
            }
        }
        return words.isEmpty() ? types(schema).isEmpty() ? "any value" : "null" : String.join(" or ", words);
    }

    private static String describeAnyOf(JsonNode anyOf, JsonNode root, String title) {
        return describeAnyOf(anyOf, root, title, 0);
    }

    private static String describeAnyOf(JsonNode anyOf, JsonNode root, String title, int depth) {
        List<String> words = new ArrayList<>();
        for (JsonNode option : anyOf) {
            if (!isNull(option, root)) {
                String w = describe(option, root, title, depth + 1);
                if (!words.contains(w)) {
                    words.add(w);
                }
            }
        }
        return words.isEmpty() ? "null" : String.join(" or ", words);
    }

    private static String plural(JsonNode items, JsonNode root, int depth) {
        if (items == null) {
            return "values";
        }
        String one = describe(items, root, null, depth);
        return switch (one) {
            case "a string" -> "strings";
            case "an integer (a whole number, or a string of digits)" -> "integers";
            case "a number (or a numeric string)" -> "numbers";
            case "a boolean (true/false, 0/1 or a yes/no word)" -> "booleans";
            default -> one.startsWith("an object (") ? "objects (" + one.substring("an object (".length())
                    : one.startsWith("a list of ") ? "lists of " + one.substring("a list of ".length()) : one;
        };
    }

    /** {@link Template}'s words for the scalar types. */
    private static String scalar(String type) {
        return switch (type) {
            case "string" -> "a string";
            case "integer" -> "an integer (a whole number, or a string of digits)";
            case "number" -> "a number (or a numeric string)";
            case "boolean" -> "a boolean (true/false, 0/1 or a yes/no word)";
            default -> "a " + type;
        };
    }

    private static String name(JsonNode schema, String title) {
        JsonNode t = schema.get("title");
        return t != null && t.isTextual() ? t.textValue() : title;
    }

    private static String refName(String ref) {
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    /** A local reference ({@code #/$defs/Name}); null when it points at nothing or elsewhere. */
    private static JsonNode resolve(JsonNode root, String ref) {
        if (!ref.startsWith("#")) {
            return null;
        }
        JsonNode target = root.at(ref.substring(1));
        return target.isMissingNode() ? null : target;
    }

    private static Template.Problem problem(String path, String expected) {
        return new Template.Problem(path, expected, List.of());
    }
}
