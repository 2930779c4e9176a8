package dev.regrade.judge.client;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** The request bodies the original sends through {@code beta.chat.completions.parse}. */
final class RequestBodies {
    private RequestBodies() {
    }

    /**
     * One user message (the prompt string, or a text part followed by one {@code image_url} part
     * per screenshot), the structured-output schema ({@code strict}), and {@code temperature 0.0}
     * only when the model name has no letter {@code o} (the original's rule). As UTF-8 JSON, written
     * straight from the values (no tree, no intermediate string: a request is sent per vote).
     */
    static byte[] body(String model, String prompt, List<String> screenshots, boolean asParts, String schemaName,
                       JsonNode schema) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512 + 2 * prompt.length());
        try (JsonGenerator g = Wire.MAPPER.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("model", model);
            g.writeArrayFieldStart("messages");
            g.writeStartObject();
            g.writeStringField("role", "user");
            if (asParts) {
                g.writeArrayFieldStart("content");
                g.writeStartObject();
                g.writeStringField("type", "text");
                g.writeStringField("text", prompt);
                g.writeEndObject();
                for (String shot : screenshots) {
                    g.writeStartObject();
                    g.writeStringField("type", "image_url");
                    g.writeObjectFieldStart("image_url");
                    g.writeStringField("url", "data:image/jpeg;base64," + shot);
                    g.writeStringField("detail", "high");
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
            } else {
                g.writeStringField("content", prompt);
            }
            g.writeEndObject();
            g.writeEndArray();
            g.writeObjectFieldStart("response_format");
            g.writeStringField("type", "json_schema");
            g.writeObjectFieldStart("json_schema");
            g.writeStringField("name", schemaName);
            g.writeFieldName("schema");
            g.writeTree(schema);
            g.writeBooleanField("strict", true);
            g.writeEndObject();
            g.writeEndObject();
            if (!model.contains("o")) {
                g.writeNumberField("temperature", 0.0);
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
        return out.toByteArray();
    }
}
