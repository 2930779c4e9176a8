package dev.regrade.judge.client;

/** No answer within the per-request timeout. Not retried, so a slow endpoint fails fast. */
public class JudgeTimeoutException extends JudgeClientException {
    public JudgeTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
