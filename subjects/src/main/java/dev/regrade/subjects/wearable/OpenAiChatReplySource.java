package dev.regrade.subjects.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * The judge call of the original's vLLM backend ({@code _VllmJudgeServer.score_turn}) against any
 * OpenAI-compatible endpoint: POST {@code {model, messages:[{role:user, content}], max_tokens: 10,
 * temperature: 0.0}} to {@code <baseUrl>/chat/completions}, 120 s timeout, no retry except one after a
 * transport error (a pooled connection the server had closed); the reply is
 * {@code choices[0].message.content}. A non-2xx status, a transport error, a body that is not JSON or a
 * response without that path throws (the turn then scores 0.0). The API key, if any, is read from the
 * named environment variable and sent as a bearer token; it is never logged or kept in {@link #toString()}.
 */
public final class OpenAiChatReplySource implements JudgeReplySource {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI endpoint;
    private final String model;
    private final String apiKeyEnv;
    private final Function<String, String> env;
    private final HttpClient http;
    private final Duration timeout;

    /**
     * @param baseUrl   OpenAI base URL, e.g. {@code http://127.0.0.1:8000/v1}
     * @param model     model name sent with each request
     * @param apiKeyEnv environment variable holding the API key, or null for none
     */
    public OpenAiChatReplySource(String baseUrl, String model, String apiKeyEnv) {
        this(baseUrl, model, apiKeyEnv, System::getenv, Duration.ofSeconds(120));
    }

    public OpenAiChatReplySource(String baseUrl, String model, String apiKeyEnv, Function<String, String> env,
                                 Duration timeout) {
        String base = Objects.requireNonNull(baseUrl, "baseUrl");
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        this.endpoint = URI.create(base + "/chat/completions");
        this.model = Objects.requireNonNull(model, "model");
        this.apiKeyEnv = apiKeyEnv;
        this.env = env;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public String reply(String prompt) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", model);
        ObjectNode msg = body.putArray("messages").addObject();
        msg.put("role", "user");
        msg.put("content", prompt);
        body.put("max_tokens", 10);
        body.put("temperature", 0.0);
        HttpRequest.Builder req = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body), StandardCharsets.UTF_8));
        String key = apiKeyEnv == null ? null : env.apply(apiKeyEnv);
        if (key != null && !key.isEmpty()) {
            req.header("Authorization", "Bearer " + key);
        }
        HttpRequest request = req.build();
        HttpResponse<String> resp;
        try {
            resp = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException stale) {
            // The original (urllib) opens a fresh connection per request; java.net.http pools them, and a
            // pooled connection the server already closed fails with no response at all. One retry on a
            // transport error restores the original's behaviour; HTTP error statuses are never retried.
            resp = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
        if (resp.statusCode() / 100 != 2) {
            throw new IOException("HTTP Error " + resp.statusCode());
        }
        JsonNode payload = JSON.readTree(resp.body());
        JsonNode content = payload.path("choices").path(0).path("message");
        if (!content.isObject() || !content.has("content")) {
            throw new IOException("Unexpected judge response shape");
        }
        JsonNode c = content.get("content");
        if (c.isNull()) {
            return null;
        }
        if (!c.isTextual()) {
            throw new IOException("Unexpected judge content type: " + c.getNodeType());
        }
        return c.textValue();
    }

    @Override
    public String toString() {
        return "OpenAiChatReplySource[" + endpoint + ", model=" + model + ", apiKeyEnv="
                + (apiKeyEnv == null ? "none" : apiKeyEnv) + "]";
    }
}
