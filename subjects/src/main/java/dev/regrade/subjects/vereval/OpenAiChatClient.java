package dev.regrade.subjects.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyWhitespace;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A small OpenAI chat-completions client on {@code java.net.http}, behaving like the OpenAI Python
 * SDK the upstream uses: {@code POST {base_url}/chat/completions} with {@code Authorization: Bearer
 * KEY}; up to {@code maxRetries} retries of timeouts, connection errors and HTTP 408/409/429/5xx
 * (an {@code x-should-retry} header overrides), waiting {@code Retry-After} when it is at most 60 s,
 * else 0.5·2^n s (at most 8 s) less up to 25 % jitter. The key is only ever put in the header.
 */
public final class OpenAiChatClient implements ChatClient {
    /** Waits between retries; replaceable in tests. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final URI endpoint;
    private final String apiKey;
    private final Duration timeout;
    private final int maxRetries;
    private final Sleeper sleeper;
    private final HttpClient http;

    /**
     * @param baseUrl    the API base, e.g. {@code http://localhost:8000/v1}
     * @param apiKey     the bearer token (not null; "EMPTY" for an unauthenticated vLLM)
     * @param timeout    per-request timeout
     * @param maxRetries transport retries after the first attempt
     */
    public OpenAiChatClient(String baseUrl, String apiKey, Duration timeout, int maxRetries) {
        this(baseUrl, apiKey, timeout, maxRetries, d -> Thread.sleep(d.toMillis()));
    }

    public OpenAiChatClient(String baseUrl, String apiKey, Duration timeout, int maxRetries, Sleeper sleeper) {
        Objects.requireNonNull(baseUrl, "baseUrl");
        this.endpoint = URI.create(baseUrl.endsWith("/") ? baseUrl + "chat/completions" : baseUrl + "/chat/completions");
        this.apiKey = Objects.requireNonNull(apiKey, "apiKey");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0");
        }
        this.maxRetries = maxRetries;
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public JsonNode create(ObjectNode request) {
        byte[] body = PyJson.dumps(request, VerEvalJson.TEXT).getBytes(StandardCharsets.UTF_8);
        HttpRequest req = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("Authorization", "Bearer " + apiKey)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        for (int attempt = 0; ; attempt++) {
            int remaining = maxRetries - attempt;
            HttpResponse<byte[]> resp;
            try {
                resp = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
            } catch (HttpTimeoutException e) {
                if (remaining > 0) {
                    pause(attempt, null);
                    continue;
                }
                throw new JudgeApiException("APITimeoutError", "Request timed out.", 0);
            } catch (IOException e) {
                if (remaining > 0) {
                    pause(attempt, null);
                    continue;
                }
                throw new JudgeApiException("APIConnectionError", "Connection error.", 0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JudgeApiException("APIConnectionError", "Connection error. (interrupted)", 0);
            }
            int status = resp.statusCode();
            String text = new String(resp.body(), StandardCharsets.UTF_8);
            if (status >= 200 && status < 300) {
                try {
                    return PyJson.LOADS.readTree(text);
                } catch (IOException e) {
                    throw new PyException("JSONDecodeError", "the judge's reply body is not JSON: "
                            + firstLine(e.getMessage()));
                }
            }
            if (remaining > 0 && shouldRetry(resp)) {
                pause(attempt, resp);
                continue;
            }
            throw new JudgeApiException(JudgeApiException.typeFor(status), statusMessage(status, text), status);
        }
    }

    private static boolean shouldRetry(HttpResponse<?> resp) {
        String should = resp.headers().firstValue("x-should-retry").orElse(null);
        if ("true".equals(should)) {
            return true;
        }
        if ("false".equals(should)) {
            return false;
        }
        int s = resp.statusCode();
        return s == 408 || s == 409 || s == 429 || s >= 500;
    }

    private void pause(int retriesSoFar, HttpResponse<?> resp) {
        Double after = resp == null ? null : retryAfterSeconds(resp);
        double seconds;
        if (after != null && after > 0 && after <= 60) {
            seconds = after;
        } else {
            double sleep = Math.min(0.5 * Math.pow(2, Math.min(retriesSoFar, 1000)), 8.0);
            seconds = sleep * (1 - 0.25 * ThreadLocalRandom.current().nextDouble());
        }
        try {
            sleeper.sleep(Duration.ofNanos((long) (Math.max(seconds, 0) * 1e9)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeApiException("APIConnectionError", "Connection error. (interrupted)", 0);
        }
    }

    private static Double retryAfterSeconds(HttpResponse<?> resp) {
        String ms = resp.headers().firstValue("retry-after-ms").orElse(null);
        if (ms != null) {
            try {
                return Double.parseDouble(ms.trim()) / 1000;
            } catch (NumberFormatException ignored) {
                // fall through to Retry-After
            }
        }
        String ra = resp.headers().firstValue("retry-after").orElse(null);
        if (ra == null) {
            return null;
        }
        try {
            return Double.parseDouble(ra.trim());
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(ra.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                return (when.toInstant().toEpochMilli() - System.currentTimeMillis()) / 1000.0;
            } catch (RuntimeException ignored) {
                return null;
            }
        }
    }

    /** The SDK's message: {@code Error code: N - <repr of the JSON body>}, or the body text. */
    static String statusMessage(int status, String text) {
        String stripped = PyWhitespace.strip(text);
        try {
            JsonNode body = PyJson.LOADS.readTree(stripped);
            if (body != null && !body.isMissingNode()) {
                return "Error code: " + status + " - " + PyJsonValue.str(body);
            }
        } catch (IOException ignored) {
            // not JSON
        }
        return stripped.isEmpty() ? "Error code: " + status : stripped;
    }

    private static String firstLine(String m) {
        if (m == null) {
            return "";
        }
        int nl = m.indexOf('\n');
        return nl >= 0 ? m.substring(0, nl) : m;
    }
}
