package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.port.PageSource;
import dev.regrade.rubric.port.VerdictRules;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Pages read from a Mind2Web-2-compatible cache folder ({@link CacheDirectory}), as the original's
 * {@code get_page_info} reads them: the text from {@code .txt}, the screenshot from {@code .jpg} as
 * base64 (not re-encoded). Never touches the network: a URL that is not cached is an empty answer
 * (the engine then scores the page as not retrieved), recorded as
 * {@link PageLookup.Outcome#MISSING}; so is a PDF entry, whose text extraction is not supported
 * offline. A cached page whose text is the original's unloadable-page placeholder is served as
 * it is (as the original serves it) and recorded as missing. Errors the original raises (an
 * unparsable URL, an entry of another content type) propagate as {@link PyException}s, recorded as
 * {@link PageLookup.Outcome#ERROR}. Thread-safe.
 */
public final class CachePages implements PageSource {

    private final CacheDirectory cache;
    private final List<PageLookup> lookups = new ArrayList<>();

    /** Pages from this cache folder. */
    public CachePages(CacheDirectory cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** The cache folder read. */
    public CacheDirectory cache() {
        return cache;
    }

    @Override
    public synchronized Optional<Page> page(String url) {
        Objects.requireNonNull(url, "url");
        try {
            Optional<String> key = cache.lookup(url);
            if (key.isEmpty()) {
                lookups.add(new PageLookup(url, PageLookup.Outcome.MISSING, null, "not in the cache"));
                return Optional.empty();
            }
            String type = cache.typeOf(key.get()).orElse("");
            if (type.isEmpty()) {
                lookups.add(new PageLookup(url, PageLookup.Outcome.MISSING, key.get(),
                        "index entry with an empty content type: not cached, as the original reads it"));
                return Optional.empty();
            }
            if (type.equals(CacheDirectory.PDF)) {
                lookups.add(new PageLookup(url, PageLookup.Outcome.MISSING, key.get(),
                        "cached as a PDF: PDF text extraction is not supported offline"));
                return Optional.empty();
            }
            CacheDirectory.WebPage web = cache.getWeb(url);
            Page page = new Page(web.text(), List.of(Base64.getEncoder().encodeToString(web.screenshotJpeg())));
            if (web.text().equals(VerdictRules.UNLOADABLE_PAGE_TEXT)) {
                lookups.add(new PageLookup(url, PageLookup.Outcome.MISSING, key.get(),
                        "cached placeholder of a failed capture: served as is, as the original does"));
            } else {
                lookups.add(new PageLookup(url, PageLookup.Outcome.GIVEN, key.get(), "cached web page"));
            }
            return Optional.of(page);
        } catch (PyException e) {
            lookups.add(new PageLookup(url, PageLookup.Outcome.ERROR, null, e.toString()));
            throw e;
        }
    }

    /** Every request so far, in order (a snapshot). */
    public synchronized List<PageLookup> lookups() {
        return List.copyOf(lookups);
    }
}
