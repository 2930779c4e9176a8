package dev.regrade.judge.client;

import dev.regrade.rubric.EvaluationContext;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * How the HTTP judge client talks to an OpenAI-compatible endpoint. Immutable; each {@code withX}
 * returns a copy. Holds the <em>name</em> of the environment variable with the API key, never the
 * key itself.
 *
 * @param baseUrl        the OpenAI base URL, e.g. {@code http://127.0.0.1:PORT/v1}
 * @param model          the model name sent with every request
 * @param apiKeyEnv      the environment variable holding the API key, or null for none; when the
 *                       variable is unset or empty no {@code Authorization} header is sent
 * @param timeout        per-request timeout (connect to last byte of the answer)
 * @param connectTimeout timeout for opening a connection
 * @param maxRetries     retries after the first attempt, on timeouts, HTTP 429/500/502/503/504 and connection errors
 * @param initialBackoff wait before the first retry; doubled for each further retry
 * @param maxBackoff     cap on every wait, {@code Retry-After} included
 * @param sleeper        how to wait between retries
 * @param env            how to read an environment variable (default {@code System::getenv})
 */
public record HttpJudgeConfig(String baseUrl, String model, String apiKeyEnv, Duration timeout,
                              Duration connectTimeout, int maxRetries, Duration initialBackoff,
                              Duration maxBackoff, Sleeper sleeper, Function<String, String> env) {
    public HttpJudgeConfig {
        Objects.requireNonNull(baseUrl, "baseUrl");
        URI uri = URI.create(baseUrl);
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("baseUrl must be an http or https URL, got '" + baseUrl + "'");
        }
        Objects.requireNonNull(model, "model");
        positive(timeout, "timeout");
        positive(connectTimeout, "connectTimeout");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative, got " + maxRetries);
        }
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (initialBackoff.isNegative() || maxBackoff.isNegative()) {
            throw new IllegalArgumentException("backoff must not be negative");
        }
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(env, "env");
    }

    /**
     * Defaults for an endpoint: model {@code o4-mini} (what the original runner passes), no API
     * key, 60 s per request, 5 s to connect, 2 retries from 0.5 s doubling up to 8 s (the OpenAI
     * Python client's defaults, without jitter so runs stay deterministic).
     */
    public static HttpJudgeConfig of(String baseUrl) {
        return new HttpJudgeConfig(baseUrl, EvaluationContext.DEFAULT_MODEL, null, Duration.ofSeconds(60),
                Duration.ofSeconds(5), 2, Duration.ofMillis(500), Duration.ofSeconds(8), Sleeper.REAL, System::getenv);
    }

    public HttpJudgeConfig withModel(String value) {
        return new HttpJudgeConfig(baseUrl, value, apiKeyEnv, timeout, connectTimeout, maxRetries, initialBackoff,
                maxBackoff, sleeper, env);
    }

    /** Reads the API key from this environment variable (null: send no key). */
    public HttpJudgeConfig withApiKeyEnv(String value) {
        return new HttpJudgeConfig(baseUrl, model, value, timeout, connectTimeout, maxRetries, initialBackoff,
                maxBackoff, sleeper, env);
    }

    public HttpJudgeConfig withTimeout(Duration value) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, value, connectTimeout, maxRetries, initialBackoff,
                maxBackoff, sleeper, env);
    }

    public HttpJudgeConfig withConnectTimeout(Duration value) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, timeout, value, maxRetries, initialBackoff,
                maxBackoff, sleeper, env);
    }

    public HttpJudgeConfig withMaxRetries(int value) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, timeout, connectTimeout, value, initialBackoff,
                maxBackoff, sleeper, env);
    }

    /** Backoff from {@code initial}, doubling per retry, each wait capped at {@code max}. */
    public HttpJudgeConfig withBackoff(Duration initial, Duration max) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, timeout, connectTimeout, maxRetries, initial, max,
                sleeper, env);
    }

    public HttpJudgeConfig withSleeper(Sleeper value) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, timeout, connectTimeout, maxRetries, initialBackoff,
                maxBackoff, value, env);
    }

    /** Reads environment variables through this function (a test seam; default {@code System::getenv}). */
    public HttpJudgeConfig withEnv(Function<String, String> value) {
        return new HttpJudgeConfig(baseUrl, model, apiKeyEnv, timeout, connectTimeout, maxRetries, initialBackoff,
                maxBackoff, sleeper, value);
    }

    /** The chat completions endpoint: the base URL without trailing slashes, plus {@code /chat/completions}. */
    public URI completionsUri() {
        String base = baseUrl;
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + "/chat/completions");
    }

    @Override
    public String toString() {
        return "HttpJudgeConfig[baseUrl=" + baseUrl + ", model=" + model + ", apiKeyEnv="
                + (apiKeyEnv == null ? "none" : apiKeyEnv) + ", timeout=" + timeout + ", connectTimeout="
                + connectTimeout + ", maxRetries=" + maxRetries + ", backoff=" + initialBackoff + ".." + maxBackoff + "]";
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
