package dev.regrade.rubric.port;

import java.util.List;

/**
 * One extraction request, as the original sends it.
 *
 * @param extractionName the script's name for this extraction (the key in the summary's info)
 * @param template       the record type the answer must fit (its JSON schema is derived from it)
 * @param prompt         the full prompt text
 * @param url            the page extracted from, or null for an extraction from the answer
 * @param screenshots    base64 JPEG screenshots sent after the text (page extractions only)
 * @param asParts        true when the original sends the content as a list of parts
 */
public record ExtractionRequest(String extractionName, Class<? extends Record> template, String prompt, String url,
                                List<String> screenshots, boolean asParts) {
    public ExtractionRequest {
        screenshots = List.copyOf(screenshots);
    }
}
