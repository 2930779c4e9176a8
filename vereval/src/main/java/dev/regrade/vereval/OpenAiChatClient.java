package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.client.OpenAiTransport;
import dev.regrade.judge.client.RetryPolicy;
import dev.regrade.judge.client.TransportException;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyWhitespace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * {@code client.chat.completions.create(**request)} of the OpenAI Python SDK the upstream runner
 * uses, through the {@link OpenAiTransport}: the request as compact JSON, the key as a bearer token,
 * the SDK's retries ({@link RetryPolicy#VEREVAL}), and the SDK's errors: {@code APITimeoutError
 * "Request timed out."}, {@code APIConnectionError "Connection error."}, a status error named for its
 * status with the message {@code Error code: N - <repr of the JSON body>}, and {@code JSONDecodeError}
 * for a 2xx body that is not JSON. No message holds the key.
 */
public final class OpenAiChatClient implements ChatClient {
    /** How VerEval's rows and messages write the key when an endpoint echoes it. */
    private static final String REDACTED = "[REDACTED]";

    private final OpenAiTransport transport;

    public OpenAiChatClient(HttpJudgeConfig config) {
        this.transport = new OpenAiTransport(config);
    }

    /**
     * The runner's setup for an endpoint.
     *
     * @param baseUrl    the API base, e.g. {@code http://localhost:8000/v1}
     * @param model      the judge model (the requests carry it; here for the record)
     * @param apiKey     the bearer token ("EMPTY" for an unauthenticated vLLM), or null to send none (a
     *                   judge on loopback)
     * @param timeout    per-attempt timeout, also the connect timeout (httpx's single timeout)
     * @param maxRetries transport retries after the first attempt ({@code --api-retries})
     */
    public static HttpJudgeConfig config(String baseUrl, String model, String apiKey, Duration timeout,
                                         int maxRetries) {
        return HttpJudgeConfig.of(baseUrl).withModel(model).withApiKey(apiKey == null ? ApiKey.none()
                : ApiKey.of(apiKey)).withTimeout(timeout)
                .withConnectTimeout(timeout).withRetry(RetryPolicy.VEREVAL.withMaxRetries(maxRetries));
    }

    @Override
    public JsonNode create(ObjectNode request) {
        OpenAiTransport.Response resp;
        try {
            resp = transport.post(PyJson.dumps(request, VerEvalJson.TEXT), Map.of());
        } catch (TransportException e) {
            throw switch (e.failure()) {
                case CONNECT_TIMEOUT, TIMEOUT -> new JudgeApiException("APITimeoutError", "Request timed out.", 0);
                case CONNECTION -> new JudgeApiException("APIConnectionError", "Connection error.", 0);
                case INTERRUPTED, INTERRUPTED_BEFORE_RETRY -> new JudgeApiException("APIConnectionError",
                        "Connection error. (interrupted)", 0);
            };
        }
        int status = resp.status();
        String text = new String(resp.body(), StandardCharsets.UTF_8);
        if (resp.ok()) {
            try {
                return PyJson.LOADS.readTree(text);
            } catch (IOException e) {
                throw new PyException("JSONDecodeError", transport.redact("the judge's reply body is not JSON: "
                        + firstLine(e.getMessage()), REDACTED));
            }
        }
        throw new JudgeApiException(JudgeApiException.typeFor(status),
                transport.redact(statusMessage(status, text), REDACTED), status);
    }

    /** The SDK's message: {@code Error code: N - <repr of the JSON body>}, or the body text. */
    static String statusMessage(int status, String text) {
        String stripped = PyWhitespace.strip(text);
        try {
            JsonNode body = PyJson.LOADS.readTree(stripped);
            if (body != null && !body.isMissingNode()) {
                return "Error code: " + status + " - " + PyJsonValue.str(body);
            }
        } catch (IOException ignored) {
            // not JSON
        }
        return stripped.isEmpty() ? "Error code: " + status : stripped;
    }

    private static String firstLine(String m) {
        if (m == null) {
            return "";
        }
        int nl = m.indexOf('\n');
        return nl >= 0 ? m.substring(0, nl) : m;
    }

    @Override
    public String toString() {
        return "OpenAiChatClient[" + transport + "]";
    }
}
