package dev.regrade.judge.server;

import java.util.Objects;

/**
 * A {@link ChatResponder}'s answer: a completion whose message content and finish reason are given,
 * or an HTTP error whose OpenAI error body carries the message.
 *
 * @param status       200, or the HTTP error status (400-599)
 * @param content      the assistant's message content (null: JSON null), or the error message
 * @param finishReason the choice's {@code finish_reason} ({@code stop}, {@code length}, ...); null for an error
 */
public record ChatReply(int status, String content, String finishReason) {
    public ChatReply {
        if (status == 200) {
            Objects.requireNonNull(finishReason, "finishReason");
        } else if (status < 400 || status > 599) {
            throw new IllegalArgumentException("a chat reply is 200 or an error status 400-599, got " + status);
        } else {
            Objects.requireNonNull(content, "content");
        }
    }

    /** A completion with this content (null: JSON null) and {@code finish_reason: "stop"}. */
    public static ChatReply text(String content) {
        return new ChatReply(200, content, "stop");
    }

    /** An HTTP error with this message. */
    public static ChatReply error(int status, String message) {
        return new ChatReply(status, message, null);
    }

    /** This completion with another finish reason. */
    public ChatReply withFinishReason(String value) {
        return new ChatReply(status, content, value);
    }
}
