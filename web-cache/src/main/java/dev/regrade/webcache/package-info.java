/**
 * The offline web of Regrade, as Mind2Web 2's web cache sees it. Never touches the network.
 *
 * <ul>
 * <li>{@link dev.regrade.webcache.UrlNormalizer}: the original's URL storage key, loose
 * comparison form and lookup variants (on {@link dev.regrade.pycompat.PyUrlParse}, CPython 3.11.7's
 * {@code urllib.parse}).</li>
 * <li>{@link dev.regrade.webcache.CacheDirectory}: one Mind2Web-2-compatible cache task folder,
 * read and written as the original's {@code CacheFileSys}.</li>
 * <li>{@link dev.regrade.webcache.HtmlText}: HTML to the text a verifier sees (Jsoup).</li>
 * <li>Page sources for the engine: {@link dev.regrade.webcache.SyntheticPages} (given, missing and
 * generated pages) and {@link dev.regrade.webcache.CachePages} (a cache folder), each recording
 * every lookup ({@link dev.regrade.webcache.PageLookup}).</li>
 * <li>{@link dev.regrade.webcache.SyntheticCacheWriter}: a synthetic world written as a cache
 * folder the Python original can read.</li>
 * </ul>
 */
package dev.regrade.webcache;
