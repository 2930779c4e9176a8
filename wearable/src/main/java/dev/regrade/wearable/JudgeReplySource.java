package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The LLM judge as the ConvQA scorer sees it: the single user message of {@link ConvQaScorer#judgePrompt}
 * in, the reply's {@code choices[0].message.content} out, as json.loads gives it (normally a string; a
 * NullNode for null, or any other JSON value, which the original then handles or fails on as it does).
 * Throwing stands for a failed request or a response of unexpected shape: the turn scores 0.0, as in the
 * original.
 */
@FunctionalInterface
public interface JudgeReplySource {
    JsonNode reply(String prompt) throws Exception;
}
