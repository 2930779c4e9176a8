package dev.regrade.judge.client;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How an {@link OpenAiTransport} retries: which answers it tries again and how long it waits first.
 * Timeouts, refused connections and replies cut off in transit are always retried (within
 * {@code maxRetries}); what differs between upstreams is the HTTP statuses, the backoff and the
 * {@code Retry-After} rule. Each upstream's behaviour is a named policy: {@link #MIND2WEB2},
 * {@link #VEREVAL}, {@link #WEARABLE_STARTER_KIT}. Immutable; each {@code withX} returns a copy.
 *
 * @param maxRetries     retries after the first attempt
 * @param statuses       which HTTP error answers are retried
 * @param initialBackoff the wait before the first retry; doubled for each further retry
 * @param maxBackoff     cap on the doubled wait (and, under {@link RetryAfterRule#CAPPED}, on {@code Retry-After})
 * @param jitter         the fraction of the doubled wait taken off at random (0: none, deterministic)
 * @param retryAfter     how a server's {@code Retry-After} is honoured
 */
public record RetryPolicy(int maxRetries, Statuses statuses, Duration initialBackoff, Duration maxBackoff,
                          double jitter, RetryAfterRule retryAfter) {

    /**
     * Mind2Web 2's judge calls: the OpenAI Python SDK's defaults as its evaluator meets them
     * (timeouts, connection errors and HTTP 429/500/502/503/504 retried twice, 0.5 s doubling up to
     * 8 s, {@code Retry-After} honoured), without jitter and with every wait capped at 8 s so that
     * runs and tests are deterministic. The original's own backoff wrapper retries without end;
     * Regrade gives up after the budget (the run is abandoned with exit 3).
     */
    public static final RetryPolicy MIND2WEB2 = new RetryPolicy(2, Statuses.RATE_LIMITS_AND_SERVER_ERRORS,
            Duration.ofMillis(500), Duration.ofSeconds(8), 0.0, RetryAfterRule.CAPPED);

    /**
     * VerEval's runner, which calls the OpenAI Python SDK ({@code chat.completions.create}): the
     * SDK's {@code _should_retry} (an {@code x-should-retry} header decides, else 408, 409, 429 and
     * every 5xx) and {@code _calculate_retry_timeout} ({@code Retry-After} when it is more than 0
     * and at most 60 s, else 0.5·2ⁿ s capped at 8 s, less up to 25 % jitter). Two retries is the
     * SDK's default; the runner passes {@code --api-retries} ({@link #withMaxRetries}).
     */
    public static final RetryPolicy VEREVAL = new RetryPolicy(2, Statuses.OPENAI_SDK, Duration.ofMillis(500),
            Duration.ofSeconds(8), 0.25, RetryAfterRule.UP_TO_60_S);

    /**
     * The wearable-AI starter kit's vLLM judge ({@code _VllmJudgeServer.score_turn} over urllib):
     * no retry of any HTTP status, and one immediate resend after a transport error. urllib opens a
     * fresh connection per request, java.net.http pools them, and a pooled connection the server
     * had already closed fails with no response at all: the resend restores the original's behaviour.
     */
    public static final RetryPolicy WEARABLE_STARTER_KIT = new RetryPolicy(1, Statuses.NONE, Duration.ZERO,
            Duration.ZERO, 0.0, RetryAfterRule.IGNORED);

    private static final Duration SDK_RETRY_AFTER_LIMIT = Duration.ofSeconds(60);

    /** Which HTTP error answers a policy retries. */
    public enum Statuses {
        /** None: every answer is final. */
        NONE,
        /** 429, 500, 502, 503 and 504. */
        RATE_LIMITS_AND_SERVER_ERRORS,
        /** The OpenAI Python SDK's rule: {@code x-should-retry: true|false} decides, else 408, 409, 429 and 5xx. */
        OPENAI_SDK;

        boolean retries(int status, HttpHeaders headers) {
            return switch (this) {
                case NONE -> false;
                case RATE_LIMITS_AND_SERVER_ERRORS -> status == 429 || status == 500 || status == 502
                        || status == 503 || status == 504;
                case OPENAI_SDK -> {
                    String should = headers.firstValue("x-should-retry").orElse(null);
                    yield "true".equals(should) || !"false".equals(should)
                            && (status == 408 || status == 409 || status == 429 || status >= 500);
                }
            };
        }
    }

    /**
     * How a server's wait ({@code retry-after-ms}, else {@code Retry-After} in seconds) is honoured
     * on a retried status.
     */
    public enum RetryAfterRule {
        /** Never read: the backoff decides. */
        IGNORED,
        /** Waited, capped at {@code maxBackoff}; an HTTP-date is ignored, so no wall clock is read. */
        CAPPED,
        /**
         * The OpenAI Python SDK's rule: waited when more than 0 and at most 60 s (an HTTP-date counts
         * from the wall clock), else the backoff decides.
         */
        UP_TO_60_S
    }

    public RetryPolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative, got " + maxRetries);
        }
        Objects.requireNonNull(statuses, "statuses");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (initialBackoff.isNegative() || maxBackoff.isNegative()) {
            throw new IllegalArgumentException("backoff must not be negative");
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("jitter must be in [0, 1), got " + jitter);
        }
        Objects.requireNonNull(retryAfter, "retryAfter");
    }

    public RetryPolicy withMaxRetries(int value) {
        return new RetryPolicy(value, statuses, initialBackoff, maxBackoff, jitter, retryAfter);
    }

    /** Backoff from {@code initial}, doubling per retry, capped at {@code max}. */
    public RetryPolicy withBackoff(Duration initial, Duration max) {
        return new RetryPolicy(maxRetries, statuses, initial, max, jitter, retryAfter);
    }

    /** True when this HTTP error answer is one this policy tries again (budget permitting). */
    public boolean retries(int status, HttpHeaders headers) {
        return statuses.retries(status, headers);
    }

    /**
     * The wait before retry number {@code retry} (1-based): after an HTTP answer ({@code headers}
     * of the retried answer) the {@code Retry-After} rule applies, after a transport error
     * ({@code headers} null) the backoff alone.
     */
    public Duration delay(int retry, HttpHeaders headers) {
        if (headers != null && retryAfter != RetryAfterRule.IGNORED) {
            Optional<Duration> after = retryAfter(headers, retryAfter == RetryAfterRule.UP_TO_60_S);
            if (after.isPresent()) {
                Duration d = after.get();
                if (retryAfter == RetryAfterRule.CAPPED) {
                    return d.isNegative() ? Duration.ZERO : d.compareTo(maxBackoff) > 0 ? maxBackoff : d;
                }
                if (!d.isNegative() && !d.isZero() && d.compareTo(SDK_RETRY_AFTER_LIMIT) <= 0) {
                    return d;
                }
            }
        }
        return backoff(retry);
    }

    private Duration backoff(int retry) {
        Duration d = initialBackoff;
        for (int i = 1; i < retry && d.compareTo(maxBackoff) < 0; i++) {
            d = d.multipliedBy(2);
        }
        if (d.compareTo(maxBackoff) > 0) {
            d = maxBackoff;
        }
        if (jitter > 0) {
            d = Duration.ofNanos((long) (d.toNanos() * (1 - jitter * ThreadLocalRandom.current().nextDouble())));
        }
        return d;
    }

    /**
     * The server's wait, as the OpenAI Python SDK reads it: {@code retry-after-ms} (milliseconds),
     * else {@code Retry-After} as seconds or, with {@code httpDates}, an HTTP-date from now. Empty
     * when absent or unreadable.
     */
    static Optional<Duration> retryAfter(HttpHeaders headers, boolean httpDates) {
        Optional<String> ms = headers.firstValue("retry-after-ms");
        if (ms.isPresent()) {
            try {
                return Optional.of(Duration.ofNanos((long) (Double.parseDouble(ms.get().trim()) * 1e6)));
            } catch (NumberFormatException e) {
                // fall through to Retry-After, as the SDK does
            }
        }
        Optional<String> s = headers.firstValue("retry-after");
        if (s.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.ofNanos((long) (Double.parseDouble(s.get().trim()) * 1e9)));
        } catch (NumberFormatException e) {
            if (!httpDates) {
                return Optional.empty();
            }
            try {
                ZonedDateTime when = ZonedDateTime.parse(s.get().trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                return Optional.of(Duration.ofMillis(when.toInstant().toEpochMilli() - System.currentTimeMillis()));
            } catch (RuntimeException notADate) {
                return Optional.empty();
            }
        }
    }
}
