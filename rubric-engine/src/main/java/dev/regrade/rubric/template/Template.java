package dev.regrade.rubric.template;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.regrade.pycompat.PyJsonValue;
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
    private final JsonNode schema;

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
        this.schema = JsonSchemas.objectSchema(this);
    }

    /** The template of a record type (cached). */
    @SuppressWarnings("unchecked")
    public static <T extends Record> Template<T> of(Class<T> type) {
        // Not computeIfAbsent: building a template builds its nested templates, a recursive update.
        Template<?> cached = CACHE.get(type);
        if (cached == null) {
            cached = new Template<>(type);
            Template<?> raced = CACHE.putIfAbsent(type, cached);
            cached = raced != null ? raced : cached;
        }
        return (Template<T>) cached;
    }

    public Class<T> type() {
        return type;
    }

    /** The template's name: the record's simple name, standing for the pydantic class name. */
    public String name() {
        return type.getSimpleName();
    }

    /**
     * The JSON schema of this template, as sent in an OpenAI {@code response_format}: an object
     * with every field listed and required, None-able fields as {@code anyOf [T, null]}, nested
     * templates inline, no additional properties. Deterministic; cached.
     */
    public JsonNode jsonSchema() {
        return schema;
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
                    + " [type=model_type, input_value=" + answer + ", input_type=" + PyJsonValue.typeName(answer)
                    + "]");
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

    /**
     * Where an answer departs from this template: a key the template does not have, at any depth
     * (pydantic ignores it, so a typo would silently take the default), a missing required field,
     * or a value pydantic's lax mode rejects (then {@link #validate} raises). Same acceptance as
     * {@link #validate}; empty when the answer fits. Paths read {@code .stations[0].address}.
     */
    public List<Problem> problems(JsonNode answer) {
        List<Problem> out = new ArrayList<>();
        problems(answer, "", out);
        return out;
    }

    /**
     * One departure from a template: the path below the answer, what was expected there, and,
     * for an unknown key, the keys the template has there.
     */
    public record Problem(String path, String expected, List<String> knownKeys) {
        public Problem {
            knownKeys = List.copyOf(knownKeys);
        }

        /** True when the key at {@code path} is not one of the template's. */
        public boolean unknownKey() {
            return !knownKeys.isEmpty();
        }
    }

    private void problems(JsonNode answer, String path, List<Problem> out) {
        if (answer == null || !answer.isObject()) {
            out.add(new Problem(path, "an object (" + name() + ")", List.of()));
            return;
        }
        List<String> names = fields.stream().map(Field::name).toList();
        for (var it = answer.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!names.contains(k)) {
                out.add(new Problem(path + "." + k, "a field of " + name() + " (" + String.join(", ", names) + ")",
                        names));
            }
        }
        for (Field f : fields) {
            JsonNode v = answer.get(f.name());
            String at = path + "." + f.name();
            if (v == null) {
                if (f.required()) {
                    out.add(new Problem(at, describe(f.type()) + " (the field is required)", List.of()));
                }
            } else if (v.isNull()) {
                if (!f.allowsNone()) {
                    out.add(new Problem(at, describe(f.type()), List.of()));
                }
            } else {
                valueProblems(f.type(), v, at, out);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void valueProblems(Type t, JsonNode v, String path, List<Problem> out) {
        if (t instanceof Class<?> c && c.isRecord()) {
            Template.of((Class<? extends Record>) c).problems(v, path, out);
        } else if (t instanceof ParameterizedType pt && pt.getRawType() == List.class) {
            Type el = pt.getActualTypeArguments()[0];
            if (!v.isArray()) {
                out.add(new Problem(path, describe(t), List.of()));
                return;
            }
            for (int i = 0; i < v.size(); i++) {
                if (v.get(i).isNull()) {
                    out.add(new Problem(path + "[" + i + "]", describe(el), List.of()));
                } else {
                    valueProblems(el, v.get(i), path + "[" + i + "]", out);
                }
            }
        } else if (lax(t, v) == null) {
            out.add(new Problem(path, describe(t), List.of()));
        }
    }

    /** A type as a fixture author reads it: what JSON pydantic accepts for it. */
    private static String describe(Type t) {
        if (t instanceof Class<?> c && c.isRecord()) {
            return "an object (" + c.getSimpleName() + ")";
        }
        if (t instanceof ParameterizedType pt && pt.getRawType() == List.class) {
            Type el = pt.getActualTypeArguments()[0];
            Scalar s = Scalar.of(el);
            return "a list of " + (s != null ? s.plural : el instanceof Class<?> c && c.isRecord()
                    ? "objects (" + c.getSimpleName() + ")" : describe(el));
        }
        Scalar s = Scalar.of(t);
        return s != null ? s.described : t.getTypeName();
    }

    /**
     * The scalar types templates use, with pydantic's words for them (message word, error type,
     * the word in a None-in-list error) and how a fixture author reads them.
     */
    private enum Scalar {
        STRING("string", "string_type", "string", "a string", "strings"),
        INTEGER("integer", "int_type", "int", "an integer (a whole number, or a string of digits)", "integers"),
        NUMBER("number", "float_type", "float", "a number (or a numeric string)", "numbers"),
        BOOLEAN("boolean", "bool_type", "bool", "a boolean (true/false, 0/1 or a yes/no word)", "booleans");

        final String valid;
        final String errorType;
        final String pyWord;
        final String described;
        final String plural;

        Scalar(String valid, String errorType, String pyWord, String described, String plural) {
            this.valid = valid;
            this.errorType = errorType;
            this.pyWord = pyWord;
            this.described = described;
            this.plural = plural;
        }

        /** The scalar kind of {@code t}, or null for records, lists and other types. */
        static Scalar of(Type t) {
            return t == String.class ? STRING : t == Integer.class || t == Long.class ? INTEGER
                    : t == Double.class ? NUMBER : t == Boolean.class ? BOOLEAN : null;
        }
    }

    /**
     * pydantic's lax-mode checks for one value: str accepts only strings; int accepts integers,
     * integral floats and integer strings; float accepts numbers and numeric strings; bool accepts
     * booleans, 0/1 and pydantic's true/false words; lists check every element; nested templates
     * validate recursively. A failure is recorded in {@code errors}, pydantic style.
     */
    @SuppressWarnings("unchecked")
    private static JsonNode validateNested(Type t, JsonNode v, String path, List<String> errors) {
        if (t instanceof Class<?> c && c.isRecord()) {
            try {
                Record r = Template.of((Class<? extends Record>) c).validate(v);
                return MAPPER.valueToTree(r);
            } catch (PyValidationError e) {
                errors.add(path + "\n  " + e.getMessage().replace("\n", "\n  "));
                return v;
            }
        }
        if (t instanceof ParameterizedType pt && pt.getRawType() == List.class) {
            if (!v.isArray()) {
                errors.add(path + "\n  Input should be a valid list [type=list_type, input_value=" + v
                        + ", input_type=" + PyJsonValue.typeName(v) + "]");
                return v;
            }
            Type el = pt.getActualTypeArguments()[0];
            var arr = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < v.size(); i++) {
                JsonNode e = v.get(i);
                if (e.isNull()) {
                    String word = Scalar.of(el) != null ? Scalar.of(el).pyWord : "dictionary";
                    errors.add(path + "." + i + "\n  Input should be a valid " + word
                            + " [type=" + word + "_type, input_value=None, input_type=NoneType]");
                    arr.add(e);
                } else {
                    arr.add(validateNested(el, e, path + "." + i, errors));
                }
            }
            return arr;
        }
        JsonNode lax = lax(t, v);
        if (lax == null) {
            Scalar kind = Scalar.of(t);
            errors.add(path + "\n  Input should be a valid " + kind.valid + " [type=" + kind.errorType
                    + ", input_value=" + v + ", input_type=" + PyJsonValue.typeName(v) + "]");
            return v;
        }
        return lax;
    }

    /**
     * pydantic's lax-mode coercion of one non-null scalar value: str accepts only strings; int
     * accepts integers, booleans, integral floats and integer strings; float accepts numbers and
     * numeric strings; bool accepts booleans, 0/1 and pydantic's true/false words. Returns the
     * coerced value, or null when pydantic rejects it; other types pass unchanged.
     */
    private static JsonNode lax(Type t, JsonNode v) {
        if (t == String.class) {
            return v.isTextual() ? v : null;
        }
        if (t == Integer.class || t == Long.class) {
            if (v.isIntegralNumber()) {
                return v;
            }
            if (v.isBoolean()) {
                return JsonNodeFactory.instance.numberNode(v.booleanValue() ? 1 : 0);
            }
            if (v.isNumber() && v.doubleValue() == Math.rint(v.doubleValue()) && !Double.isInfinite(v.doubleValue())) {
                return JsonNodeFactory.instance.numberNode(v.decimalValue().toBigInteger());
            }
            if (v.isTextual() && v.textValue().strip().matches("[+-]?\\d+")) {
                return JsonNodeFactory.instance.numberNode(new java.math.BigInteger(v.textValue().strip()));
            }
            return null;
        }
        if (t == Double.class) {
            if (v.isNumber()) {
                return JsonNodeFactory.instance.numberNode(v.doubleValue());
            }
            if (v.isTextual()) {
                try {
                    return JsonNodeFactory.instance.numberNode(dev.regrade.pycompat.PyFloat.parse(v.textValue()));
                } catch (RuntimeException e) {
                    return null;
                }
            }
            return null;
        }
        if (t == Boolean.class) {
            if (v.isBoolean()) {
                return v;
            }
            if (v.isIntegralNumber() && (v.intValue() == 0 || v.intValue() == 1)) {
                return JsonNodeFactory.instance.booleanNode(v.intValue() == 1);
            }
            if (v.isTextual()) {
                String w = v.textValue().toLowerCase(java.util.Locale.ROOT);
                if (List.of("1", "on", "t", "true", "y", "yes").contains(w)) {
                    return JsonNodeFactory.instance.booleanNode(true);
                }
                if (List.of("0", "off", "f", "false", "n", "no").contains(w)) {
                    return JsonNodeFactory.instance.booleanNode(false);
                }
            }
            return null;
        }
        return v;
    }

    /** The original's {@code result.dict()}: the record as a JSON object in declaration order. */
    public static JsonNode toJson(Record value) {
        return MAPPER.valueToTree(value);
    }

    private static String pyReprDict(JsonNode answer) {
        return answer.isEmpty() ? "{}" : answer.toString();
    }
}
