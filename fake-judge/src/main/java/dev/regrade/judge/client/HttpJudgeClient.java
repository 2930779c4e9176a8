package dev.regrade.judge.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The engine's judge and extractor over HTTP: one OpenAI chat completion per request (so one per
 * vote), sent as the original sends it, to the fake judge or any OpenAI-compatible endpoint.
 * Regrade's {@code X-Regrade-*} headers ride along so that the fake judge can journal and rule
 * without parsing prompts. Thread-safe.
 *
 * <p>Failures are {@link JudgeClientException}s: an unusable answer is a {@link JudgeReplyException}
 * (not retried); timeouts, HTTP 429/500/502/503/504 and connection errors (a reply cut off in
 * transit included) are retried with exponential backoff (honouring {@code Retry-After}, capped), as
 * the original's OpenAI client retries them, and end in a {@link JudgeTimeoutException}, a
 * {@link JudgeHttpException} or a {@link JudgeClientException}. The API key is read
 * once from the configured environment variable and appears in no message and no {@code toString}.
 */
public final class HttpJudgeClient implements Judge, Extractor {
    private static final Set<Integer> RETRYABLE = Set.of(429, 500, 502, 503, 504);
    private static final String REDACTED = "[redacted]";

    private final HttpJudgeConfig config;
    private final URI endpoint;
    private final String apiKey;
    private final HttpClient http;

    public HttpJudgeClient(HttpJudgeConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.endpoint = config.completionsUri();
        String key = config.apiKeyEnv() == null ? null : config.env().apply(config.apiKeyEnv());
        this.apiKey = key == null || key.isBlank() ? null : key.strip();
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public HttpJudgeConfig config() {
        return config;
    }

    /** True when an API key was found in the configured environment variable (the key itself is not exposed). */
    public boolean hasApiKey() {
        return apiKey != null;
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        String what = "verification" + (request.nodeId() == null ? "" : " of node '" + request.nodeId() + "'")
                + " (vote " + request.vote() + ")";
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Wire.KIND, Wire.KIND_VERIFY);
        String claim = Wire.encode(request.claim());
        if (claim.length() <= Wire.MAX_CLAIM_HEADER_CHARS) {
            headers.put(Wire.CLAIM, claim);
        }
        if (request.nodeId() != null) {
            headers.put(Wire.NODE, Wire.encode(request.nodeId()));
        }
        headers.put(Wire.VOTE, Integer.toString(request.vote()));
        if (request.url() != null) {
            headers.put(Wire.URL, Wire.encode(request.url()));
        }
        String body = RequestBodies.body(config.model(), request.prompt(), request.screenshots(), request.asParts(),
                Wire.VERIFICATION_SCHEMA_NAME, Wire.verificationSchema());
        byte[] reply = send(what, headers, body);
        try {
            return ReplyParser.verdict(ReplyParser.content(reply));
        } catch (ReplyParser.BadReply e) {
            throw new JudgeReplyException(redact(what + ": unusable reply from " + endpoint + ": " + e.getMessage()));
        }
    }

    @Override
    public JsonNode extract(ExtractionRequest request) {
        String what = "extraction '" + request.extractionName() + "'";
        if (request.schema() == null || request.schemaName() == null) {
            throw new IllegalArgumentException(what + ": a structured extraction needs a schema name and a schema");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Wire.KIND, Wire.KIND_EXTRACT);
        headers.put(Wire.EXTRACTION, Wire.encode(request.extractionName()));
        if (request.url() != null) {
            headers.put(Wire.URL, Wire.encode(request.url()));
        }
        String body = RequestBodies.body(config.model(), request.prompt(), request.screenshots(), request.asParts(),
                request.schemaName(), request.schema());
        byte[] reply = send(what, headers, body);
        try {
            return ReplyParser.extraction(ReplyParser.content(reply));
        } catch (ReplyParser.BadReply e) {
            throw new JudgeReplyException(redact(what + ": unusable reply from " + endpoint + ": " + e.getMessage()));
        }
    }

    /** Sends with retries; returns the body of a 2xx answer. */
    private byte[] send(String what, Map<String, String> headers, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .timeout(config.timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (apiKey != null) {
            b.header("Authorization", "Bearer " + apiKey);
        }
        headers.forEach(b::header);
        HttpRequest request = b.build();
        int attempts = config.maxRetries() + 1;
        for (int attempt = 1; ; attempt++) {
            HttpResponse<byte[]> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (HttpConnectTimeoutException e) {
                if (attempt < attempts) {
                    pause(what, backoff(attempt, Optional.empty()));
                    continue;
                }
                throw new JudgeClientException(redact(what + ": cannot connect to the judge at " + endpoint + " within "
                        + config.connectTimeout().toMillis() + " ms, " + tries(attempt)), e);
            } catch (HttpTimeoutException e) {
                // Retried, as the original retries APITimeoutError (its backoff wrapper and the SDK both do).
                if (attempt < attempts) {
                    pause(what, backoff(attempt, Optional.empty()));
                    continue;
                }
                throw new JudgeTimeoutException(redact(what + ": no reply from the judge at " + endpoint + " within "
                        + config.timeout().toMillis() + " ms, " + tries(attempt)), e);
            } catch (IOException e) {
                if (attempt < attempts) {
                    pause(what, backoff(attempt, Optional.empty()));
                    continue;
                }
                throw new JudgeClientException(redact(what + ": cannot reach the judge at " + endpoint + ", "
                        + tries(attempt) + ": " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage())), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JudgeClientException(what + ": interrupted while waiting for the judge at " + endpoint, e);
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return response.body();
            }
            if (RETRYABLE.contains(status) && attempt < attempts) {
                pause(what, backoff(attempt, retryAfter(response)));
                continue;
            }
            throw new JudgeHttpException(redact(what + ": the judge at " + endpoint + " answered HTTP " + status
                    + (RETRYABLE.contains(status) ? ", " + tries(attempt) : "") + ": "
                    + errorText(response.body())), status, attempt);
        }
    }

    private static String tries(int attempts) {
        return "gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts");
    }

    /** The wait before retry number {@code retry} (1-based): Retry-After when given, else exponential; capped. */
    Duration backoff(int retry, Optional<Duration> retryAfter) {
        Duration wait = retryAfter.orElseGet(() -> {
            Duration d = config.initialBackoff();
            for (int i = 1; i < retry && d.compareTo(config.maxBackoff()) < 0; i++) {
                d = d.multipliedBy(2);
            }
            return d;
        });
        return wait.compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : wait;
    }

    private static Optional<Duration> retryAfter(HttpResponse<?> response) {
        try {
            Optional<String> ms = response.headers().firstValue("retry-after-ms");
            if (ms.isPresent()) {
                return Optional.of(Duration.ofMillis((long) Double.parseDouble(ms.get().trim())));
            }
            Optional<String> s = response.headers().firstValue("retry-after");
            if (s.isPresent()) {
                return Optional.of(Duration.ofMillis((long) (Double.parseDouble(s.get().trim()) * 1000)));
            }
        } catch (NumberFormatException e) {
            // An HTTP-date or garbage: fall back to exponential backoff (no wall clock is read).
        }
        return Optional.empty();
    }

    private void pause(String what, Duration d) {
        try {
            config.sleeper().sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeClientException(what + ": interrupted while waiting to retry", e);
        }
    }

    private static String errorText(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            JsonNode root = Wire.MAPPER.readTree(body);
            if (root != null && root.path("error").path("message").isTextual()) {
                return ReplyParser.excerpt(root.path("error").path("message").asText());
            }
        } catch (IOException e) {
            // Not JSON: show the text.
        }
        return text.isBlank() ? "(empty body)" : ReplyParser.excerpt(text);
    }

    private String redact(String message) {
        return apiKey == null ? message : message.replace(apiKey, REDACTED);
    }

    @Override
    public String toString() {
        return "HttpJudgeClient[" + endpoint + ", model " + config.model() + ", api key "
                + (apiKey == null ? "none" : "from $" + config.apiKeyEnv()) + "]";
    }
}
