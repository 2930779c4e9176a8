package dev.regrade.reports.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.BadJsonException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The fields of one JSON object being read, with its JSON path: every problem is a
 * {@link BadJsonException} naming the path of the field, e.g. {@code $.comparisons[3].delta}.
 */
final class JsonFields {
    /**
     * What a value must be, and how it is read.
     *
     * @param test whether a value is of this kind
     * @param what the kind for the error message, e.g. {@code a string}
     * @param read the value as Java
     */
    record Kind<T>(Predicate<JsonNode> test, String what, Function<JsonNode, T> read) {
        static final Kind<String> TEXT = new Kind<>(JsonNode::isTextual, "a string", JsonNode::textValue);
        static final Kind<Double> NUMBER = new Kind<>(JsonNode::isNumber, "a number", JsonNode::doubleValue);
        static final Kind<Integer> INT = new Kind<>(v -> v.isIntegralNumber() && v.canConvertToInt(), "an integer",
                JsonNode::intValue);
        static final Kind<Long> LONG = new Kind<>(v -> v.isIntegralNumber() && v.canConvertToLong(), "an integer",
                JsonNode::longValue);
        static final Kind<Boolean> BOOL = new Kind<>(JsonNode::isBoolean, "true or false", JsonNode::booleanValue);

        /** The value at {@code path}, which must be of this kind. */
        T read(JsonNode v, String path) {
            if (v == null || !test.test(v)) {
                throw new BadJsonException(path, "expected " + what);
            }
            return read.apply(v);
        }
    }

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

    /** The value of a required field. */
    JsonNode value(String key) {
        JsonNode v = node.get(key);
        if (v == null) {
            throw new BadJsonException(path(key), "missing");
        }
        return v;
    }

    /** A required field of the given kind. */
    <T> T get(String key, Kind<T> kind) {
        return kind.read(value(key), path(key));
    }

    /** A field of the given kind, or null when it is null or absent. */
    <T> T getOrNull(String key, Kind<T> kind) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!kind.test().test(v)) {
            throw new BadJsonException(path(key), "expected " + kind.what() + " or null");
        }
        return kind.read().apply(v);
    }

    JsonFields object(String key) {
        return of(value(key), path(key));
    }

    /** A value parsed from a required string; the parser's {@link IllegalArgumentException} names the value. */
    <T> T parsed(String key, Function<String, T> parse) {
        String text = get(key, Kind.TEXT);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(path(key), e.getMessage());
        }
    }

    /** A required list, each element read with its own path ({@code key[i]}). */
    <T> List<T> list(String key, ElementReader<T> read) {
        JsonNode v = value(key);
        if (!v.isArray()) {
            throw new BadJsonException(path(key), "expected a list");
        }
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(read.read(v.get(i), path(key) + "[" + i + "]"));
        }
        return out;
    }

    /** A required list whose elements are all of one kind. */
    <T> List<T> list(String key, Kind<T> kind) {
        return list(key, kind::read);
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
}
