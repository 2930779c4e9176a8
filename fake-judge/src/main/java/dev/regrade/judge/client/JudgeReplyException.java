package dev.regrade.judge.client;

/**
 * An answer that arrived but cannot be used: not JSON, no choices, cut off ({@code finish_reason:
 * "length"}), content not JSON, {@code result} missing or not a boolean. Not retried.
 */
public class JudgeReplyException extends JudgeClientException {
    public JudgeReplyException(String message) {
        super(message);
    }
}
