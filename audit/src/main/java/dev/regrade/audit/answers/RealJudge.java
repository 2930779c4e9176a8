package dev.regrade.audit.answers;

import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.rubric.EvaluationContext;
import java.util.Objects;
import java.util.function.Function;

/**
 * An OpenAI-compatible endpoint that answers every judge and extraction request of an audit
 * ({@code --judge-url URL [--judge-model M] [--api-key-env VAR]}), meant for a
 * {@code judge serve --replay} recording of a real judge. Holds the name of the key's environment
 * variable, never the key.
 *
 * @param url       the base URL ({@code …/v1})
 * @param model     the model named in the requests (default {@code o4-mini}, what the runner passes)
 * @param apiKeyEnv the environment variable holding the key; unset or blank: no key is sent
 */
public record RealJudge(String url, String model, String apiKeyEnv) {
    public RealJudge {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
    }

    /** The endpoint with the default model and key variable. */
    public static RealJudge of(String url) {
        return new RealJudge(url, EvaluationContext.DEFAULT_MODEL, "OPENAI_API_KEY");
    }

    /**
     * The client's configuration, the key read through {@code env} when a client is built; a URL
     * that is not http(s) is an {@link IllegalArgumentException}.
     */
    public HttpJudgeConfig config(Function<String, String> env) {
        return HttpJudgeConfig.of(url).withModel(model).withApiKey(ApiKey.fromEnv(apiKeyEnv, env));
    }

    /** How the report names the judge: the URL and the model, no key. */
    public String label() {
        return url + " (model " + model + ")";
    }
}
