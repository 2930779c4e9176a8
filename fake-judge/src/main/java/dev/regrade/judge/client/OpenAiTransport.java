package dev.regrade.judge.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one HTTP transport of Regrade's OpenAI clients: {@code POST {base}/chat/completions} over
 * HTTP/1.1 without redirects on {@code java.net.http} (keep-alive connections pooled by one client per
 * connect timeout, shared by every transport), as configured by an {@link HttpJudgeConfig}:
 * JSON in, the API key as a bearer token, the per-attempt and connect timeouts, and the retries of
 * its {@link RetryPolicy}, waiting through its {@link Sleeper}. It returns the final HTTP answer
 * (success or not) and throws a {@link TransportException} when none came; turning either into a
 * reply or an error is the client's business, as each upstream words its errors its own way.
 * Thread-safe.
 */
public final class OpenAiTransport {
    private static final String REDACTED = "[redacted]";
    /** The {@code User-Agent} of every request, over either HTTP stack. */
    public static final String USER_AGENT = "regrade";

    /**
     * The final HTTP answer.
     *
     * @param status   the HTTP status
     * @param body     the body as received
     * @param attempts how many requests were sent
     * @param gaveUp   true when the status is one the policy retries and its budget ran out
     */
    public record Response(int status, byte[] body, int attempts, boolean gaveUp) {
        /** True for a 2xx status. */
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final HttpJudgeConfig config;
    private final URI endpoint;
    private final String apiKey;
    /** One client per connect timeout: each has a selector thread and a connection pool, shared by all transports. */
    private static final Map<Duration, HttpClient> CLIENTS = new java.util.concurrent.ConcurrentHashMap<>();
    private final HttpClient http;

    public OpenAiTransport(HttpJudgeConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.endpoint = config.completionsUri();
        this.apiKey = config.apiKey().read();
        this.http = CLIENTS.computeIfAbsent(config.connectTimeout(), t -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(t)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build());
    }

    public HttpJudgeConfig config() {
        return config;
    }

    /** The chat completions endpoint requests go to. */
    public URI endpoint() {
        return endpoint;
    }

    /** True when an API key was found (the key itself is not exposed). */
    public boolean hasApiKey() {
        return apiKey != null;
    }

    /**
     * Posts one JSON body, with these extra headers after {@code Content-Type}, {@code Accept},
     * {@code User-Agent} and {@code Authorization}, retrying as the policy says.
     *
     * @throws TransportException when no HTTP answer came on the last attempt
     */
    public Response post(String body, Map<String, String> headers) throws TransportException {
        return post(body.getBytes(StandardCharsets.UTF_8), headers);
    }

    /** {@link #post(String, Map)} for a body already encoded as UTF-8. */
    public Response post(byte[] body, Map<String, String> headers) throws TransportException {
        HttpRequest request = request(body, headers);
        RetryPolicy policy = config.retry();
        for (int attempt = 1; ; attempt++) {
            boolean mayRetry = attempt <= policy.maxRetries();
            HttpResponse<byte[]> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (HttpConnectTimeoutException e) {
                retryOrThrow(mayRetry, attempt, TransportException.Failure.CONNECT_TIMEOUT, e);
                continue;
            } catch (HttpTimeoutException e) {
                retryOrThrow(mayRetry, attempt, TransportException.Failure.TIMEOUT, e);
                continue;
            } catch (IOException e) {
                retryOrThrow(mayRetry, attempt, TransportException.Failure.CONNECTION, e);
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TransportException(TransportException.Failure.INTERRUPTED, attempt, e);
            }
            int status = response.statusCode();
            boolean ok = status >= 200 && status < 300;
            boolean retryable = !ok && policy.retries(status, response.headers());
            if (retryable && mayRetry) {
                pause(attempt, policy.delay(attempt, response.headers()));
                continue;
            }
            return new Response(status, response.body(), attempt, retryable);
        }
    }

    /** The request, each header checked by {@code java.net.http}. */
    private HttpRequest request(byte[] body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .timeout(config.timeout())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, String> h : headerList(headers)) {
            b.header(h.getKey(), h.getValue());
        }
        return b.build();
    }

    /**
     * {@code Content-Type}, {@code Accept}, {@code User-Agent}, {@code Authorization} (with a key), then the extra
     * headers; a header {@code java.net.http} refuses is an {@link IllegalArgumentException} naming it, never its value.
     */
    private List<Map.Entry<String, String>> headerList(Map<String, String> headers) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        list.add(Map.entry("Content-Type", "application/json"));
        list.add(Map.entry("Accept", "application/json"));
        list.add(Map.entry("User-Agent", USER_AGENT));
        if (apiKey != null) {
            try {
                checkHeader("Authorization", "Bearer " + apiKey);
            } catch (IllegalArgumentException e) {
                // the check's message never quotes the value, but say which key it is
                throw new IllegalArgumentException("the API key " + config.apiKey()
                        + " is not a valid HTTP header value");
            }
            list.add(Map.entry("Authorization", "Bearer " + apiKey));
        }
        headers.forEach((name, value) -> {
            checkHeader(name, value);
            list.add(Map.entry(name, value));
        });
        return list;
    }

    /** A header {@code java.net.http} accepts; the message names the header, never its value (it may be a key). */
    private void checkHeader(String name, String value) {
        try {
            HttpRequest.newBuilder(endpoint).header(name, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid header: " + name);
        }
    }

    private void retryOrThrow(boolean mayRetry, int attempt, TransportException.Failure failure, IOException e)
            throws TransportException {
        if (!mayRetry) {
            throw new TransportException(failure, attempt, e);
        }
        pause(attempt, config.retry().delay(attempt, null));
    }

    private void pause(int attempt, Duration wait) throws TransportException {
        try {
            config.sleeper().sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransportException(TransportException.Failure.INTERRUPTED_BEFORE_RETRY, attempt, e);
        }
    }

    /** The text with the API key replaced by {@code [redacted]}. */
    public String redact(String text) {
        return redact(text, REDACTED);
    }

    /** The text with the API key replaced by {@code marker} (a caller whose upstream words it its own way). */
    public String redact(String text, String marker) {
        return apiKey == null ? text : text.replace(apiKey, marker);
    }

    @Override
    public String toString() {
        return endpoint + ", model " + config.model() + ", api key "
                + (apiKey == null ? "none" : config.apiKey());
    }
}
