package dev.regrade.rubric.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;

/** JSON schemas of templates, for structured-output requests and for schema-driven answer policies. */
final class JsonSchemas {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private JsonSchemas() {
    }

    static ObjectNode objectSchema(Template<?> t) {
        ObjectNode o = F.objectNode();
        o.put("title", t.name());
        o.put("type", "object");
        ObjectNode props = o.putObject("properties");
        ArrayNode required = o.putArray("required");
        for (Template.Field f : t.fields()) {
            JsonNode s = typeSchema(f.type());
            props.set(f.name(), f.allowsNone() ? nullable(s) : s);
            required.add(f.name());
        }
        o.put("additionalProperties", false);
        return o;
    }

    @SuppressWarnings("unchecked")
    private static JsonNode typeSchema(Type t) {
        if (t instanceof ParameterizedType pt && pt.getRawType() == List.class) {
            ObjectNode a = F.objectNode();
            a.put("type", "array");
            a.set("items", typeSchema(pt.getActualTypeArguments()[0]));
            return a;
        }
        if (t instanceof Class<?> c) {
            if (c.isRecord()) {
                return objectSchema(Template.of((Class<? extends Record>) c));
            }
            if (c == String.class) {
                return F.objectNode().put("type", "string");
            }
            if (c == Integer.class || c == int.class || c == Long.class || c == long.class) {
                return F.objectNode().put("type", "integer");
            }
            if (c == Double.class || c == double.class || c == Float.class || c == float.class) {
                return F.objectNode().put("type", "number");
            }
            if (c == Boolean.class || c == boolean.class) {
                return F.objectNode().put("type", "boolean");
            }
        }
        throw new IllegalArgumentException("unsupported template field type " + t.getTypeName()
                + " (use String, Integer, Long, Double, Boolean, a record or a List of these)");
    }

    private static JsonNode nullable(JsonNode s) {
        ObjectNode o = F.objectNode();
        ArrayNode any = o.putArray("anyOf");
        any.add(s);
        any.add(F.objectNode().put("type", "null"));
        return o;
    }
}
