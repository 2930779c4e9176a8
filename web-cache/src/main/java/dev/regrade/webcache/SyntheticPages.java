package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyUrlParse;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.port.PageSource;
import dev.regrade.rubric.port.VerdictRules;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The offline web: a page for every URL, with no network. A URL is looked up, with the original
 * cache's rules ({@link CacheDirectory}), among
 * <ul>
 * <li>the pages given explicitly (URL to HTML; served as {@link HtmlText} text),</li>
 * <li>the URLs listed as missing (served as the original's unloadable page: the text
 * {@link VerdictRules#UNLOADABLE_PAGE_TEXT}), and</li>
 * <li>the pages generated so far.</li>
 * </ul>
 * A URL that matches none gets a generated page ({@link #generatedHtml}: a small document naming
 * the URL, its host and its path words), which is then stored under the URL's storage key, as the
 * original stores a page it had to capture; so a later URL that the cache rules match to it gets
 * the same page, exactly as a cache written by {@link SyntheticCacheWriter} would answer. (A page
 * whose storage key the original could not read back, see {@link UrlNormalizer#isReadableKey}, is
 * generated afresh each time instead, as the original would capture it each time.)
 * Every page carries one screenshot, the same fixed 1x1 white JPEG ({@link #BLANK_JPEG_BASE64}): in
 * a Mind2Web 2 cache a web page always has its {@code .jpg} (the original's index drops an entry
 * without one), so the original's page prompts always carry the screenshot note and image, and a
 * cache written by {@link SyntheticCacheWriter} holds exactly this JPEG for every page. Prompts are
 * therefore the same here, in that cache and in the original reading it, and stay deterministic.
 *
 * <p>Every request is recorded in order ({@link #lookups()}). A URL the original cannot even look
 * up (e.g. {@code ValueError: Invalid IPv6 URL}) raises the same error here, recorded as
 * {@link PageLookup.Outcome#ERROR}. Explicit pages are added before missing ones, in the order
 * given; a given page and a missing URL (or two given pages) with the same storage key are
 * rejected as contradictory. Thread-safe.
 */
public final class SyntheticPages implements PageSource {

    /** The screenshot of every page: a 1x1 white JPEG, base64. */
    public static final String BLANK_JPEG_BASE64 = BlankJpeg.BASE64;

    /** What every page serves as its screenshots. */
    private static final List<String> SCREENSHOTS = List.of(BLANK_JPEG_BASE64);

    /** A page known to the index: given, missing or generated, with the URL it was stored for. */
    record Entry(PageLookup.Outcome kind, String url, String text) {
    }

    private final Map<String, String> pages;
    private final List<String> missing;
    private final long hashSeed;
    private final UrlIndex<Entry> index;
    private final List<PageLookup> lookups = new ArrayList<>();

    /**
     * @param pages        URL to HTML, in the order to index them (a {@code LinkedHashMap} keeps the
     *                     caller's order)
     * @param missingPages URLs that behave as pages that could not be loaded
     * @param hashSeed     the PYTHONHASHSEED of the run (orders the variant lookup)
     * @throws IllegalArgumentException for a URL that cannot be stored, or contradictory entries
     */
    public SyntheticPages(Map<String, String> pages, Collection<String> missingPages, long hashSeed) {
        this.pages = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(pages, "pages")));
        this.missing = List.copyOf(Objects.requireNonNull(missingPages, "missingPages"));
        this.hashSeed = hashSeed;
        this.index = new UrlIndex<>(hashSeed);
        for (Map.Entry<String, String> e : this.pages.entrySet()) {
            Objects.requireNonNull(e.getValue(), () -> "page HTML for " + e.getKey());
            String key = keyOf(e.getKey(), "page");
            Entry other = index.get(key);
            if (other != null) {
                throw new IllegalArgumentException("pages " + e.getKey() + " and " + other.url()
                        + " are stored under the same key " + key + "; give only one");
            }
            index.put(key, new Entry(PageLookup.Outcome.GIVEN, e.getKey(), HtmlText.toText(e.getValue())));
        }
        for (String url : missing) {
            String key = keyOf(url, "missing page");
            Entry other = index.get(key);
            if (other != null && other.kind() == PageLookup.Outcome.GIVEN) {
                throw new IllegalArgumentException("missing page " + url + " and given page " + other.url()
                        + " are stored under the same key " + key + "; a page cannot be both");
            }
            if (other == null) {
                index.put(key, new Entry(PageLookup.Outcome.MISSING, url, VerdictRules.UNLOADABLE_PAGE_TEXT));
            }
        }
    }

    private static String keyOf(String url, String what) {
        Objects.requireNonNull(url, what + " URL");
        try {
            String key = UrlNormalizer.storageKey(url);
            UrlNormalizer.fileStem(url);
            return key;
        } catch (PyException e) {
            throw new IllegalArgumentException(what + " URL " + url + " cannot be stored in a cache: " + e, e);
        }
    }

    /** A fresh source with the same pages, missing URLs and seed, and nothing generated or recorded yet. */
    SyntheticPages fresh() {
        return new SyntheticPages(pages, missing, hashSeed);
    }

    /** The index entries (given, missing, generated) by storage key, in index order. */
    synchronized Map<String, Entry> entries() {
        return new LinkedHashMap<>(index.asMap());
    }

    /** The explicit pages (URL to HTML). */
    public Map<String, String> pages() {
        return pages;
    }

    /** The URLs listed as missing. */
    public List<String> missingPages() {
        return missing;
    }

    /** The PYTHONHASHSEED the variant lookup follows. */
    public long hashSeed() {
        return hashSeed;
    }

    /**
     * True when some lookup so far matched two stored pages among a URL's variants, so its answer
     * depended on the hash seed (the variant order); false means every lookup so far would have
     * answered the same under any seed.
     */
    public synchronized boolean seedDecided() {
        return index.seedDecided();
    }

    @Override
    public synchronized Optional<Page> page(String url) {
        Objects.requireNonNull(url, "url");
        String key;
        try {
            key = index.find(url);
        } catch (PyException e) {
            lookups.add(new PageLookup(url, PageLookup.Outcome.ERROR, null, e.toString()));
            throw e;
        }
        if (key == null) {
            String stored = UrlNormalizer.storageKey(url);
            String text = HtmlText.toText(generatedHtml(url));
            if (UrlNormalizer.isReadableKey(stored)) {
                index.put(stored, new Entry(PageLookup.Outcome.GENERATED, url, text));
                lookups.add(new PageLookup(url, PageLookup.Outcome.GENERATED, stored, "no page given: generated"));
            } else { // the original could never read it back from its cache: captured afresh each time
                lookups.add(new PageLookup(url, PageLookup.Outcome.GENERATED, null,
                        "no page given: generated, not kept (the original cannot read back a page stored under "
                        + PyRepr.repr(stored) + ")"));
            }
            return Optional.of(new Page(text, SCREENSHOTS));
        }
        Entry e = index.get(key);
        String same = e.url().equals(url) ? "" : " (matched " + e.url() + ")";
        switch (e.kind()) {
            case MISSING -> {
                lookups.add(new PageLookup(url, PageLookup.Outcome.MISSING, key,
                        "listed as missing: served as an unloadable page" + same));
                return Optional.of(new Page(VerdictRules.UNLOADABLE_PAGE_TEXT, SCREENSHOTS));
            }
            case GIVEN -> {
                lookups.add(new PageLookup(url, PageLookup.Outcome.GIVEN, key, "given page" + same));
                return Optional.of(new Page(e.text(), SCREENSHOTS));
            }
            default -> {
                lookups.add(new PageLookup(url, PageLookup.Outcome.GENERATED, key, "generated earlier" + same));
                return Optional.of(new Page(e.text(), SCREENSHOTS));
            }
        }
    }

    /** Every request so far, in order (a snapshot). */
    public synchronized List<PageLookup> lookups() {
        return List.copyOf(lookups);
    }

    /**
     * The generated page for a URL: a small HTML document whose heading is the URL's path words
     * (or its host), naming the URL and its host. Depends only on the URL.
     */
    public static String generatedHtml(String url) {
        String[] hostAndPath = hostAndPath(url);
        String host = hostAndPath[0];
        List<String> words = words(hostAndPath[1]);
        String title = words.isEmpty() ? host : String.join(" ", words);
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append("</title>\n</head>\n<body>\n<h1>").append(escape(title))
                .append("</h1>\n<p>This is the page at ").append(escape(url)).append(".</p>\n<p>Site: ")
                .append(escape(host)).append("</p>\n");
        if (!words.isEmpty()) {
            b.append("<p>Topics: ").append(escape(String.join(", ", words))).append("</p>\n");
        }
        return b.append("</body>\n</html>\n").toString();
    }

    private static String[] hostAndPath(String url) {
        String netloc;
        String path;
        try {
            PyUrlParse.SplitResult s = PyUrlParse.urlsplit(url);
            netloc = s.netloc();
            path = s.path();
            if (netloc.isEmpty() && s.scheme().isEmpty()) { // "example.com/page"
                int slash = path.indexOf('/');
                netloc = slash < 0 ? path : path.substring(0, slash);
                path = slash < 0 ? "" : path.substring(slash);
            }
        } catch (PyException e) {
            netloc = "";
            path = url;
        }
        String host = netloc.substring(netloc.lastIndexOf('@') + 1);
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            host = close < 0 ? host : host.substring(0, close + 1);
        } else {
            int colon = host.lastIndexOf(':');
            if (colon >= 0 && host.substring(colon + 1).chars().allMatch(c -> c >= '0' && c <= '9')) {
                host = host.substring(0, colon);
            }
        }
        host = host.toLowerCase(Locale.ROOT);
        return new String[] {host.isEmpty() ? "(no host)" : host, path};
    }

    private static List<String> words(String path) {
        String decoded = PyUrlParse.unquote(path);
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        decoded.codePoints().forEach(cp -> {
            if (Character.isLetterOrDigit(cp)) {
                w.appendCodePoint(cp);
            } else if (w.length() > 0) {
                words.add(w.toString());
                w.setLength(0);
            }
        });
        if (w.length() > 0) {
            words.add(w.toString());
        }
        return words.size() > 24 ? words.subList(0, 24) : words;
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
