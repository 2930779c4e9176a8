package dev.regrade.rubric.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.rubric.json.JsonFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** pydantic v2 (lax mode) behaviours the extraction fallback depends on, checked with python3. */
class TemplateTest {
    record T(@Default("[]") List<String> names, Integer n, Double x, String s, Boolean b) {
    }

    record Outer(String title, T inner, @Default("[]") List<T> items) {
    }

    private static T ok(String json) {
        return Template.of(T.class).validate(JsonFiles.parse(json));
    }

    private static String err(String json) {
        return assertThrows(PyValidationError.class, () -> ok(json)).getMessage();
    }

    @Test
    void coercionsPydanticAllows() {
        assertEquals(new T(List.of(), 5, null, null, null), ok("{\"n\": \"5\"}"));
        assertEquals(new T(List.of(), 5, null, null, null), ok("{\"n\": 5.0}"));
        assertEquals(new T(List.of(), 1, null, null, null), ok("{\"n\": true}"));
        assertEquals(new T(List.of(), null, 3.5, null, null), ok("{\"x\": \"3.5\"}"));
        assertEquals(new T(List.of(), null, null, null, true), ok("{\"b\": \"yes\"}"));
        assertEquals(new T(List.of("a"), null, null, null, null), ok("{\"names\": [\"a\"], \"unknown\": 1}"));
    }

    @Test
    void valuesPydanticRejects() {
        assertTrue(err("{\"names\": [null]}").startsWith("1 validation error for T\nnames.0\n  Input should be a valid string"));
        assertTrue(err("{\"names\": [1]}").contains("names.0"));
        assertTrue(err("{\"n\": 5.5}").contains("\nn\n"));
        assertTrue(err("{\"s\": 5}").contains("\ns\n  Input should be a valid string [type=string_type, input_value=5, input_type=int]"));
        assertTrue(err("{\"b\": 2}").contains("\nb\n"));
        assertTrue(err("[1]").contains("Input should be a valid dictionary"));
    }

    @Test
    void nestedTemplatesValidateRecursivelyAndDumpInDeclarationOrder() {
        Outer o = Template.of(Outer.class).validate(JsonFiles.parse(
                "{\"items\": [{\"s\": \"a\"}], \"inner\": {\"n\": 2}, \"title\": \"t\"}"));
        assertEquals("{\"title\":\"t\",\"inner\":{\"names\":[],\"n\":2,\"x\":null,\"s\":null,\"b\":null},"
                + "\"items\":[{\"names\":[],\"n\":null,\"x\":null,\"s\":\"a\",\"b\":null}]}", Template.toJson(o).toString());
        assertThrows(PyValidationError.class,
                () -> Template.of(Outer.class).validate(JsonFiles.parse("{\"items\": [{\"s\": 1}]}")));
    }

    @Test
    void schemaListsEveryFieldAsRequiredWithNullableScalars() {
        assertEquals("{\"title\":\"T\",\"type\":\"object\",\"properties\":{"
                + "\"names\":{\"anyOf\":[{\"type\":\"array\",\"items\":{\"type\":\"string\"}},{\"type\":\"null\"}]},"
                + "\"n\":{\"anyOf\":[{\"type\":\"integer\"},{\"type\":\"null\"}]},"
                + "\"x\":{\"anyOf\":[{\"type\":\"number\"},{\"type\":\"null\"}]},"
                + "\"s\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]},"
                + "\"b\":{\"anyOf\":[{\"type\":\"boolean\"},{\"type\":\"null\"}]}},"
                + "\"required\":[\"names\",\"n\",\"x\",\"s\",\"b\"],\"additionalProperties\":false}",
                Template.of(T.class).jsonSchema().toString());
    }
}
