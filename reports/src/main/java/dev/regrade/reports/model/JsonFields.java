package dev.regrade.reports.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.BadJsonException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The fields of one JSON object being read, with its JSON path: every problem is a
 * {@link BadJsonException} naming the path of the field, e.g. {@code $.comparisons[3].delta}.
 */
final class JsonFields {
    private final JsonNode node;
    private final String path;

    private JsonFields(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /** The object at {@code path}. */
    static JsonFields of(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new BadJsonException(path, "expected an object");
        }
        return new JsonFields(node, path);
    }

    String path(String key) {
        return path + "." + key;
    }

    boolean has(String key) {
        return node.has(key);
    }

    private JsonNode required(String key) {
        JsonNode v = node.get(key);
        if (v == null) {
            throw new BadJsonException(path(key), "missing");
        }
        return v;
    }

    /** The raw value of a required field. */
    JsonNode value(String key) {
        return required(key);
    }

    String text(String key) {
        JsonNode v = required(key);
        if (!v.isTextual()) {
            throw new BadJsonException(path(key), "expected a string");
        }
        return v.textValue();
    }

    /** A string, or null when the field is null or absent. */
    String textOrNull(String key) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new BadJsonException(path(key), "expected a string or null");
        }
        return v.textValue();
    }

    /** A number, or null when the field is null or absent. */
    Double numberOrNull(String key) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw new BadJsonException(path(key), "expected a number or null");
        }
        return v.doubleValue();
    }

    int integer(String key) {
        JsonNode v = required(key);
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new BadJsonException(path(key), "expected an integer");
        }
        return v.intValue();
    }

    long longInteger(String key) {
        JsonNode v = required(key);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new BadJsonException(path(key), "expected an integer");
        }
        return v.longValue();
    }

    boolean bool(String key) {
        JsonNode v = required(key);
        if (!v.isBoolean()) {
            throw new BadJsonException(path(key), "expected true or false");
        }
        return v.booleanValue();
    }

    JsonFields object(String key) {
        return of(required(key), path(key));
    }

    /** A value parsed from a required string; the parser's {@link IllegalArgumentException} names the value. */
    <T> T parsed(String key, Function<String, T> parse) {
        String text = text(key);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(path(key), e.getMessage());
        }
    }

    /** A required list, each element read with its own path ({@code key[i]}). */
    <T> List<T> list(String key, ElementReader<T> read) {
        JsonNode v = required(key);
        if (!v.isArray()) {
            throw new BadJsonException(path(key), "expected a list");
        }
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(read.read(v.get(i), path(key) + "[" + i + "]"));
        }
        return out;
    }

    /** A required list of objects. */
    <T> List<T> objects(String key, Function<JsonFields, T> read) {
        return list(key, (n, p) -> read.apply(of(n, p)));
    }

    /** A required object used as a map, each value read with its own path ({@code key.name}). */
    <T> Map<String, T> map(String key, Function<JsonFields, T> read) {
        JsonFields o = object(key);
        Map<String, T> out = new LinkedHashMap<>();
        o.node.fieldNames().forEachRemaining(name -> out.put(name, read.apply(o.object(name))));
        return out;
    }

    /** Reads one list element at its path. */
    @FunctionalInterface
    interface ElementReader<T> {
        T read(JsonNode element, String path);
    }

    /** A list element that must be a string. */
    static String text(JsonNode element, String path) {
        if (element == null || !element.isTextual()) {
            throw new BadJsonException(path, "expected a string");
        }
        return element.textValue();
    }

    /** A list element that must be an integer. */
    static long longInteger(JsonNode element, String path) {
        if (element == null || !element.isIntegralNumber() || !element.canConvertToLong()) {
            throw new BadJsonException(path, "expected an integer");
        }
        return element.longValue();
    }
}
