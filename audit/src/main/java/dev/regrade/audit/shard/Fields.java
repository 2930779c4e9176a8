package dev.regrade.audit.shard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import java.util.ArrayList;
import java.util.List;

/** The fields of one JSON object of a shard's manifest; a missing or mistyped one is bad input naming the file and key. */
final class Fields {
    private final JsonNode object;
    private final String where;

    /** {@code where}: the file and the object's key path, e.g. {@code shard-1/shard.json: options}. */
    Fields(JsonNode object, String where) {
        if (object == null || !object.isObject()) {
            throw new BadInputException(where + ": expected an object");
        }
        this.object = object;
        this.where = where;
    }

    String text(String key) {
        JsonNode v = object.get(key);
        if (v == null || !v.isTextual()) {
            throw bad(key, "expected a string");
        }
        return v.textValue();
    }

    String nullableText(String key) {
        JsonNode v = object.get(key);
        if (v != null && v.isNull()) {
            return null;
        }
        return text(key);
    }

    boolean bool(String key) {
        JsonNode v = object.get(key);
        if (v == null || !v.isBoolean()) {
            throw bad(key, "expected true or false");
        }
        return v.booleanValue();
    }

    int integer(String key) {
        JsonNode v = object.get(key);
        if (v == null || !v.isInt()) {
            throw bad(key, "expected a whole number");
        }
        return v.intValue();
    }

    long whole(String key) {
        JsonNode v = object.get(key);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw bad(key, "expected a whole number");
        }
        return v.longValue();
    }

    JsonNode array(String key) {
        JsonNode v = object.get(key);
        if (v == null || !v.isArray()) {
            throw bad(key, "expected a list");
        }
        return v;
    }

    List<String> texts(String key) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array(key)) {
            if (!v.isTextual()) {
                throw bad(key, "expected a list of strings");
            }
            out.add(v.textValue());
        }
        return out;
    }

    private BadInputException bad(String key, String problem) {
        return new BadInputException(where + "." + key + ": " + problem);
    }
}
