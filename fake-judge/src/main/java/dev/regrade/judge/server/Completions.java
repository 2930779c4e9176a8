package dev.regrade.judge.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;

/** The bodies of the fake judge: OpenAI chat completions (whole or streamed), models and OpenAI-style errors. */
final class Completions {
    /** The content type of a streamed completion. */
    static final String EVENT_STREAM = "text/event-stream; charset=utf-8";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Completions() {
    }

    /** A {@code chat.completion} with one assistant choice; token counts estimated at 4 characters a token. */
    static ObjectNode completion(long number, String model, String content, String finishReason, String prompt,
                                 int images) {
        ObjectNode c = F.objectNode();
        c.put("id", String.format("chatcmpl-regrade-%06d", number));
        c.put("object", "chat.completion");
        c.put("created", Wire.FIXED_CREATED);
        c.put("model", model);
        ObjectNode choice = c.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        message.putNull("refusal");
        choice.putNull("logprobs");
        choice.put("finish_reason", finishReason);
        int promptTokens = tokens(prompt) + 85 * images;
        int completionTokens = tokens(content);
        ObjectNode usage = c.putObject("usage");
        usage.put("prompt_tokens", promptTokens);
        usage.put("completion_tokens", completionTokens);
        usage.put("total_tokens", promptTokens + completionTokens);
        return c;
    }

    /**
     * A completion as OpenAI streams it ({@code stream: true}): server-sent events of
     * {@code chat.completion.chunk}s (the role, the content, the finish reason; with
     * {@code includeUsage} every chunk has {@code usage: null} and one more chunk without choices
     * carries the usage), then {@code data: [DONE]}.
     */
    static String stream(ObjectNode completion, boolean includeUsage) {
        JsonNode choice = completion.path("choices").path(0);
        JsonNode content = choice.path("message").path("content");
        StringBuilder events = new StringBuilder();
        ObjectNode first = F.objectNode().put("role", "assistant").put("content", "");
        first.putNull("refusal");
        events.append(event(chunk(completion, first, null, includeUsage)));
        if (content.isTextual() && !content.textValue().isEmpty()) {
            events.append(event(chunk(completion, F.objectNode().put("content", content.textValue()), null,
                    includeUsage)));
        }
        events.append(event(chunk(completion, F.objectNode(), choice.path("finish_reason").asText(), includeUsage)));
        if (includeUsage) {
            ObjectNode last = chunkHead(completion);
            last.putArray("choices");
            last.set("usage", completion.get("usage"));
            events.append(event(last));
        }
        return events.append("data: [DONE]\n\n").toString();
    }

    private static ObjectNode chunk(ObjectNode completion, ObjectNode delta, String finishReason, boolean usage) {
        ObjectNode c = chunkHead(completion);
        ObjectNode choice = c.putArray("choices").addObject();
        choice.put("index", 0);
        choice.set("delta", delta);
        choice.putNull("logprobs");
        choice.put("finish_reason", finishReason); // null: JSON null
        if (usage) {
            c.putNull("usage");
        }
        return c;
    }

    private static ObjectNode chunkHead(ObjectNode completion) {
        ObjectNode c = F.objectNode();
        c.set("id", completion.get("id"));
        c.put("object", "chat.completion.chunk");
        c.set("created", completion.get("created"));
        c.set("model", completion.get("model"));
        return c;
    }

    private static String event(JsonNode data) {
        return "data: " + write(data) + "\n\n";
    }

    /** One {@code model} object: any model name is served. */
    static ObjectNode model(String id) {
        ObjectNode model = F.objectNode();
        model.put("id", id);
        model.put("object", "model");
        model.put("created", Wire.FIXED_CREATED);
        model.put("owned_by", "regrade");
        return model;
    }

    /** The model list of {@code GET /v1/models}. */
    static String models(java.util.List<String> ids) {
        ObjectNode list = F.objectNode();
        list.put("object", "list");
        com.fasterxml.jackson.databind.node.ArrayNode data = list.putArray("data");
        ids.forEach(id -> data.add(model(id)));
        return write(list);
    }

    /** An OpenAI error body {@code {"error": {message, type, param, code}}}. */
    static String error(String message, String type, String code) {
        ObjectNode e = F.objectNode();
        ObjectNode inner = e.putObject("error");
        inner.put("message", message);
        inner.put("type", type);
        inner.putNull("param");
        inner.put("code", code); // null: JSON null
        return write(e);
    }

    static String write(JsonNode node) {
        try {
            return Wire.MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int tokens(String text) {
        return text == null ? 0 : (text.length() + 3) / 4;
    }
}
