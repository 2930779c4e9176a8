package dev.regrade.rubric.port;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One extraction request, as the original sends it.
 *
 * @param extractionName the script's name for this extraction (the key in the summary's info)
 * @param schemaName     the template's name (the original's pydantic class name)
 * @param schema         the JSON schema the answer must fit (OpenAI {@code response_format})
 * @param prompt         the full prompt text
 * @param url            the page extracted from, or null for an extraction from the answer
 * @param screenshots    base64 JPEG screenshots sent after the text (page extractions only)
 * @param asParts        true when the original sends the content as a list of parts
 */
public record ExtractionRequest(String extractionName, String schemaName, JsonNode schema, String prompt, String url,
                                List<String> screenshots, boolean asParts) {
    public ExtractionRequest {
        screenshots = List.copyOf(screenshots);
    }
}
