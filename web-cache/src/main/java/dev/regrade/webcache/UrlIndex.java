package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Insertion-ordered storage keys with the original's {@code _find_url} lookup. Storing an
 * existing key keeps its position, as a Python dict does. Mutable; package-private.
 *
 * @param <V> what is stored under a key
 */
final class UrlIndex<V> {

    private final long hashSeed;
    private final LinkedHashMap<String, V> entries = new LinkedHashMap<>();
    /** normalize_url_simple(key) -> first key (in insertion order) with that form. */
    private final Map<String, String> firstBySimpleForm = new HashMap<>();
    /** Whether a lookup's answer depended on the variant order, i.e. on the hash seed. */
    private boolean seedDecided;

    UrlIndex(long hashSeed) {
        this.hashSeed = hashSeed;
    }

    long hashSeed() {
        return hashSeed;
    }

    void put(String key, V value) {
        boolean isNew = !entries.containsKey(key);
        entries.put(key, value);
        if (isNew) {
            try {
                firstBySimpleForm.putIfAbsent(UrlNormalizer.normalizeUrlSimple(key), key);
            } catch (PyException e) {
                // the original's reverse search skips a stored key it cannot normalise
            }
        }
    }

    V get(String key) {
        return entries.get(key);
    }

    Set<String> keys() {
        return Collections.unmodifiableSet(entries.keySet());
    }

    Map<String, V> asMap() {
        return Collections.unmodifiableMap(entries);
    }

    /**
     * {@code _find_url(url)}: the stored key the URL refers to, or null. Tried in order: the URL
     * itself; its {@code normalize_url_simple} form; the first stored key with the same form;
     * each of its {@code _get_url_variants}. Throws what the original throws for an unparsable URL.
     */
    String find(String url) {
        if (entries.containsKey(url)) {
            return url;
        }
        String normalized = UrlNormalizer.normalizeUrlSimple(url);
        if (entries.containsKey(normalized)) {
            return normalized;
        }
        String reverse = firstBySimpleForm.get(normalized);
        if (reverse != null) {
            return reverse;
        }
        // The variants' order follows the hash seed, their content does not: the answer depends on
        // the seed only when two different stored keys match, so the scan goes on to find out.
        String first = null;
        for (String variant : UrlNormalizer.urlVariants(url, hashSeed)) {
            if (entries.containsKey(variant)) {
                if (first == null) {
                    first = variant;
                } else if (!first.equals(variant)) {
                    seedDecided = true;
                    break;
                }
            }
        }
        return first;
    }

    /**
     * True once a lookup found two stored keys among a URL's variants, so that which one it
     * answered depended on the hash seed. Lookups that never get there answer alike under every seed.
     */
    boolean seedDecided() {
        return seedDecided;
    }
}
