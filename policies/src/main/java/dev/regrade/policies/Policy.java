package dev.regrade.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A synthetic answer policy: answers any extraction from its JSON schema alone, with values
 * derived from the script, the field name and the position, so that any script runs with no
 * hand-made input. Subclasses choose the list length, whether fields are filled, and the judge.
 */
public abstract class Policy implements World {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final String name;
    private final String description;

    protected Policy(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** Elements per list; 0 for empty lists. */
    protected abstract int listLength();

    /** Whether scalar fields get values (false: every scalar is null). */
    protected abstract boolean fillFields();

    @Override
    public final String kind() {
        return "policy";
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public String answer(String script) {
        return "Synthetic answer of the '" + name + "' policy for the task " + script + ".";
    }

    @Override
    public Extractor extractor(String script) {
        return request -> answer(script, request);
    }

    /** The record this policy gives for one extraction request. */
    public JsonNode answer(String script, ExtractionRequest request) {
        return value(request.schema(), new Path(script, request.extractionName(), "", 0));
    }

    @Override
    public VerdictRules verdictRules() {
        return VerdictRules.accept();
    }

    @Override
    public Map<String, String> pages() {
        return Map.of();
    }

    @Override
    public List<String> missingPages() {
        return List.of();
    }

    /**
     * Distances for every pair of addresses, deterministic per pair and direction-free: 300 to
     * 480 miles, in metres as the original's Directions API returns them.
     */
    @Override
    public MapsTool maps(String script) {
        return (a, b, mode) -> {
            String key = a.compareTo(b) <= 0 ? a + "\u0000" + b : b + "\u0000" + a;
            int miles = 300 + Values.bucket(key, 181);
            return (int) Math.round(miles * 1609.34);
        };
    }

    @Override
    public Optional<LocalDate> evalDate() {
        return Optional.empty();
    }

    @Override
    public OptionalLong hashSeed() {
        return OptionalLong.empty();
    }

    private JsonNode value(JsonNode schema, Path path) {
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
            if (!fillFields() && !isList) {
                return F.nullNode();
            }
            return value(nonNull, path);
        }
        String type = schema.path("type").asText();
        switch (type) {
            case "object" -> {
                ObjectNode o = F.objectNode();
                JsonNode props = schema.path("properties");
                for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    o.set(e.getKey(), value(e.getValue(), path.field(e.getKey())));
                }
                return o;
            }
            case "array" -> {
                ArrayNode a = F.arrayNode();
                for (int i = 0; i < listLength(); i++) {
                    a.add(value(schema.path("items"), path.index(i)));
                }
                return a;
            }
            case "string" -> {
                return fillFields() ? F.textNode(Values.string(path)) : F.nullNode();
            }
            case "integer" -> {
                return fillFields() ? F.numberNode(Values.integer(path)) : F.nullNode();
            }
            case "number" -> {
                return fillFields() ? F.numberNode(Values.number(path)) : F.nullNode();
            }
            case "boolean" -> {
                return fillFields() ? F.booleanNode(true) : F.nullNode();
            }
            default -> {
                return F.nullNode();
            }
        }
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
