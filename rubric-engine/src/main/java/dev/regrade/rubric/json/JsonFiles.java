package dev.regrade.rubric.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The JSON files Regrade reads and writes (results, fixtures, expectations, reports, timings): written as
 * {@code json.dumps(doc, indent=4, ensure_ascii=False)} and a line feed, read as {@code json.loads} reads,
 * but for repeated keys.
 */
public final class JsonFiles {
    /**
     * {@link PyJson#LOADS} refusing a repeated key: every file read this way is one Regrade validates key
     * by key, and Python's {@code json.dump} never writes a repeated key, so one is a hand edit whose
     * meaning is ambiguous; it is bad input (exit 2) rather than silently the last value.
     */
    public static final ObjectMapper READER = PyJson.LOADS.rebuild()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final PyJson.Format FILE = PyJson.DUMPS.indent(4).ensureAscii(false);

    private JsonFiles() {
    }

    /** Parses one JSON document; throws {@link UncheckedIOException} with the parser's location. */
    public static JsonNode parse(String text) {
        try {
            return READER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file form: {@code json.dumps(doc, indent=4, ensure_ascii=False)} plus LF. */
    public static String toFileText(JsonNode doc) {
        return PyJson.dumps(doc, FILE) + "\n";
    }
}
