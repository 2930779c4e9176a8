package dev.regrade.judge.server;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP reply of the fake judge, independent of WireMock.
 *
 * @param status      the HTTP status
 * @param headers     the response headers
 * @param body        the body bytes
 * @param delayMillis how long the reply is held back first
 * @param cutOff      true: the connection is closed part-way through the body
 */
public record Reply(int status, Map<String, String> headers, byte[] body, int delayMillis, boolean cutOff) {
    public Reply {
        headers = Map.copyOf(headers);
    }

    Reply(int status, Map<String, String> headers, byte[] body, int delayMillis) {
        this(status, headers, body, delayMillis, false);
    }

    /** A JSON reply. */
    public static Reply json(int status, String body, int delayMillis) {
        return new Reply(status, Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8),
                delayMillis);
    }

    /** An OpenAI error object ({@code {"error": {message, type, param, code}}}) with this status, at once. */
    public static Reply error(int status, String message, String type, String code) {
        return json(status, Completions.error(message, type, code), 0);
    }

    /** This reply with one more header. */
    public Reply withHeader(String name, String value) {
        java.util.Map<String, String> more = new java.util.LinkedHashMap<>(headers);
        more.put(name, value);
        return new Reply(status, more, body, delayMillis, cutOff);
    }
}
