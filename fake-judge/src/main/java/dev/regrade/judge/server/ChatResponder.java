package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A free-text answerer for chat completions that are neither a verification nor an extraction
 * (no Regrade kind header, no {@code response_format} schema, no verification prompt). Without a
 * responder such requests get HTTP 400, as before.
 *
 * <p>The reply is served as an ordinary {@code chat.completion} whose message content is the
 * returned text ({@code finish_reason: "stop"}); the request is journaled as
 * {@link RequestKind#CHAT}, and fault rules apply to it as to any other request. Must be
 * thread-safe: the server may call it from several threads at once.
 */
@FunctionalInterface
public interface ChatResponder {
    /**
     * @param promptText  the text of the last user message (text parts joined, as for verifications)
     * @param requestBody the whole request body (model, messages, max_tokens, ...); do not modify
     * @return the assistant's reply text, or null to decline (the request then gets the old HTTP 400)
     */
    String respond(String promptText, JsonNode requestBody);
}
