package dev.regrade.judge.server;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One HTTP reply of the fake judge, independent of WireMock. */
record Reply(int status, Map<String, String> headers, byte[] body, int delayMillis, boolean cutOff) {
    Reply {
        headers = Map.copyOf(headers);
    }

    Reply(int status, Map<String, String> headers, byte[] body, int delayMillis) {
        this(status, headers, body, delayMillis, false);
    }

    static Reply json(int status, String body, int delayMillis) {
        return new Reply(status, Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8),
                delayMillis);
    }

    Reply withHeader(String name, String value) {
        java.util.Map<String, String> more = new java.util.LinkedHashMap<>(headers);
        more.put(name, value);
        return new Reply(status, more, body, delayMillis, cutOff);
    }
}
