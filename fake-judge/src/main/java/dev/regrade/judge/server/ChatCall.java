package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * One chat completion request as a {@link ChatResponder} sees it.
 *
 * @param model   the request's {@code model} ({@code fake-judge} when it names none)
 * @param prompt  the text of the last user message (its text parts joined)
 * @param body    the whole request body (model, messages, max_tokens, ...); do not modify
 * @param headers a request header's first value by name, or null
 */
public record ChatCall(String model, String prompt, JsonNode body, Function<String, String> headers) {
    /** A request header's first value, or null. */
    public String header(String name) {
        return headers.apply(name);
    }

    @Override
    public String toString() {
        return "ChatCall[model " + model + ", " + prompt.length() + " prompt chars]";
    }
}
