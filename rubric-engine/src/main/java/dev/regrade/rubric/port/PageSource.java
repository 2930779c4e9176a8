package dev.regrade.rubric.port;

import java.util.Optional;

/**
 * Where the verifier and extractor read pages: the original's cache lookup. An empty answer is a
 * page that could not be retrieved; the engine then scores it as the original scores an
 * unloadable page.
 */
@FunctionalInterface
public interface PageSource {
    /** The page for a URL already cleaned as the original cleans it ({@code normalize_url_markdown}). */
    Optional<Page> page(String url);
}
