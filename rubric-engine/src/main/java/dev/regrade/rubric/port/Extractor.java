package dev.regrade.rubric.port;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The extractor's model: answers one extraction request with a JSON object shaped like the
 * requested template. Any runtime exception is a failed extraction, which the engine turns into
 * the template's empty instance, as the original does.
 */
@FunctionalInterface
public interface Extractor {
    JsonNode extract(ExtractionRequest request);
}
