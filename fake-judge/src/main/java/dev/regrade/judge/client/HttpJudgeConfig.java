package dev.regrade.judge.client;

import dev.regrade.rubric.EvaluationContext;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How an {@link OpenAiTransport} talks to an OpenAI-compatible endpoint, for any of Regrade's
 * clients. Immutable; each {@code withX} returns a copy. Holds where the API key comes from, never
 * the key itself.
 *
 * @param baseUrl        the OpenAI base URL, e.g. {@code http://127.0.0.1:PORT/v1}
 * @param model          the model name the client sends (VerEval's requests carry their own)
 * @param apiKey         where the API key comes from; without one no {@code Authorization} header is sent
 * @param timeout        per-attempt timeout (connect to last byte of the answer)
 * @param connectTimeout timeout for opening a connection
 * @param retry          what is retried and how long to wait first
 * @param sleeper        how to wait between retries
 */
public record HttpJudgeConfig(String baseUrl, String model, ApiKey apiKey, Duration timeout, Duration connectTimeout,
                              RetryPolicy retry, Sleeper sleeper) {
    public HttpJudgeConfig {
        Objects.requireNonNull(baseUrl, "baseUrl");
        String scheme = URI.create(baseUrl).getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
            throw new IllegalArgumentException("baseUrl must be an http or https URL, got '" + baseUrl + "'");
        }
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        positive(timeout, "timeout");
        positive(connectTimeout, "connectTimeout");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(sleeper, "sleeper");
    }

    /**
     * Defaults for an endpoint: model {@code o4-mini} (what the original runner passes), no API
     * key, 60 s per request, 5 s to connect, and {@link RetryPolicy#MIND2WEB2}.
     */
    public static HttpJudgeConfig of(String baseUrl) {
        return new HttpJudgeConfig(baseUrl, EvaluationContext.DEFAULT_MODEL, ApiKey.none(), Duration.ofSeconds(60),
                Duration.ofSeconds(5), RetryPolicy.MIND2WEB2, Sleeper.REAL);
    }

    public HttpJudgeConfig withModel(String value) {
        return new HttpJudgeConfig(baseUrl, value, apiKey, timeout, connectTimeout, retry, sleeper);
    }

    public HttpJudgeConfig withApiKey(ApiKey value) {
        return new HttpJudgeConfig(baseUrl, model, value, timeout, connectTimeout, retry, sleeper);
    }

    public HttpJudgeConfig withTimeout(Duration value) {
        return new HttpJudgeConfig(baseUrl, model, apiKey, value, connectTimeout, retry, sleeper);
    }

    public HttpJudgeConfig withConnectTimeout(Duration value) {
        return new HttpJudgeConfig(baseUrl, model, apiKey, timeout, value, retry, sleeper);
    }

    public HttpJudgeConfig withRetry(RetryPolicy value) {
        return new HttpJudgeConfig(baseUrl, model, apiKey, timeout, connectTimeout, value, sleeper);
    }

    /** This policy with another number of retries. */
    public HttpJudgeConfig withMaxRetries(int value) {
        return withRetry(retry.withMaxRetries(value));
    }

    /** This policy with backoff from {@code initial}, doubling per retry, each wait capped at {@code max}. */
    public HttpJudgeConfig withBackoff(Duration initial, Duration max) {
        return withRetry(retry.withBackoff(initial, max));
    }

    public HttpJudgeConfig withSleeper(Sleeper value) {
        return new HttpJudgeConfig(baseUrl, model, apiKey, timeout, connectTimeout, retry, value);
    }

    /** The chat completions endpoint: the base URL without trailing slashes, plus {@code /chat/completions}. */
    public URI completionsUri() {
        String base = baseUrl;
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + "/chat/completions");
    }

    /**
     * True when a URL names this machine: host {@code localhost}, a 127.0.0.0/8 address or
     * {@code [::1]}, read from the URL alone (no name is looked up). Such an endpoint, the fake judge
     * included, needs no API key.
     */
    public static boolean isLoopback(String url) {
        String host;
        try {
            host = URI.create(url.strip()).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("[::1]") || h.matches("127(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
    }

    @Override
    public String toString() {
        return "HttpJudgeConfig[baseUrl=" + baseUrl + ", model=" + model + ", apiKey=" + apiKey + ", timeout="
                + timeout + ", connectTimeout=" + connectTimeout + ", retry=" + retry + "]";
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
