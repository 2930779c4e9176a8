package dev.regrade.judge.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The engine's judge and extractor over HTTP: one OpenAI chat completion per request (so one per
 * vote), sent as the original sends it through the {@link OpenAiTransport}, to the fake judge or
 * any OpenAI-compatible endpoint. Regrade's {@code X-Regrade-*} headers ride along so that the fake
 * judge can journal and rule without parsing prompts. Thread-safe.
 *
 * <p>Failures are {@link JudgeClientException}s: an unusable answer is a {@link JudgeReplyException}
 * (not retried); what the config's {@link RetryPolicy} retries (by default {@link RetryPolicy#MIND2WEB2}:
 * timeouts, HTTP 429/500/502/503/504 and connection errors, a reply cut off in transit included)
 * ends, when it persists, in a {@link JudgeTimeoutException}, a {@link JudgeHttpException} or a
 * {@link JudgeClientException}. The API key appears in no message and no {@code toString}.
 */
public final class HttpJudgeClient implements Judge, Extractor {
    private final HttpJudgeConfig config;
    private final OpenAiTransport transport;

    public HttpJudgeClient(HttpJudgeConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.transport = new OpenAiTransport(config);
    }

    public HttpJudgeConfig config() {
        return config;
    }

    /** True when an API key was found (the key itself is not exposed). */
    public boolean hasApiKey() {
        return transport.hasApiKey();
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        String what = "verification" + (request.nodeId() == null ? "" : " of node '" + request.nodeId() + "'")
                + " (vote " + request.vote() + ")";
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Wire.KIND, Wire.KIND_VERIFY);
        String claim = Wire.encode(request.claim());
        if (claim.length() <= Wire.MAX_CLAIM_HEADER_CHARS) {
            headers.put(Wire.CLAIM, claim);
        }
        if (request.nodeId() != null) {
            headers.put(Wire.NODE, Wire.encode(request.nodeId()));
        }
        headers.put(Wire.VOTE, Integer.toString(request.vote()));
        if (request.url() != null) {
            headers.put(Wire.URL, Wire.encode(request.url()));
        }
        byte[] body = RequestBodies.body(config.model(), request.prompt(), request.screenshots(), request.asParts(),
                Wire.VERIFICATION_SCHEMA_NAME, Wire.verificationSchema());
        byte[] reply = send(what, headers, body);
        try {
            return ReplyParser.verdict(ReplyParser.content(reply));
        } catch (ReplyParser.BadReply e) {
            throw unusable(what, e);
        }
    }

    @Override
    public JsonNode extract(ExtractionRequest request) {
        String what = "extraction '" + request.extractionName() + "'";
        if (request.schema() == null || request.schemaName() == null) {
            throw new IllegalArgumentException(what + ": a structured extraction needs a schema name and a schema");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Wire.KIND, Wire.KIND_EXTRACT);
        headers.put(Wire.EXTRACTION, Wire.encode(request.extractionName()));
        if (request.url() != null) {
            headers.put(Wire.URL, Wire.encode(request.url()));
        }
        byte[] body = RequestBodies.body(config.model(), request.prompt(), request.screenshots(), request.asParts(),
                request.schemaName(), request.schema());
        byte[] reply = send(what, headers, body);
        try {
            return ReplyParser.extraction(ReplyParser.content(reply));
        } catch (ReplyParser.BadReply e) {
            throw unusable(what, e);
        }
    }

    private JudgeReplyException unusable(String what, ReplyParser.BadReply e) {
        return new JudgeReplyException(redact(what + ": unusable reply from " + transport.endpoint() + ": "
                + e.getMessage()));
    }

    /** Sends through the transport; returns the body of a 2xx answer, else throws as the class comment says. */
    private byte[] send(String what, Map<String, String> headers, byte[] body) {
        URI endpoint = transport.endpoint();
        OpenAiTransport.Response response;
        try {
            response = transport.post(body, headers);
        } catch (TransportException e) {
            Throwable cause = e.getCause();
            int attempts = config.retry().maxRetries() + 1;
            throw switch (e.failure()) {
                case CONNECT_TIMEOUT -> new JudgeClientException(redact(what + ": cannot connect to the judge at "
                        + endpoint + " within " + config.connectTimeout().toMillis() + " ms, " + tries(attempts)),
                        cause);
                case TIMEOUT -> new JudgeTimeoutException(redact(what + ": no reply from the judge at " + endpoint
                        + " within " + config.timeout().toMillis() + " ms, " + tries(attempts)), cause);
                case CONNECTION -> new JudgeClientException(redact(what + ": cannot reach the judge at " + endpoint
                        + ", " + tries(attempts) + ": " + unreachable(cause)), cause);
                case INTERRUPTED -> new JudgeClientException(what + ": interrupted while waiting for the judge at "
                        + endpoint, cause);
                case INTERRUPTED_BEFORE_RETRY -> new JudgeClientException(what + ": interrupted while waiting to retry",
                        cause);
            };
        }
        if (response.ok()) {
            return response.body();
        }
        int status = response.status();
        throw new JudgeHttpException(redact(what + ": the judge at " + endpoint + " answered HTTP " + status
                + (response.gaveUp() ? ", " + tries(response.attempts()) : "") + ": " + errorText(response.body())),
                status, response.attempts());
    }

    /** Why a connection failed, in words (a refused connection carries no message, only its type). */
    private static String unreachable(Throwable cause) {
        if (cause instanceof ConnectException) {
            return "connection refused" + (cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")");
        }
        if (cause instanceof IOException io) {
            return IoProblems.describe(io);
        }
        return cause == null || cause.getMessage() == null ? "the connection failed" : cause.getMessage();
    }

    private static String tries(int attempts) {
        return "gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts");
    }

    private static String errorText(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            JsonNode root = Wire.MAPPER.readTree(body);
            if (root != null && root.path("error").path("message").isTextual()) {
                return ReplyParser.excerpt(root.path("error").path("message").asText());
            }
        } catch (IOException e) {
            // Not JSON: show the text.
        }
        return text.isBlank() ? "(empty body)" : ReplyParser.excerpt(text);
    }

    private String redact(String message) {
        return transport.redact(message);
    }

    @Override
    public String toString() {
        return "HttpJudgeClient[" + transport + "]";
    }
}
