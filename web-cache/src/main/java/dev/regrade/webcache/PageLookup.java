package dev.regrade.webcache;

import java.util.Objects;

/**
 * One page request answered by a page source, as recorded for the caller.
 *
 * @param url     the URL as asked (already cleaned by the engine)
 * @param outcome what the source served
 * @param key     the stored key the URL matched (for a generated page, the key it is now stored
 *                under), or null when nothing matched or the lookup failed
 * @param detail  a short human-readable reason (e.g. why a page is missing), never null
 */
public record PageLookup(String url, Outcome outcome, String key, String detail) {

    /** What a page request got. */
    public enum Outcome {
        /** A page that exists: given by the fixture, or found in the cache. */
        GIVEN,
        /** A page generated from the URL because none was given. */
        GENERATED,
        /**
         * A page that could not be loaded: listed as missing (served as the original's unloadable
         * page), absent from the cache, or not readable offline (a PDF).
         */
        MISSING,
        /** The lookup raised, as the original's would (e.g. {@code ValueError: Invalid IPv6 URL}). */
        ERROR
    }

    public PageLookup {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
    }
}
