package dev.regrade.judge.server;

/**
 * Answers the chat completions that are neither a verification nor an extraction (no Regrade kind
 * header, no {@code response_format} schema, no verification prompt): plain chat, as VerEval's
 * stages and the wearable scorers' judge send it. Without a responder such requests get HTTP 400.
 *
 * <p>A reply is served as an ordinary {@code chat.completion} (or, for an error status, an OpenAI
 * error body); the request is journaled as {@link RequestKind#CHAT}, and fault rules apply to it as
 * to any other request. Must be thread-safe: the server may call it from several threads at once.
 */
@FunctionalInterface
public interface ChatResponder {
    /**
     * @param call the request
     * @return the reply, or null to decline (the request then gets the HTTP 400 of a server without
     *         a responder)
     */
    ChatReply respond(ChatCall call);
}
