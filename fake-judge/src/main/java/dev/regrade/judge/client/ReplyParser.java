package dev.regrade.judge.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.JudgeReply;
import java.io.IOException;

/** Reads a chat completion body: the first choice's content as JSON, checked as strictly as pydantic would. */
final class ReplyParser {
    /** What was wrong with a reply (the client adds which request it was). */
    static final class BadReply extends RuntimeException {
        BadReply(String reason) {
            super(reason);
        }
    }

    private ReplyParser() {
    }

    /** The first choice's message content, parsed as JSON. */
    static JsonNode content(byte[] body) {
        JsonNode root;
        try {
            root = Wire.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new BadReply("the body is not valid JSON: " + excerpt(new String(body,
                    java.nio.charset.StandardCharsets.UTF_8)));
        }
        if (root == null || !root.isObject()) {
            throw new BadReply("the body is not a JSON object");
        }
        JsonNode choices = root.path("choices");
        if (!choices.isArray() || choices.isEmpty()) {
            throw new BadReply("the completion has no choices");
        }
        JsonNode choice = choices.get(0);
        String finish = choice.path("finish_reason").asText("");
        if ("length".equals(finish)) {
            throw new BadReply("the answer was cut off (finish_reason \"length\")");
        }
        if ("content_filter".equals(finish)) {
            throw new BadReply("the answer was withheld (finish_reason \"content_filter\")");
        }
        JsonNode message = choice.path("message");
        if (message.path("refusal").isTextual()) {
            throw new BadReply("the model refused: " + excerpt(message.path("refusal").asText()));
        }
        JsonNode content = message.path("content");
        if (!content.isTextual()) {
            throw new BadReply("choices[0].message.content is missing or not a string");
        }
        try {
            JsonNode parsed = Wire.MAPPER.readTree(content.asText());
            if (parsed == null) {
                throw new BadReply("choices[0].message.content is empty");
            }
            return parsed;
        } catch (IOException e) {
            throw new BadReply("choices[0].message.content is not JSON: " + excerpt(content.asText()));
        }
    }

    /**
     * A {@code BinaryEvalResult}: {@code reasoning} a string, {@code result} a boolean, validated as
     * the original's client does it (pydantic v2, lax mode): see {@link #laxBool}.
     */
    static JudgeReply verdict(JsonNode content) {
        if (!content.isObject()) {
            throw new BadReply("the content is not a JSON object: " + excerpt(content.toString()));
        }
        JsonNode result = content.get("result");
        if (result == null || result.isNull()) {
            throw new BadReply("the content lacks \"result\": " + excerpt(content.toString()));
        }
        Boolean value = laxBool(result);
        if (value == null) {
            throw new BadReply("\"result\" is not a valid boolean (got " + result.getNodeType().name().toLowerCase(
                    java.util.Locale.ROOT) + " " + excerpt(result.toString()) + ")");
        }
        JsonNode reasoning = content.get("reasoning");
        if (reasoning == null || !reasoning.isTextual()) {
            throw new BadReply("\"reasoning\" is missing or not a string");
        }
        return new JudgeReply(reasoning.asText(), value);
    }

    /**
     * A JSON value as pydantic v2 reads a {@code bool} field in lax mode: true/false; the numbers 0
     * and 1 (also 0.0 and 1.0); the strings 0, off, f, false, n, no, 1, on, t, true, y, yes in any
     * case (nothing trimmed). Anything else is null (pydantic's ValidationError).
     */
    static Boolean laxBool(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            return d == 0 ? Boolean.FALSE : d == 1 ? Boolean.TRUE : null;
        }
        if (v.isTextual()) {
            switch (v.textValue().toLowerCase(java.util.Locale.ROOT)) {
                case "0", "off", "f", "false", "n", "no":
                    return Boolean.FALSE;
                case "1", "on", "t", "true", "y", "yes":
                    return Boolean.TRUE;
                default:
                    return null;
            }
        }
        return null;
    }

    /** An extraction answer: any JSON object (the engine validates it against the template). */
    static JsonNode extraction(JsonNode content) {
        if (!content.isObject()) {
            throw new BadReply("the extraction answer is not a JSON object: " + excerpt(content.toString()));
        }
        return content;
    }

    static String excerpt(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= 200 ? flat : flat.substring(0, 200) + "…";
    }
}
