package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One request the fake judge received. Holds no request header other than Regrade's own, so no
 * credential ever reaches the journal.
 *
 * @param sequence       1-based arrival number (since the server started or the journal was cleared)
 * @param kind           what the request asked for
 * @param nodeId         the node verified ({@code X-Regrade-Node}), or null
 * @param claim          the claim of a verification, else null
 * @param url            the page URL ({@code X-Regrade-Url}), or null
 * @param vote           the vote number ({@code X-Regrade-Vote}), or null when not sent
 * @param extractionName the extraction name of an extraction, else null
 * @param promptSha256   lower-case hex SHA-256 of the prompt text, or null for an unreadable request
 * @param verdict        the rules' verdict for a verification, null when none was computed (an
 *                       extraction, an HTTP error fault, a bad request)
 * @param extraction     the extractor's answer for an extraction, else null
 * @param fault          the fault applied, or null; with a fault the reply did not carry the
 *                       verdict or answer intact
 * @param status         the HTTP status of the reply
 * @param error          why the request was refused (bad request, failing extractor), else null
 * @param prompt         the prompt text, kept only on an endpoint asked to keep prompts
 *                       ({@link JudgeEndpoint#keepPrompts}); else null
 */
public record JournalEntry(long sequence, RequestKind kind, String nodeId, String claim, String url, Integer vote,
                           String extractionName, String promptSha256, Boolean verdict, JsonNode extraction,
                           FaultKind fault, int status, String error, String prompt) {
    public JournalEntry {
        extraction = extraction == null ? null : extraction.deepCopy();
    }

    /** An entry without its prompt text. */
    public JournalEntry(long sequence, RequestKind kind, String nodeId, String claim, String url, Integer vote,
                        String extractionName, String promptSha256, Boolean verdict, JsonNode extraction,
                        FaultKind fault, int status, String error) {
        this(sequence, kind, nodeId, claim, url, vote, extractionName, promptSha256, verdict, extraction, fault, status,
                error, null);
    }

    /** The extractor's answer (a copy), or null. */
    @Override
    public JsonNode extraction() {
        return extraction == null ? null : extraction.deepCopy();
    }
}
