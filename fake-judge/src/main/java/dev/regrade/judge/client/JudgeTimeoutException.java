package dev.regrade.judge.client;

/** No answer within the per-request timeout, on every attempt (timeouts are retried like connection errors). */
public class JudgeTimeoutException extends JudgeClientException {
    public JudgeTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
