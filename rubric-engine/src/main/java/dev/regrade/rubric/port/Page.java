package dev.regrade.rubric.port;

import java.util.List;

/**
 * A page as the verifier sees it.
 *
 * @param text        the page text (HTML already turned into text)
 * @param screenshots base64 JPEG screenshots, possibly empty
 */
public record Page(String text, List<String> screenshots) {
    public Page {
        screenshots = List.copyOf(screenshots);
    }
}
