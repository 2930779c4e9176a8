package dev.regrade.judge.server;

import java.util.Objects;

/**
 * Answers the chat completions that are neither a verification nor an extraction (no Regrade kind
 * header, no {@code response_format} schema, no verification prompt): plain chat, as VerEval's
 * stages and the wearable scorers' judge send it. A request no responder answers gets
 * {@link PlainReplies#fallback the fake judge's own reply}, derived from the prompt.
 *
 * <p>A reply is served as an ordinary {@code chat.completion} (or, for an error status, an OpenAI
 * error body); the request is journaled as {@link RequestKind#CHAT}, and fault rules apply to it as
 * to any other request. Must be thread-safe: the server may call it from several threads at once.
 */
@FunctionalInterface
public interface ChatResponder {
    /**
     * @param call the request
     * @return the reply, or null to decline (the next responder, or else the fallback reply, answers)
     */
    ChatReply respond(ChatCall call);

    /** This responder, and {@code next} for the requests this one declines. */
    default ChatResponder orElse(ChatResponder next) {
        Objects.requireNonNull(next, "next");
        return call -> {
            ChatReply reply = respond(call);
            return reply != null ? reply : next.respond(call);
        };
    }
}
