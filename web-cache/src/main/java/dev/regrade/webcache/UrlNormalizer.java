package dev.regrade.webcache;

import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PySet;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyUrlParse;
import dev.regrade.pycompat.PyUtf8;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The URL normalisations of Mind2Web 2's web cache, ported exactly from the release-era
 * {@code mind2web2/utils/cache_filesys.py} and {@code url_tools.py} (on CPython 3.11 semantics):
 * the storage key a page is filed under ({@link #storageKey}, the original's
 * {@code _remove_frag_and_slash}), the loose comparison form ({@link #normalizeUrlSimple}),
 * {@link #removeUtmParameters}, and the surface variants tried last by a lookup
 * ({@link #urlVariants}).
 *
 * <p>Where the original raises (an unparsable URL, e.g. {@code ValueError: Invalid IPv6 URL}),
 * these methods throw the same Python error as a {@link PyException}.
 */
public final class UrlNormalizer {

    private static final String SAFE_BASIC = ":/?#";
    private static final String SAFE_COMMON = ":/?#@!$&'*+,;=";
    private static final String SAFE_BRACKETS = ":/?#[]@!$&'*+,;=";
    private static final String SAFE_RFC = ":/?#[]@!$&'()*+,;=";
    private static final String SAFE_MINIMAL = ":/";

    private UrlNormalizer() {
    }

    /**
     * The key a page is stored under ({@code _remove_frag_and_slash}): fragment dropped with
     * {@code urldefrag}, percent-decoded with {@code unquote}, one trailing {@code /} removed
     * unless the result is {@code /} or ends with {@code ://}.
     */
    public static String storageKey(String url) {
        return stripOneSlash(PyUrlParse.unquote(PyUrlParse.urldefrag(url)));
    }

    /** The cache file stem of a URL: the MD5 hex digest of the UTF-8 of its {@link #storageKey}. */
    public static String fileStem(String url) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(PyUtf8.encode(storageKey(url))));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether a page stored under {@code key} can be read back by the original: the key is not
     * empty ({@code get_web} treats an empty key as absent) and is its own storage key. Otherwise
     * the original writes the page's files under {@code md5(key)} but reads (and, on loading an
     * index, checks) {@code md5(storageKey(key))}, so the page is lost: a URL such as
     * {@code .../a%2520b} (key {@code .../a%20b}) or {@code .../x//} (key {@code .../x/}).
     */
    public static boolean isReadableKey(String key) {
        if (key.isEmpty()) {
            return false;
        }
        try {
            return storageKey(key).equals(key) && !PyUtf8.hasLoneSurrogate(key);
        } catch (PyException e) {
            return false;
        }
    }

    /** {@code remove_utm_parameters}: every query parameter whose decoded name starts with {@code utm_} removed. */
    public static String removeUtmParameters(String url) {
        PyUrlParse.ParseResult p = PyUrlParse.urlparse(url);
        if (p.query().isEmpty()) {
            return url;
        }
        return PyUrlParse.urlunparse(new PyUrlParse.ParseResult(p.scheme(), p.netloc(), p.path(), p.params(),
                withoutUtm(p.query()), p.fragment()));
    }

    /**
     * {@code normalize_url_simple}: UTM parameters removed, fragment dropped, percent-decoded, one
     * trailing slash removed, UTM parameters removed again, {@code http://} made {@code https://},
     * every {@code ://www.} made {@code ://}, lower-cased.
     */
    public static String normalizeUrlSimple(String url) {
        url = removeUtmParameters(url);
        String decoded = stripOneSlash(PyUrlParse.unquote(PyUrlParse.urldefrag(url)));
        PyUrlParse.ParseResult p = PyUrlParse.urlparse(decoded);
        if (!p.query().isEmpty()) {
            decoded = PyUrlParse.urlunparse(new PyUrlParse.ParseResult(p.scheme(), p.netloc(), p.path(), p.params(),
                    withoutUtm(p.query()), p.fragment()));
        }
        if (decoded.startsWith("http://")) {
            decoded = "https://" + decoded.substring(7);
        }
        if (decoded.contains("://www.")) {
            decoded = decoded.replace("://www.", "://");
        }
        return PyStr.lower(decoded);
    }

    /**
     * {@code _get_url_variants}: every surface form a lookup tries last, in the original's order.
     *
     * <p>The original collects its base URLs in a Python {@code set} and iterates it, so the order
     * depends on the string hashes, i.e. on {@code PYTHONHASHSEED}; it is reproduced with
     * {@link PySet#iterationOrder}. Each base URL yields nine encodings (as is, {@code quote} with
     * six safe sets, {@code quote_plus}, {@code unquote}), each followed by its form with one
     * trailing slash removed or added; duplicates keep their first position.
     *
     * @param url      the URL as asked
     * @param hashSeed the PYTHONHASHSEED of the run being reproduced
     */
    public static List<String> urlVariants(String url, long hashSeed) {
        // A pure function of its arguments, asked again for the same URLs by every run of an audit.
        String key = hashSeed + " " + url;
        List<String> known = VARIANTS.get(key);
        if (known == null) {
            if (VARIANTS.size() >= VARIANTS_KEPT) {
                VARIANTS.clear();
            }
            known = computeUrlVariants(url, hashSeed);
            VARIANTS.put(key, known);
        }
        return known;
    }

    private static final int VARIANTS_KEPT = 8192;
    private static final Map<String, List<String>> VARIANTS = new java.util.concurrent.ConcurrentHashMap<>();

    private static List<String> computeUrlVariants(String url, long hashSeed) {
        String noFrag = PyUrlParse.urldefrag(url);
        List<String> adds = new ArrayList<>(List.of(
                url, noFrag, removeUtmParameters(url), removeUtmParameters(noFrag),
                url + "?utm_source=chatgpt.com", noFrag + "?utm_source=chatgpt.com",
                url + "?utm_source=openai.com", noFrag + "?utm_source=openai.com"));
        if (!url.endsWith("/")) {
            adds.add(url + "/?utm_source=chatgpt.com");
        }
        if (!noFrag.endsWith("/")) {
            adds.add(noFrag + "/?utm_source=chatgpt.com");
        }
        if (!url.endsWith("/")) {
            adds.add(url + "/?utm_source=openai.com");
        }
        if (!noFrag.endsWith("/")) {
            adds.add(noFrag + "/?utm_source=openai.com");
        }
        if (url.startsWith("http://www.")) {
            adds.add("http://" + url.substring(11));
        } else if (url.startsWith("https://www.")) {
            adds.add("https://" + url.substring(12));
        }
        for (String u : PySet.iterationOrder(adds, hashSeed)) {
            String swapped = swapScheme(u);
            if (swapped != null && !swapped.isEmpty()) {
                adds.add(swapped);
            }
        }
        LinkedHashSet<String> variants = new LinkedHashSet<>();
        for (String base : PySet.iterationOrder(adds, hashSeed)) {
            List<String> encodings;
            try {
                encodings = List.of(
                        base,
                        PyUrlParse.quote(base, "/"),
                        PyUrlParse.quote(base, SAFE_BASIC),
                        PyUrlParse.quote(base, SAFE_COMMON),
                        PyUrlParse.quote(base, SAFE_BRACKETS),
                        PyUrlParse.quote(base, SAFE_RFC),
                        PyUrlParse.quote(base, SAFE_MINIMAL),
                        PyUrlParse.quotePlus(base, SAFE_RFC),
                        PyUrlParse.unquote(base));
            } catch (PyException e) { // the original's `except Exception`: the base URL alone
                encodings = List.of(base);
            }
            for (String v : encodings) {
                variants.add(v);
                if (v.endsWith("/") && v.length() > 1 && !v.endsWith("://")) {
                    variants.add(v.substring(0, v.length() - 1));
                } else if (!v.endsWith("/")) {
                    variants.add(v + "/");
                }
            }
        }
        return List.copyOf(variants);
    }

    private static String swapScheme(String u) {
        if (u.startsWith("http://")) {
            return "https://" + u.substring(7);
        }
        if (u.startsWith("https://")) {
            return "http://" + u.substring(8);
        }
        return null;
    }

    private static String withoutUtm(String query) {
        Map<String, List<String>> kept = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : PyUrlParse.parseQs(query, true).entrySet()) {
            if (!e.getKey().startsWith("utm_")) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return PyUrlParse.urlencodeDoseq(kept);
    }

    static String stripOneSlash(String s) {
        if (s.endsWith("/") && s.length() > 1 && !s.endsWith("://")) {
            return s.substring(0, s.length() - 1);
        }
        return s;
    }
}
