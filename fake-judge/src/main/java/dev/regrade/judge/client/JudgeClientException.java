package dev.regrade.judge.client;

/**
 * A judge or extraction request that got no usable answer: the endpoint could not be reached,
 * kept failing, answered too late or answered nonsense. The engine turns it into a failed node
 * (or an empty extraction). The message names what went wrong and never holds the API key.
 */
public class JudgeClientException extends RuntimeException {
    public JudgeClientException(String message) {
        super(message);
    }

    public JudgeClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
