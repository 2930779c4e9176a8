package dev.regrade.webcache;

import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonPath;
import java.nio.file.Path;

/**
 * A cache directory that cannot be used as asked: an unreadable or malformed {@code index.json},
 * a path that would leave the cache directory, a file that cannot be written. Bad input in the one
 * shape: the file, the index key as the JSON path of {@code index.json} where the file is the index,
 * else the key the file belongs to at the end of the problem. (Where the original Python code itself
 * raises, e.g. {@code KeyError} for a page that is not cached, a {@code dev.regrade.pycompat.PyException}
 * is thrown instead, so that a ported script crashes as the original does.)
 */
public class CacheException extends BadInputException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String key;

    private CacheException(Path file, String key, String path, String problem, Throwable cause) {
        super(file.toString(), 0, 0, path, problem, null, cause);
        this.file = file;
        this.key = key;
    }

    /**
     * A problem with a file of the cache.
     *
     * @param file    the file concerned (not null)
     * @param key     the index key of the page the file holds, or null
     * @param problem what is wrong, and what was expected
     * @param cause   the underlying error, or null
     */
    public CacheException(Path file, String key, String problem, Throwable cause) {
        this(file, key, null, key == null ? problem : problem + " (index key " + quoted(key) + ")", cause);
    }

    /** A problem with the entry {@code key} of the index file {@code index}. */
    static CacheException inIndex(Path index, String key, String problem, Throwable cause) {
        return new CacheException(index, key, JsonPath.member(JsonPath.ROOT, key), problem, cause);
    }

    /** The file concerned. */
    public Path cacheFile() {
        return file;
    }

    /** The index key concerned, or null. */
    public String key() {
        return key;
    }

    private static String quoted(String key) {
        return "\"" + key.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
