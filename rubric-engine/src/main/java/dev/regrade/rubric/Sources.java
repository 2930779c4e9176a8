package dev.regrade.rubric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The {@code sources} argument of the original's {@code verify}: None, one URL string, or a list
 * of URLs. Routing follows the original: None and [] go to the simple check, a string (even "")
 * and a one-element list to a single-page check, two or more URLs to the any-of check.
 * List elements may be null, as a Python list may hold None.
 */
public final class Sources {
    private static final Sources NONE = new Sources(null, false);

    private final List<String> urls;
    private final boolean single;

    private Sources(List<String> urls, boolean single) {
        this.urls = urls;
        this.single = single;
    }

    /** {@code sources=None}. */
    public static Sources none() {
        return NONE;
    }

    /** {@code sources="<url>"}: a single page, even an empty or null string. */
    public static Sources url(String url) {
        List<String> one = new ArrayList<>(1);
        one.add(url);
        return new Sources(Collections.unmodifiableList(one), true);
    }

    /**
     * {@code sources=x} for an {@code Optional[str]} {@code x}: None is the simple check, a string
     * (even "") a single page.
     */
    public static Sources urlOrNone(String url) {
        return url == null ? NONE : url(url);
    }

    /** {@code sources=[...]}: a list, copied; null elements kept. */
    public static Sources urls(List<String> urls) {
        if (urls == null) {
            return NONE;
        }
        return new Sources(Collections.unmodifiableList(new ArrayList<>(urls)), false);
    }

    /** The URLs the check will read (empty for the simple check). */
    public List<String> list() {
        return urls == null ? List.of() : urls;
    }

    /** Routing kind, as the original's {@code _normalize_sources}. */
    enum Kind { NONE, SINGLE_URL, MULTI_URLS }

    Kind kind() {
        if (urls == null || (!single && urls.isEmpty())) {
            return Kind.NONE;
        }
        return single || urls.size() == 1 ? Kind.SINGLE_URL : Kind.MULTI_URLS;
    }
}
