package dev.regrade.rubric.template;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An extraction template: a Java record standing for one of the original's pydantic models. Field
 * names in JSON are the record component names, or {@link JsonProperty} where given; defaults
 * follow {@link Default}, {@link Required} and {@link NotNone}.
 *
 * <p>Gives what the engine needs from pydantic: the empty instance ({@code Model()}), validation
 * of an extraction answer ({@code Model(**answer)}), and {@code .dict()} in declaration order.
 */
public final class Template<T extends Record> {
    /** The one mapper for template values: records in declaration order, no extra features. */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private static final Map<Class<?>, Template<?>> CACHE = new ConcurrentHashMap<>();

    /** One field of a template. */
    public record Field(String name, Type type, boolean required, JsonNode defaultValue, boolean allowsNone) {
    }

    private final Class<T> type;
    private final List<Field> fields;

    private Template(Class<T> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record: templates are records");
        }
        this.type = type;
        List<Field> list = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            JsonProperty p = c.getAnnotation(JsonProperty.class);
            String name = p != null && !p.value().isEmpty() ? p.value() : c.getName();
            Default d = c.getAnnotation(Default.class);
            JsonNode def;
            try {
                def = d == null ? JsonNodeFactory.instance.nullNode() : MAPPER.readTree(d.value());
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("bad @Default on " + type.getSimpleName() + "." + c.getName(), e);
            }
            list.add(new Field(name, c.getGenericType(), c.isAnnotationPresent(Required.class), def,
                    !c.isAnnotationPresent(NotNone.class)));
        }
        this.fields = List.copyOf(list);
    }

    /** The template of a record type (cached). */
    @SuppressWarnings("unchecked")
    public static <T extends Record> Template<T> of(Class<T> type) {
        return (Template<T>) CACHE.computeIfAbsent(type, t -> new Template<>((Class<T>) t));
    }

    public Class<T> type() {
        return type;
    }

    /** The fields in declaration order. */
    public List<Field> fields() {
        return fields;
    }

    /** The original's {@code Model()}: every field at its default; raises if a field is required. */
    public T empty() {
        return validate(JsonNodeFactory.instance.objectNode());
    }

    /**
     * The original's {@code Model(**answer)}: missing fields take their defaults; a missing
     * required field or a None where None is not allowed raises {@link PyValidationError} with
     * pydantic's message layout; unknown keys are ignored.
     */
    public T validate(JsonNode answer) {
        if (answer == null || !answer.isObject()) {
            throw new PyValidationError("1 validation error for " + type.getSimpleName()
                    + "\n  Input should be a valid dictionary or instance of " + type.getSimpleName()
                    + " [type=model_type, input_value=" + answer + ", input_type=" + pyTypeName(answer) + "]");
        }
        ObjectNode filled = JsonNodeFactory.instance.objectNode();
        List<String> errors = new ArrayList<>();
        for (Field f : fields) {
            JsonNode v = answer.get(f.name());
            if (v == null) {
                if (f.required()) {
                    errors.add(f.name() + "\n  Field required [type=missing, input_value=" + pyReprDict(answer)
                            + ", input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing");
                    continue;
                }
                v = f.defaultValue();
            } else if (v.isNull() && !f.allowsNone()) {
                errors.add(f.name() + "\n  Input should be a valid value [type=none_not_allowed, input_value=None, input_type=NoneType]");
                continue;
            } else if (!v.isNull()) {
                v = validateNested(f.type(), v, f.name(), errors);
            }
            filled.set(f.name(), v);
        }
        if (!errors.isEmpty()) {
            throw new PyValidationError(errors.size() + " validation error" + (errors.size() == 1 ? "" : "s")
                    + " for " + type.getSimpleName() + "\n" + String.join("\n", errors));
        }
        try {
            return MAPPER.treeToValue(filled, type);
        } catch (JsonProcessingException e) {
            throw new PyValidationError("1 validation error for " + type.getSimpleName() + "\n  " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw new PyValidationError("1 validation error for " + type.getSimpleName() + "\n  " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private static JsonNode validateNested(Type t, JsonNode v, String path, List<String> errors) {
        if (t instanceof Class<?> c && c.isRecord()) {
            Record r = Template.of((Class<? extends Record>) c).validate(v);
            return MAPPER.valueToTree(r);
        }
        if (t instanceof ParameterizedType pt && pt.getRawType() == List.class && v.isArray()) {
            Type el = pt.getActualTypeArguments()[0];
            if (el instanceof Class<?> c && c.isRecord()) {
                var arr = JsonNodeFactory.instance.arrayNode();
                for (JsonNode e : v) {
                    arr.add(e.isNull() ? e : validateNested(el, e, path, errors));
                }
                return arr;
            }
        }
        return v;
    }

    /** The original's {@code result.dict()}: the record as a JSON object in declaration order. */
    public static JsonNode toJson(Record value) {
        return MAPPER.valueToTree(value);
    }

    private static String pyTypeName(JsonNode n) {
        if (n == null || n.isNull()) {
            return "NoneType";
        }
        if (n.isArray()) {
            return "list";
        }
        if (n.isTextual()) {
            return "str";
        }
        if (n.isBoolean()) {
            return "bool";
        }
        if (n.isIntegralNumber()) {
            return "int";
        }
        return n.isNumber() ? "float" : "dict";
    }

    private static String pyReprDict(JsonNode answer) {
        return answer.isEmpty() ? "{}" : answer.toString();
    }
}
