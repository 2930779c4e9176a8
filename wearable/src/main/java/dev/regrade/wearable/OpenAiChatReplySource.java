package dev.regrade.wearable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.client.OpenAiTransport;
import dev.regrade.judge.client.RetryPolicy;
import dev.regrade.judge.client.TransportException;
import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * The judge call of the original's vLLM backend ({@code _VllmJudgeServer.score_turn}) against any
 * OpenAI-compatible endpoint, through the {@link OpenAiTransport}: POST {@code {model,
 * messages:[{role:user, content}], max_tokens: 10, temperature: 0.0}} to
 * {@code <baseUrl>/chat/completions}, 120 s timeout, retries as {@link RetryPolicy#WEARABLE_STARTER_KIT}
 * (none but one resend after a transport error); the reply is {@code choices[0].message.content}, any
 * JSON value. A non-2xx status, a transport error, a body that json.loads would reject or a response
 * without that path throws (the turn then scores 0.0). The API key, if any, is read from the named
 * environment variable and sent as a bearer token; it is in no message and no {@link #toString()}.
 */
public final class OpenAiChatReplySource implements JudgeReplySource {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final String model;
    private final OpenAiTransport transport;

    /**
     * @param baseUrl   OpenAI base URL, e.g. {@code http://127.0.0.1:8000/v1}
     * @param model     model name sent with each request
     * @param apiKeyEnv environment variable holding the API key, or null for none
     */
    public OpenAiChatReplySource(String baseUrl, String model, String apiKeyEnv) {
        this(config(baseUrl, model, ApiKey.fromEnv(apiKeyEnv, System::getenv)));
    }

    public OpenAiChatReplySource(HttpJudgeConfig config) {
        this.model = config.model();
        this.transport = new OpenAiTransport(config);
    }

    /** The starter kit's setup: 120 s to connect and per request, {@link RetryPolicy#WEARABLE_STARTER_KIT}. */
    public static HttpJudgeConfig config(String baseUrl, String model, ApiKey apiKey) {
        return HttpJudgeConfig.of(baseUrl).withModel(model).withApiKey(apiKey).withTimeout(TIMEOUT)
                .withConnectTimeout(TIMEOUT).withRetry(RetryPolicy.WEARABLE_STARTER_KIT);
    }

    @Override
    public JsonNode reply(String prompt) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", model);
        ObjectNode msg = body.putArray("messages").addObject();
        msg.put("role", "user");
        msg.put("content", prompt);
        body.put("max_tokens", 10);
        body.put("temperature", 0.0);
        OpenAiTransport.Response resp;
        try {
            resp = transport.post(JSON.writeValueAsString(body), Map.of());
        } catch (TransportException e) {
            // The error as the original's urllib raises it: the last I/O error, or the interruption.
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw (InterruptedException) e.getCause();
        }
        if (!resp.ok()) {
            throw new IOException("HTTP Error " + resp.status());
        }
        JsonNode payload;
        try {
            // As json.loads reads it: NaN accepted, trailing data not.
            payload = PyJson.LOADS.readTree(new String(resp.body(), StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            // Jackson quotes the body, which may echo the key.
            throw new IOException(transport.redact(e.getMessage()));
        }
        JsonNode message = payload.path("choices").path(0).path("message");
        if (!message.isObject() || !message.has("content")) {
            throw new IOException("Unexpected judge response shape");
        }
        return message.get("content");
    }

    @Override
    public String toString() {
        return "OpenAiChatReplySource[" + transport + "]";
    }
}
