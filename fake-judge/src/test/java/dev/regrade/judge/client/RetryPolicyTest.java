package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Each named policy's statuses, backoff and Retry-After rule, decided without a server. */
class RetryPolicyTest {
    private static final HttpHeaders NONE = headers();

    private static HttpHeaders headers(String... nameValue) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            m.put(nameValue[i], List.of(nameValue[i + 1]));
        }
        return HttpHeaders.of(m, (a, b) -> true);
    }

    private static List<Duration> backoffs(RetryPolicy p, int retries) {
        return IntStream.rangeClosed(1, retries).mapToObj(i -> p.delay(i, null)).toList();
    }

    @Test
    void mind2web2RetriesRateLimitsAndGatewayErrorsOnly() {
        RetryPolicy p = RetryPolicy.MIND2WEB2;
        for (int s : new int[] {429, 500, 502, 503, 504}) {
            assertTrue(p.retries(s, NONE), s + " is retried");
        }
        for (int s : new int[] {400, 401, 404, 408, 409, 501, 505}) {
            assertFalse(p.retries(s, NONE), s + " is final");
        }
        assertFalse(p.retries(400, headers("x-should-retry", "true")), "the SDK's override is not read");
        assertEquals(2, p.maxRetries());
    }

    @Test
    void mind2web2BacksOffDeterministicallyAndCapsRetryAfter() {
        RetryPolicy p = RetryPolicy.MIND2WEB2;
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2),
                Duration.ofSeconds(4), Duration.ofSeconds(8), Duration.ofSeconds(8)), backoffs(p, 6));
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2),
                        Duration.ofSeconds(3), Duration.ofSeconds(3)),
                backoffs(p.withBackoff(Duration.ofMillis(500), Duration.ofSeconds(3)), 5));
        assertEquals(Duration.ofSeconds(3), p.delay(1, headers("retry-after", "3")));
        assertEquals(Duration.ZERO, p.delay(2, headers("retry-after", "0")), "a zero Retry-After is honoured");
        assertEquals(Duration.ofSeconds(8), p.delay(1, headers("retry-after", "120")), "capped at 8 s");
        assertEquals(Duration.ofMillis(250), p.delay(1, headers("retry-after-ms", "250", "retry-after", "7")));
        assertEquals(Duration.ZERO, p.delay(1, headers("retry-after", "-5")), "never a negative wait");
        assertEquals(Duration.ofSeconds(1), p.delay(2, headers("retry-after", httpDate(30))),
                "an HTTP-date is not read (no wall clock): the backoff decides");
        assertEquals(Duration.ofSeconds(2), p.delay(1, headers("retry-after-ms", "soon", "retry-after", "2")),
                "an unreadable retry-after-ms falls back to Retry-After");
    }

    @Test
    void veRevalFollowsTheOpenAiSdksShouldRetry() {
        RetryPolicy p = RetryPolicy.VEREVAL;
        for (int s : new int[] {408, 409, 429, 500, 501, 503, 599}) {
            assertTrue(p.retries(s, NONE), s + " is retried");
        }
        for (int s : new int[] {400, 401, 403, 404, 422}) {
            assertFalse(p.retries(s, NONE), s + " is final");
        }
        assertTrue(p.retries(400, headers("x-should-retry", "true")));
        assertFalse(p.retries(503, headers("x-should-retry", "false")));
        assertTrue(p.retries(503, headers("x-should-retry", "maybe")), "another value: the status decides");
        assertEquals(5, p.withMaxRetries(5).maxRetries());
    }

    @Test
    void veRevalJittersItsBackoffAndHonoursRetryAfterUpTo60Seconds() {
        RetryPolicy p = RetryPolicy.VEREVAL;
        for (int run = 0; run < 50; run++) {
            List<Duration> waits = backoffs(p, 6);
            double[] full = {0.5, 1, 2, 4, 8, 8};
            for (int i = 0; i < full.length; i++) {
                double s = waits.get(i).toNanos() / 1e9;
                assertTrue(s > full[i] * 0.75 - 1e-9 && s <= full[i], "retry " + (i + 1) + ": " + s + " s");
            }
        }
        assertEquals(Duration.ofSeconds(3), p.delay(1, headers("retry-after", "3")));
        assertEquals(Duration.ofSeconds(60), p.delay(1, headers("retry-after", "60")));
        assertEquals(Duration.ofMillis(1500), p.delay(1, headers("retry-after-ms", "1500")));
        for (String ignored : new String[] {"0", "61", "-1", "soon"}) {
            double s = p.delay(1, headers("retry-after", ignored)).toNanos() / 1e9;
            assertTrue(s > 0.375 - 1e-9 && s <= 0.5, "Retry-After " + ignored + " leaves the backoff: " + s);
        }
        double fromDate = p.delay(1, headers("retry-after", httpDate(30))).toNanos() / 1e9;
        assertTrue(fromDate > 25 && fromDate <= 30, "an HTTP-date counts from now: " + fromDate);
    }

    @Test
    void theWearableStarterKitResendsOnceAtOnceAndRetriesNoStatus() {
        RetryPolicy p = RetryPolicy.WEARABLE_STARTER_KIT;
        assertEquals(1, p.maxRetries());
        for (int s : new int[] {408, 429, 500, 503}) {
            assertFalse(p.retries(s, headers("x-should-retry", "true")), s + " is final");
        }
        assertEquals(List.of(Duration.ZERO), backoffs(p, 1));
        assertEquals(Duration.ZERO, p.delay(1, headers("retry-after", "5")), "Retry-After is ignored");
    }

    @Test
    void aPolicyIsValidated() {
        assertThrows(IllegalArgumentException.class, () -> RetryPolicy.MIND2WEB2.withMaxRetries(-1));
        assertThrows(IllegalArgumentException.class,
                () -> RetryPolicy.MIND2WEB2.withBackoff(Duration.ofMillis(-1), Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(1, RetryPolicy.Statuses.NONE,
                Duration.ZERO, Duration.ZERO, 1.0, RetryPolicy.RetryAfterRule.IGNORED));
    }

    private static String httpDate(int secondsFromNow) {
        return ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(secondsFromNow).format(DateTimeFormatter.RFC_1123_DATE_TIME);
    }
}
