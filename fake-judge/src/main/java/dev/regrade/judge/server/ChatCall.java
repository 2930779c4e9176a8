package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/** One chat completion request as a {@link ChatResponder} sees it. */
public final class ChatCall {
    private final String model;
    private final String prompt;
    private final JsonNode body;
    private final Function<String, String> headers;

    ChatCall(String model, String prompt, JsonNode body, Function<String, String> headers) {
        this.model = model;
        this.prompt = prompt;
        this.body = body;
        this.headers = headers;
    }

    /** The {@code model} of the request ({@code fake-judge} when it names none). */
    public String model() {
        return model;
    }

    /** The text of the last user message (its text parts joined). */
    public String prompt() {
        return prompt;
    }

    /** The whole request body (model, messages, max_tokens, ...); do not modify. */
    public JsonNode body() {
        return body;
    }

    /** A request header's first value, or null. */
    public String header(String name) {
        return headers.apply(name);
    }

    @Override
    public String toString() {
        return "ChatCall[model " + model + ", " + prompt.length() + " prompt chars]";
    }
}
