package dev.regrade.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A policy's answer to a structured-output request, derived from its JSON schema alone: lists of
 * {@code listLength} elements, scalars filled by field name and position ({@link Values}) or all
 * null. Reads any schema a client sends, as pydantic writes it and the OpenAI SDK makes it strict:
 * {@code $defs}/{@code definitions} with {@code $ref}, {@code anyOf} with {@code null} (the first
 * other option is answered), a list of types, {@code allOf} of one, {@code enum} and {@code const};
 * keywords it does not need ({@code additionalProperties}, {@code required}, {@code title}, …) are
 * ignored. A schema that refers to itself (a tree) is answered to a bounded depth: where a reference
 * would be entered a third time on one path, its lists are empty and its optional values null. Immutable.
 */
public final class SchemaAnswers {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** How often one {@code $ref} is entered on a path before its lists stay empty. */
    private static final int MAX_RECURSION = 2;

    private final int listLength;
    private final boolean fillFields;

    /**
     * @param listLength elements per list (0: every list empty)
     * @param fillFields whether scalars get values (false: every scalar and optional value is null)
     */
    public SchemaAnswers(int listLength, boolean fillFields) {
        if (listLength < 0) {
            throw new IllegalArgumentException("listLength must not be negative, got " + listLength);
        }
        this.listLength = listLength;
        this.fillFields = fillFields;
    }

    /**
     * The value for a schema. {@code script} and {@code extraction} only seed the values (URLs name
     * them), so the same request always gets the same answer.
     */
    public JsonNode answer(JsonNode schema, String script, String extraction) {
        return value(schema, schema, new Path(script, extraction, "", 0), List.of());
    }

    /** @param refs the references entered on the way here, outermost first */
    private JsonNode value(JsonNode schema, JsonNode root, Path path, List<String> refs) {
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            List<String> deeper = new ArrayList<>(refs);
            deeper.add(ref.textValue());
            return value(resolve(root, ref.textValue()), root, path, deeper);
        }
        boolean bounded = !refs.isEmpty() && Collections.frequency(refs, refs.get(refs.size() - 1)) > MAX_RECURSION;
        JsonNode allOf = schema.get("allOf");
        if (allOf != null && allOf.isArray() && !allOf.isEmpty()) {
            return value(allOf.get(0), root, path, refs);
        }
        JsonNode any = schema.get("anyOf");
        if (any != null) {
            JsonNode nonNull = null;
            for (JsonNode option : any) {
                if (!"null".equals(option.path("type").asText())) {
                    nonNull = option;
                    break;
                }
            }
            if (nonNull == null) {
                return F.nullNode();
            }
            boolean isList = "array".equals(nonNull.path("type").asText());
            if ((!fillFields || bounded) && !isList) {
                return F.nullNode();
            }
            return value(nonNull, root, path, refs);
        }
        if (schema.has("const")) {
            return fillFields ? schema.get("const").deepCopy() : F.nullNode();
        }
        JsonNode choices = schema.get("enum");
        if (choices != null && choices.isArray() && !choices.isEmpty()) {
            return fillFields ? choices.get(path.index() % choices.size()).deepCopy() : F.nullNode();
        }
        switch (type(schema)) {
            case "object" -> {
                ObjectNode o = F.objectNode();
                JsonNode props = schema.path("properties");
                for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    o.set(e.getKey(), value(e.getValue(), root, path.field(e.getKey()), refs));
                }
                return o;
            }
            case "array" -> {
                ArrayNode a = F.arrayNode();
                for (int i = 0; i < (bounded ? 0 : listLength); i++) {
                    a.add(value(schema.path("items"), root, path.index(i), refs));
                }
                return a;
            }
            case "string" -> {
                return fillFields ? F.textNode(Values.string(path)) : F.nullNode();
            }
            case "integer" -> {
                return fillFields ? F.numberNode(Values.integer(path)) : F.nullNode();
            }
            case "number" -> {
                return fillFields ? F.numberNode(Values.number(path)) : F.nullNode();
            }
            case "boolean" -> {
                return fillFields ? F.booleanNode(true) : F.nullNode();
            }
            default -> {
                return F.nullNode();
            }
        }
    }

    /** The type, or for a list of types ({@code ["string", "null"]}) its first that is not null. */
    private static String type(JsonNode schema) {
        JsonNode t = schema.path("type");
        if (t.isArray()) {
            for (JsonNode one : t) {
                if (!"null".equals(one.asText())) {
                    return one.asText();
                }
            }
            return "null";
        }
        return t.asText();
    }

    /** A local reference ({@code #/$defs/Name}, any JSON pointer into the root schema). */
    private static JsonNode resolve(JsonNode root, String ref) {
        if (!ref.startsWith("#")) {
            throw new IllegalArgumentException("only local $ref (#/...) can be answered, got '" + ref + "'");
        }
        JsonNode target = root.at(ref.substring(1));
        if (target.isMissingNode()) {
            throw new IllegalArgumentException("$ref '" + ref + "' points at nothing in the schema");
        }
        return target;
    }

    /** Where a value sits: script, extraction, field name and position in the innermost list. */
    record Path(String script, String extraction, String field, int index) {
        Path field(String name) {
            return new Path(script, extraction, name, index);
        }

        Path index(int i) {
            return new Path(script, extraction, field, i);
        }
    }
}
