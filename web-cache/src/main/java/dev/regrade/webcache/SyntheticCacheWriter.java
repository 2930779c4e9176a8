package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.port.VerdictRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a {@link SyntheticPages} world as a real Mind2Web-2 cache task folder ({@code index.json}
 * plus {@code <md5>.txt}/{@code <md5>.jpg} per page) that the Python original can read.
 *
 * <p>The folder holds the given pages, the missing URLs (as the original cached a failed capture:
 * the unloadable-page text), and a generated page for each URL of the list that none of these
 * answers, resolved in list order exactly as {@link SyntheticPages#page} resolves them. Every
 * screenshot is the same valid 1x1 white JPEG. Requests made in the list's order therefore get the
 * same pages (text and screenshot) from the written cache as from the synthetic pages.
 * A URL the original cannot look up (it raises) is left out, as it could never be read; so is a
 * generated page the original could not read back ({@link UrlNormalizer#isReadableKey}), which it
 * would capture afresh. A given or missing page that the original could not read back is an error.
 *
 * <p>A folder can also grow as a run asks for URLs ({@link #start} then {@link #add}): after each
 * {@code add} it holds what {@link #write} would have written for the URLs added so far.
 */
public final class SyntheticCacheWriter {
    private final SyntheticPages replay;
    private final CacheDirectory cache;
    private final Set<String> written = new HashSet<>();

    private SyntheticCacheWriter(SyntheticPages replay, CacheDirectory cache) {
        this.replay = replay;
        this.cache = cache;
    }

    /**
     * Writes the cache folder and returns it opened.
     *
     * @param pages the synthetic world (its recorded lookups are not touched)
     * @param urls  the URLs that must have a page, in request order
     * @param dir   the task folder to write; created if needed; must not hold an index yet
     * @throws CacheException if the folder already holds a cache index or cannot be written, or a
     *                        given or missing page could not be read back by the original
     */
    public static CacheDirectory write(SyntheticPages pages, List<String> urls, Path dir) {
        SyntheticCacheWriter w = start(pages, dir);
        for (String url : urls) {
            w.resolve(url);
        }
        w.flush();
        return w.cache;
    }

    /**
     * Writes the folder with the given and missing pages only, for {@link #add} to extend.
     *
     * @throws CacheException as {@link #write} does
     */
    public static SyntheticCacheWriter start(SyntheticPages pages, Path dir) {
        if (Files.exists(dir.resolve(CacheDirectory.INDEX_FILE))) {
            throw new CacheException(dir.resolve(CacheDirectory.INDEX_FILE), null,
                    "already holds a cache index; write a synthetic cache into a new folder", null);
        }
        SyntheticPages replay = pages.fresh();
        for (Map.Entry<String, SyntheticPages.Entry> e : replay.entries().entrySet()) {
            if (!UrlNormalizer.isReadableKey(e.getKey())) {
                throw CacheException.inIndex(dir.resolve(CacheDirectory.INDEX_FILE), e.getKey(), "the "
                        + (e.getValue().kind() == PageLookup.Outcome.MISSING ? "missing" : "given") + " page for "
                        + e.getValue().url() + " cannot be written so that the original reads it back (it would name "
                        + "the files after this key but look for those of " + describeKey(e.getKey()) + ")", null);
            }
        }
        SyntheticCacheWriter w = new SyntheticCacheWriter(replay, CacheDirectory.create(dir, pages.hashSeed()));
        w.flush();
        return w;
    }

    /** Adds the page this URL resolves to (when it is not there yet) and saves the index. */
    public synchronized void add(String url) {
        resolve(url);
        flush();
    }

    /**
     * The stem of the files ({@code <stem>.txt}, {@code <stem>.jpg}) of the web page the folder holds
     * for this URL, as the original looks it up; empty when it holds none (or a PDF).
     */
    public synchronized java.util.Optional<String> fileStem(String url) {
        return cache.lookup(url).filter(key -> !key.isEmpty() && CacheDirectory.WEB.equals(cache.typeOf(key).orElse(null)))
                .map(UrlNormalizer::fileStem);
    }

    /** The folder written. */
    public Path directory() {
        return cache.directory();
    }

    private void resolve(String url) {
        try {
            replay.page(url);
        } catch (PyException e) {
            // the original raises on this URL before reading any cache: nothing to store
        }
    }

    private void flush() {
        boolean changed = false;
        for (Map.Entry<String, SyntheticPages.Entry> e : replay.entries().entrySet()) {
            if (!written.add(e.getKey())) {
                continue;
            }
            SyntheticPages.Entry entry = e.getValue();
            String text = entry.kind() == PageLookup.Outcome.MISSING ? VerdictRules.UNLOADABLE_PAGE_TEXT : entry.text();
            cache.putWeb(entry.url(), text, BlankJpeg.bytes());
            changed = true;
        }
        if (changed || written.isEmpty()) {
            cache.save();
        }
    }

    private static String describeKey(String key) {
        if (key.isEmpty()) {
            return "no key at all (an empty key counts as absent)";
        }
        try {
            return "the key " + UrlNormalizer.storageKey(key);
        } catch (PyException e) {
            return "a key it cannot compute (" + e + ")";
        }
    }
}
