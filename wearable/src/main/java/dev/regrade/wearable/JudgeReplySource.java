package dev.regrade.wearable;

/**
 * The LLM judge as the ConvQA scorer sees it: the single user message of {@link ConvQaScorer#judgePrompt}
 * in, the reply text out ({@code choices[0].message.content}; null when the content was null). Throwing
 * stands for a failed request or a response of unexpected shape: the turn scores 0.0, as in the original.
 */
@FunctionalInterface
public interface JudgeReplySource {
    String reply(String prompt) throws Exception;
}
