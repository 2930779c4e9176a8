package dev.regrade.judge.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;

/** The JSON bodies of the fake judge: OpenAI chat completions and OpenAI-style errors. */
final class Completions {
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

    /** An OpenAI error body {@code {"error": {message, type, param, code}}}. */
    static String error(String message, String type, String code) {
        ObjectNode e = F.objectNode();
        ObjectNode inner = e.putObject("error");
        inner.put("message", message);
        inner.put("type", type);
        inner.putNull("param");
        if (code == null) {
            inner.putNull("code");
        } else {
            inner.put("code", code);
        }
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
