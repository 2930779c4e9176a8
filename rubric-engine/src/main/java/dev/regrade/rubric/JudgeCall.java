package dev.regrade.rubric;

/**
 * One judge request as the run journal records it: which node and claim, which page, which vote,
 * a digest of the prompt (null where the context turned digests off), and the verdict (null when the request
 * failed, with the error).
 */
public record JudgeCall(String nodeId, String claim, String url, int vote, String promptSha256, Boolean verdict,
                        String error) {
}
