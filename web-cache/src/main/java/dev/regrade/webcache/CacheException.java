package dev.regrade.webcache;

import java.nio.file.Path;

/**
 * A cache directory that cannot be used as asked: an unreadable or malformed {@code index.json},
 * a path that would leave the cache directory, a file that cannot be written. The message names
 * the file and, where there is one, the index key. (Where the original Python code itself raises,
 * e.g. {@code KeyError} for a page that is not cached, a {@code dev.regrade.pycompat.PyException}
 * is thrown instead, so that a ported script crashes as the original does.)
 */
public class CacheException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String key;

    /**
     * @param file    the file concerned (not null)
     * @param key     the index key concerned, or null
     * @param problem what is wrong, and what was expected
     * @param cause   the underlying error, or null
     */
    public CacheException(Path file, String key, String problem, Throwable cause) {
        super(file + (key == null ? "" : " [key " + quoted(key) + "]") + ": " + problem, cause);
        this.file = file;
        this.key = key;
    }

    /** The file concerned. */
    public Path file() {
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
