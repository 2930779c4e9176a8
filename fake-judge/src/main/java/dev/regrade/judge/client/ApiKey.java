package dev.regrade.judge.client;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where an endpoint's API key comes from. Its {@code toString} names the source ({@code none},
 * {@code from $VARIABLE}, {@code given}), never the key; the {@link OpenAiTransport} reads the key once,
 * sends it only as a bearer token and redacts it from every message it helps to write.
 */
public final class ApiKey {
    private static final ApiKey NONE = new ApiKey("none", () -> null);

    private final String source;
    private final Supplier<String> supplier;

    private ApiKey(String source, Supplier<String> supplier) {
        this.source = source;
        this.supplier = supplier;
    }

    /** No key: no {@code Authorization} header. */
    public static ApiKey none() {
        return NONE;
    }

    /**
     * The key in this environment variable, read through {@code env} when a transport is built
     * (null variable: no key).
     */
    public static ApiKey fromEnv(String variable, Function<String, String> env) {
        if (variable == null) {
            return NONE;
        }
        Objects.requireNonNull(env, "env");
        return new ApiKey("from $" + variable, () -> env.apply(variable));
    }

    /** A key the caller already holds (VerEval resolves its variable and default itself). */
    public static ApiKey of(String key) {
        Objects.requireNonNull(key, "key");
        return new ApiKey("given", () -> key);
    }

    /**
     * The key without surrounding whitespace, or null when there is none (unset or blank). A key
     * read from a file often ends in a newline, which no header may hold and which java.net.http
     * would quote, key and all, in its error.
     */
    String read() {
        String key = supplier.get();
        return key == null || key.isBlank() ? null : key.strip();
    }

    @Override
    public String toString() {
        return source;
    }
}
