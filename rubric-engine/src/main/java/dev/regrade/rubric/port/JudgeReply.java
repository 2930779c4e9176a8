package dev.regrade.rubric.port;

/** The judge's structured answer: the original's {@code BinaryEvalResult}. */
public record JudgeReply(String reasoning, boolean result) {
}
