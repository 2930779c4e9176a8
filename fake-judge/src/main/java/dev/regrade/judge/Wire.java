package dev.regrade.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The wire conventions the fake judge server and the HTTP client share: Regrade's request headers
 * (percent-encoded UTF-8, so any claim fits a header), the original's verification schema, the
 * markers that let the server find a claim in a foreign client's prompt, and the prompt digest.
 */
public final class Wire {
    /** {@code verify} or {@code extract}. */
    public static final String KIND = "X-Regrade-Kind";
    /** The claim of a verification (percent-encoded). */
    public static final String CLAIM = "X-Regrade-Claim";
    /** The node being verified (percent-encoded); absent for a standalone or per-URL check. */
    public static final String NODE = "X-Regrade-Node";
    /** The 1-based vote number within a majority vote. */
    public static final String VOTE = "X-Regrade-Vote";
    /** The page URL of a page check or page extraction (percent-encoded); absent otherwise. */
    public static final String URL = "X-Regrade-Url";
    /** The script's extraction name (percent-encoded). */
    public static final String EXTRACTION = "X-Regrade-Extraction";

    public static final String KIND_VERIFY = "verify";
    public static final String KIND_EXTRACT = "extract";

    /** The original's verification answer model, named as its pydantic class. */
    public static final String VERIFICATION_SCHEMA_NAME = "BinaryEvalResult";

    /** The claim markers of the original's simple and page verification prompts. */
    public static final String SIMPLE_CLAIM_MARKER = "Here is the claim or the statement to be verified:";
    public static final String PAGE_CLAIM_MARKER = "Here is the claim or the \"fact\" to be verified:";

    /**
     * The longest percent-encoded claim sent as a header; a longer claim is left to the server to
     * read from the prompt, so that no request trips a server's header size limit.
     */
    public static final int MAX_CLAIM_HEADER_CHARS = 4000;

    /** The {@code created} time of every fake completion: 2025-10-23T00:00:00Z, never the wall clock. */
    public static final long FIXED_CREATED = 1_761_177_600L;

    /** One mapper for the wire: plain Jackson, insertion-ordered objects. */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private static final ObjectNode VERIFICATION_SCHEMA = verificationSchemaNode();

    private Wire() {
    }

    /** Percent-encodes a header value as UTF-8 ({@link URLEncoder}: a space becomes {@code +}). */
    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Decodes a header value written by {@link #encode}; null stays null. */
    public static String decode(String value) {
        return value == null ? null : URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    /**
     * The JSON schema of {@code BinaryEvalResult {reasoning: str, result: bool}}, all required,
     * no additional properties (a fresh copy each call).
     */
    public static ObjectNode verificationSchema() {
        return VERIFICATION_SCHEMA.deepCopy();
    }

    private static ObjectNode verificationSchemaNode() {
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        s.put("title", VERIFICATION_SCHEMA_NAME);
        s.put("type", "object");
        ObjectNode props = s.putObject("properties");
        props.putObject("reasoning").put("type", "string");
        props.putObject("result").put("type", "boolean");
        s.putArray("required").add("reasoning").add("result");
        s.put("additionalProperties", false);
        return s;
    }

    /**
     * The claim in a verification prompt written from the original's templates: the text between
     * the {@code ```} fences after the claim marker. Null when the prompt has no claim marker.
     */
    public static String claimFromPrompt(String prompt) {
        int at = prompt.indexOf(SIMPLE_CLAIM_MARKER);
        int markerLength = SIMPLE_CLAIM_MARKER.length();
        if (at < 0) {
            at = prompt.indexOf(PAGE_CLAIM_MARKER);
            markerLength = PAGE_CLAIM_MARKER.length();
        }
        if (at < 0) {
            return null;
        }
        String open = "\n```\n";
        int start = prompt.indexOf(open, at + markerLength);
        if (start != at + markerLength) {
            return null;
        }
        start += open.length();
        // The claim block is followed by the instruction block; a claim may itself hold fences.
        int end = prompt.indexOf("\n```\n\nHere are the additional instructions", start);
        if (end < 0) {
            end = prompt.indexOf("\n```", start);
        }
        return end < 0 ? null : prompt.substring(start, end);
    }

    /** A message content as prompt text: the string itself, or the concatenated text parts. */
    public static String promptText(JsonNode content) {
        if (content == null || content.isNull()) {
            return null;
        }
        if (content.isTextual()) {
            return content.asText();
        }
        if (!content.isArray()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        for (JsonNode part : content) {
            if ("text".equals(part.path("type").asText()) && part.path("text").isTextual()) {
                b.append(part.path("text").asText());
            }
        }
        return b.toString();
    }

    /** The lower-case hex SHA-256 of a text's UTF-8 bytes, as the engine's journal writes it. */
    public static String sha256(String text) {
        return dev.regrade.rubric.port.PromptDigest.sha256Hex(text);
    }
}
