package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A chat completion request as the fake judge reads it: Regrade's headers first, the body as fallback.
 * Any body a real endpoint accepts is read: a request that is neither a verification nor an
 * extraction is {@link RequestKind#CHAT}.
 *
 * @param stream      {@code stream: true}: the reply goes out as server-sent events
 * @param streamUsage {@code stream_options.include_usage}: the stream ends with a usage chunk
 */
record ChatRequest(RequestKind kind, String model, String prompt, List<String> screenshots, boolean asParts,
                   String claim, String nodeId, Integer vote, String url, String extractionName, String schemaName,
                   JsonNode schema, JsonNode body, boolean stream, boolean streamUsage) {

    /** A request the fake judge cannot answer; the message says why. */
    static final class BadRequest extends Exception {
        BadRequest(String message) {
            super(message);
        }
    }

    /**
     * Reads a request. The prompt is the text of the last user message, or of the last message when
     * none is the user's (a system-only request is valid).
     */
    static ChatRequest parse(Function<String, String> header, byte[] body) throws BadRequest {
        JsonNode root;
        try {
            root = Wire.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new BadRequest("the request body is not JSON");
        }
        if (root == null || !root.isObject()) {
            throw new BadRequest("the request body is not a JSON object");
        }
        JsonNode messages = root.path("messages");
        if (!messages.isArray() || messages.isEmpty()) {
            throw new BadRequest(messages.isMissingNode() ? "Missing required parameter: 'messages'."
                    : "'messages' must be a non-empty array of messages.");
        }
        JsonNode user = messages.get(messages.size() - 1);
        for (JsonNode m : messages) {
            if ("user".equals(m.path("role").asText())) {
                user = m;
            }
        }
        JsonNode content = user.path("content");
        String prompt = Wire.promptText(content);
        if (prompt == null) {
            throw new BadRequest("the " + user.path("role").asText("last") + " message content is neither a string "
                    + "nor a list of parts");
        }
        List<String> shots = new ArrayList<>();
        if (content.isArray()) {
            for (JsonNode part : content) {
                if ("image_url".equals(part.path("type").asText())) {
                    String u = part.path("image_url").path("url").asText();
                    int comma = u.indexOf(',');
                    shots.add(u.startsWith("data:") && comma >= 0 ? u.substring(comma + 1) : u);
                }
            }
        }
        String model = root.path("model").isTextual() ? root.path("model").asText() : "fake-judge";
        JsonNode format = root.path("response_format");
        JsonNode jsonSchema = "json_schema".equals(format.path("type").asText()) ? format.path("json_schema") : null;
        String schemaName = jsonSchema != null && jsonSchema.path("name").isTextual()
                ? jsonSchema.path("name").asText() : null;
        JsonNode schema = jsonSchema != null && jsonSchema.has("schema") ? jsonSchema.get("schema") : null;
        boolean stream = root.path("stream").asBoolean(false);
        boolean streamUsage = stream && root.path("stream_options").path("include_usage").asBoolean(false);
        RequestKind kind = kind(header.apply(Wire.KIND), schemaName, prompt);
        String node = Wire.decode(header.apply(Wire.NODE));
        String url = Wire.decode(header.apply(Wire.URL));
        Integer vote = vote(header.apply(Wire.VOTE));
        if (kind == RequestKind.CHAT) {
            return new ChatRequest(kind, model, prompt, shots, content.isArray(), null, node, vote, url, null, null,
                    null, root, stream, streamUsage);
        }
        if (kind == RequestKind.VERIFY) {
            String claim = Wire.decode(header.apply(Wire.CLAIM));
            if (claim == null) {
                claim = Wire.claimFromPrompt(prompt);
            }
            if (claim == null) {
                // The verification schema around a prompt of another wording: the whole prompt is the claim.
                claim = prompt;
            }
            return new ChatRequest(kind, model, prompt, shots, content.isArray(), claim, node, vote, url, null,
                    schemaName, schema, root, stream, streamUsage);
        }
        String name = Wire.decode(header.apply(Wire.EXTRACTION));
        if (name == null) {
            name = schemaName;
        }
        if (name == null) {
            throw new BadRequest("an extraction needs response_format.json_schema.name or the "
                    + Wire.EXTRACTION + " header");
        }
        return new ChatRequest(kind, model, prompt, shots, content.isArray(), null, node, vote, url, name,
                schemaName, schema, root, stream, streamUsage);
    }

    /** The kind: Regrade's header, else the schema name, else a verification prompt, else plain chat. */
    private static RequestKind kind(String header, String schemaName, String prompt) throws BadRequest {
        if (header != null) {
            if (header.equalsIgnoreCase(Wire.KIND_VERIFY)) {
                return RequestKind.VERIFY;
            }
            if (header.equalsIgnoreCase(Wire.KIND_EXTRACT)) {
                return RequestKind.EXTRACT;
            }
            throw new BadRequest(Wire.KIND + " must be '" + Wire.KIND_VERIFY + "' or '" + Wire.KIND_EXTRACT
                    + "', got '" + header + "'");
        }
        if (schemaName != null) {
            return Wire.VERIFICATION_SCHEMA_NAME.equals(schemaName) ? RequestKind.VERIFY : RequestKind.EXTRACT;
        }
        return Wire.claimFromPrompt(prompt) != null ? RequestKind.VERIFY : RequestKind.CHAT;
    }

    private static Integer vote(String value) throws BadRequest {
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            throw new BadRequest(Wire.VOTE + " must be a number, got '" + value + "'");
        }
    }
}
