package dev.regrade.rubric.port;

/**
 * The verifier's model: answers one judge request with {@code {reasoning, result}}. One call is
 * one vote; majority voting happens in the engine. Any runtime exception is a failed request,
 * which the engine turns into a {@code failed} node as the original does.
 */
@FunctionalInterface
public interface Judge {
    JudgeReply judge(JudgeRequest request);
}
