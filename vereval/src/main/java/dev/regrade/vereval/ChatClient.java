package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One OpenAI chat-completions call, {@code client.chat.completions.create(**request)}: the request
 * body in, the parsed {@code chat.completion} body out. Transport retries are the client's business;
 * failures are thrown (as {@link JudgeApiException} or another {@link dev.regrade.pycompat.PyException}).
 */
@FunctionalInterface
public interface ChatClient {
    JsonNode create(ObjectNode request);
}
