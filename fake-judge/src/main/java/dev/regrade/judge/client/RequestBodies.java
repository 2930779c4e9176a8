package dev.regrade.judge.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;
import java.util.List;

/** The request bodies the original sends through {@code beta.chat.completions.parse}. */
final class RequestBodies {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private RequestBodies() {
    }

    /**
     * One user message (the prompt string, or a text part followed by one {@code image_url} part
     * per screenshot), the structured-output schema ({@code strict}), and {@code temperature 0.0}
     * only when the model name has no letter {@code o} (the original's rule).
     */
    static String body(String model, String prompt, List<String> screenshots, boolean asParts, String schemaName,
                       JsonNode schema) {
        ObjectNode b = F.objectNode();
        b.put("model", model);
        ObjectNode message = b.putArray("messages").addObject();
        message.put("role", "user");
        if (asParts) {
            ArrayNode parts = message.putArray("content");
            parts.addObject().put("type", "text").put("text", prompt);
            for (String shot : screenshots) {
                ObjectNode image = parts.addObject();
                image.put("type", "image_url");
                image.putObject("image_url").put("url", "data:image/jpeg;base64," + shot).put("detail", "high");
            }
        } else {
            message.put("content", prompt);
        }
        ObjectNode format = b.putObject("response_format");
        format.put("type", "json_schema");
        ObjectNode jsonSchema = format.putObject("json_schema");
        jsonSchema.put("name", schemaName);
        jsonSchema.set("schema", schema);
        jsonSchema.put("strict", true);
        if (!model.contains("o")) {
            b.put("temperature", 0.0);
        }
        try {
            return Wire.MAPPER.writeValueAsString(b);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
