package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.VerdictRules;
import java.util.function.Function;

/**
 * One chat completion request as a {@link ChatResponder} sees it.
 *
 * @param model   the request's {@code model} ({@code fake-judge} when it names none)
 * @param prompt  the text of the last user message (its text parts joined; the last message's when
 *                no message is the user's)
 * @param body    the whole request body (model, messages, max_tokens, ...); do not modify
 * @param headers a request header's first value by name, or null
 * @param rules   the verdict rules the server applies now, for a responder that rules on what it reads
 */
public record ChatCall(String model, String prompt, JsonNode body, Function<String, String> headers,
                       VerdictRules rules) {
    /** A request header's first value, or null. */
    public String header(String name) {
        return headers.apply(name);
    }

    /** The text of the first message when it is the system's (its text parts joined), else null. */
    public String systemPrompt() {
        JsonNode first = body.path("messages").path(0);
        return "system".equals(first.path("role").asText()) ? Wire.promptText(first.get("content")) : null;
    }

    /** True when the request asks for a JSON object ({@code response_format: {type: json_object}}). */
    public boolean wantsJsonObject() {
        return "json_object".equals(body.path("response_format").path("type").asText());
    }

    @Override
    public String toString() {
        return "ChatCall[model " + model + ", " + prompt.length() + " prompt chars]";
    }
}
