package dev.regrade.rubric.port;

import java.util.List;

/**
 * One verification request, as the original sends it.
 *
 * @param nodeId      the node being verified (also for each page of an any-of-pages check), or
 *                    null for a standalone check
 * @param claim       the claim text
 * @param url         the page URL for a claim checked against a page, else null
 * @param prompt      the full prompt text (the verdict of the {@code hash} rule depends on it)
 * @param screenshots base64 JPEG screenshots sent after the text (empty for simple claims)
 * @param asParts     true when the original sends the message content as a list of parts
 *                    (claims against a page), false when it sends a plain string
 * @param vote        1-based vote number within this check's majority vote
 */
public record JudgeRequest(String nodeId, String claim, String url, String prompt, List<String> screenshots,
                           boolean asParts, int vote) {
    public JudgeRequest {
        screenshots = List.copyOf(screenshots);
    }
}
