package dev.regrade.webcache;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.JsonField;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyUtf8;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One task folder of a Mind2Web-2-compatible web cache ({@code cache/<agent>/<task_id>/}), read
 * and written as the release-era {@code CacheFileSys} does.
 *
 * <p>Layout: {@code index.json} maps each stored key to {@code "web"} or {@code "pdf"}; a web page
 * is {@code <md5>.txt} (its text, UTF-8) plus {@code <md5>.jpg} (its screenshot), a PDF is
 * {@code <md5>.pdf}, where {@code <md5>} is the MD5 hex digest of the key's
 * {@link UrlNormalizer#storageKey storage key}. On opening, index entries whose files are missing
 * are dropped (and listed by {@link #droppedKeys()}), as the original drops them; an entry with
 * another content type is kept, as the original keeps it. A URL is looked up in the original's
 * order: the exact key; its {@code normalize_url_simple} form as a key; the first stored key with
 * the same {@code normalize_url_simple} form; each of its surface variants
 * ({@link UrlNormalizer#urlVariants}, whose order depends on the run's {@code PYTHONHASHSEED}).
 *
 * <p>Where the original raises, this class throws the same Python error as a {@link PyException}
 * ({@code KeyError} for a page that is not cached, {@code ValueError} for an unparsable URL,
 * {@code FileNotFoundError} for a file that vanished, {@code UnicodeDecodeError} for text that is
 * not UTF-8). Problems the original would not meet, or would silently ignore, are a
 * {@link CacheException} naming the file and key: an {@code index.json} that is not a JSON object of
 * strings (the original would start with an empty index), a file or task folder that resolves
 * outside the cache directory (refused), a failed write. Writes go to a temporary file that is then
 * renamed over the target. Never touches the network.
 */
public final class CacheDirectory {

    /** Content type of a web page entry. */
    public static final String WEB = "web";
    /** Content type of a PDF entry. */
    public static final String PDF = "pdf";
    /** The index file's name. */
    public static final String INDEX_FILE = "index.json";

    private static final Pattern OWN_FILE = Pattern.compile("[0-9a-f]{32}\\.(txt|jpg|pdf)|index\\.json");
    /** {@code json.dump(urls, f, indent=2, ensure_ascii=False)}, as {@code save()} writes the index. */
    private static final PyJson.Format INDEX_JSON = PyJson.DUMPS.indent(2).ensureAscii(false);

    /**
     * A cached web page.
     *
     * @param text           the page text (universal newlines, as Python's text mode reads it)
     * @param screenshotJpeg the screenshot file's bytes (not copied: do not modify)
     */
    public record WebPage(String text, byte[] screenshotJpeg) {
    }

    private final Path dir;
    private final Path realDir;
    private final UrlIndex<String> index;
    private final List<String> dropped = new ArrayList<>();

    private CacheDirectory(Path dir, long hashSeed) {
        this.dir = dir.toAbsolutePath().normalize();
        try {
            this.realDir = this.dir.toRealPath();
        } catch (IOException e) {
            throw new CacheException(this.dir, null, "cannot open the cache directory (" + e + ")", e);
        }
        if (!Files.isDirectory(realDir)) {
            throw new CacheException(this.dir, null, "not a directory; expected a cache task folder", null);
        }
        this.index = new UrlIndex<>(hashSeed);
        load();
    }

    /**
     * Opens an existing cache task folder and reads its index (a missing {@code index.json} is an
     * empty cache).
     *
     * @param dir      the task folder
     * @param hashSeed the PYTHONHASHSEED of the run being reproduced (it orders the variant lookup)
     */
    public static CacheDirectory open(Path dir, long hashSeed) {
        return new CacheDirectory(dir, hashSeed);
    }

    /** Like {@link #open}, creating the folder (and its parents) first if needed, as the original does. */
    public static CacheDirectory create(Path dir, long hashSeed) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CacheException(dir, null, "cannot create the cache directory (" + e + ")", e);
        }
        return new CacheDirectory(dir, hashSeed);
    }

    /**
     * Opens {@code <cacheRoot>/<agent>/<taskId>}, refusing names that would leave the cache root
     * ({@code ..}, separators, absolute paths, or a folder that resolves elsewhere through a link).
     */
    public static CacheDirectory forTask(Path cacheRoot, String agent, String taskId, long hashSeed) {
        Path root = cacheRoot.toAbsolutePath().normalize();
        checkSegment(root, agent, "agent name");
        checkSegment(root, taskId, "task id");
        Path task = root.resolve(agent).resolve(taskId).normalize();
        if (!task.startsWith(root) || task.equals(root)) {
            throw new CacheException(task, null, "resolves outside the cache root " + root + "; refused", null);
        }
        if (Files.exists(task)) {
            try {
                Path realRoot = root.toRealPath();
                Path realTask = task.toRealPath();
                if (!realTask.startsWith(realRoot)) {
                    throw new CacheException(task, null, "resolves to " + realTask + ", outside the cache root "
                            + realRoot + "; refused", null);
                }
            } catch (IOException e) {
                throw new CacheException(task, null, "cannot resolve (" + e + ")", e);
            }
        }
        return open(task, hashSeed);
    }

    private static void checkSegment(Path root, String name, String what) {
        if (name == null || name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0
                || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
            throw new CacheException(root, null, "invalid " + what + " " + PyRepr.repr(String.valueOf(name))
                    + ": expected one folder name inside the cache root; refused", null);
        }
    }

    // ------------------------------------------------------------------ reading

    private void load() {
        Path indexFile = dir.resolve(INDEX_FILE);
        if (!Files.exists(indexFile)) {
            return;
        }
        JsonNode root;
        try {
            String text = PyUtf8.decodeStrict(Files.readAllBytes(contained(indexFile, null)));
            root = PyJson.LOADS.readTree(text);
        } catch (IOException | PyException e) {
            throw new CacheException(indexFile, null, "cannot read the index (" + e.getMessage()
                    + "); expected a JSON object {\"<url>\": \"web\" | \"pdf\"}", e);
        }
        if (root == null || !root.isObject()) {
            throw new CacheException(indexFile, null, "expected a JSON object {\"<url>\": \"web\" | \"pdf\"}, got "
                    + (root == null || root.isMissingNode() ? "nothing" : JsonField.describe(root)), null);
        }
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            String key = e.getKey();
            if (!e.getValue().isTextual()) {
                throw CacheException.inIndex(indexFile, key, "content type must be a string (\"web\" or \"pdf\"), got "
                        + e.getValue(), null);
            }
            String type = e.getValue().asText();
            String stem;
            try {
                stem = UrlNormalizer.fileStem(key);
            } catch (PyException ex) {
                throw CacheException.inIndex(indexFile, key, "the key cannot be hashed as the original hashes it (" + ex
                        + ")", ex);
            }
            List<Path> files = switch (type) {
                case WEB -> List.of(dir.resolve(stem + ".txt"), dir.resolve(stem + ".jpg"));
                case PDF -> List.of(dir.resolve(stem + ".pdf"));
                default -> List.of();
            };
            boolean present = files.stream().allMatch(Files::exists);
            if (present) {
                for (Path f : files) {
                    contained(f, key);
                }
                index.put(key, type);
            } else {
                dropped.add(key);
            }
        }
    }

    /** The folder. */
    public Path directory() {
        return dir;
    }

    /** The PYTHONHASHSEED the variant lookup follows. */
    public long hashSeed() {
        return index.hashSeed();
    }

    /** The stored keys, in index order. */
    public synchronized List<String> keys() {
        return List.copyOf(index.keys());
    }

    /** The index entries dropped on opening because their files are missing, in index order. */
    public List<String> droppedKeys() {
        return List.copyOf(dropped);
    }

    /** The stored key a URL refers to ({@code _find_url}), if any. */
    public synchronized Optional<String> lookup(String url) {
        return Optional.ofNullable(index.find(url));
    }

    /** The content type stored for a URL ({@code has}): usually {@code "web"} or {@code "pdf"}. */
    public synchronized Optional<String> has(String url) {
        String key = index.find(url);
        return key == null ? Optional.empty() : Optional.of(index.get(key));
    }

    /** The content type stored under a key (no lookup rules), if any. */
    public synchronized Optional<String> typeOf(String key) {
        return Optional.ofNullable(index.get(key));
    }

    /**
     * {@code get_web(url)}: the text and screenshot of a cached web page.
     *
     * @throws dev.regrade.pycompat.PyKeyError if no web page is stored for the URL (as the original)
     */
    public synchronized WebPage getWeb(String url) {
        String key = index.find(url);
        if (key == null || key.isEmpty() || !WEB.equals(index.get(key))) {
            throw PyKeyError.forKey("No web content found for URL: " + url);
        }
        String stem = UrlNormalizer.fileStem(key);
        Path txt = dir.resolve(stem + ".txt");
        String text = universalNewlines(PyUtf8.decodeStrict(read(txt, key)));
        return new WebPage(text, read(dir.resolve(stem + ".jpg"), key));
    }

    /**
     * {@code get_pdf(url)}: the bytes of a cached PDF.
     *
     * @throws dev.regrade.pycompat.PyKeyError if no PDF is stored for the URL (as the original)
     */
    public synchronized byte[] getPdf(String url) {
        String key = index.find(url);
        if (key == null || key.isEmpty() || !PDF.equals(index.get(key))) {
            throw PyKeyError.forKey("No PDF content found for URL: " + url);
        }
        return read(dir.resolve(UrlNormalizer.fileStem(key) + ".pdf"), key);
    }

    private byte[] read(Path file, String key) {
        Path f = contained(file, key);
        if (!Files.exists(f)) {
            throw new PyException("FileNotFoundError", "[Errno 2] No such file or directory: "
                    + PyRepr.repr(f.toString()));
        }
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new CacheException(f, key, "cannot read (" + e + ")", e);
        }
    }

    /** The file, if it is this folder's own file and (through any link) stays inside the folder. */
    private Path contained(Path file, String key) {
        Path f = file.toAbsolutePath().normalize();
        if (!dir.equals(f.getParent()) || !OWN_FILE.matcher(f.getFileName().toString()).matches()) {
            throw new CacheException(f, key, "not a file of the cache directory " + dir + "; refused", null);
        }
        if (Files.exists(f)) {
            try {
                Path real = f.toRealPath();
                if (!real.startsWith(realDir)) {
                    throw new CacheException(f, key, "resolves to " + real + ", outside the cache directory "
                            + realDir + "; refused", null);
                }
            } catch (IOException e) {
                throw new CacheException(f, key, "cannot resolve (" + e + ")", e);
            }
        }
        return f;
    }

    private static String universalNewlines(String s) {
        return s.indexOf('\r') < 0 ? s : s.replace("\r\n", "\n").replace('\r', '\n');
    }

    // ------------------------------------------------------------------ writing

    /**
     * {@code put_web(url, text, screenshot)}: stores a web page under the URL's storage key. The
     * screenshot must already be a JPEG (the original converts any image to JPEG quality 85; this
     * port does not re-encode). The index is written by {@link #save()}.
     */
    public synchronized void putWeb(String url, String text, byte[] screenshotJpeg) {
        String key = UrlNormalizer.storageKey(url);
        String stem = UrlNormalizer.fileStem(url);
        if (screenshotJpeg == null || screenshotJpeg.length < 3 || (screenshotJpeg[0] & 0xFF) != 0xFF
                || (screenshotJpeg[1] & 0xFF) != 0xD8) {
            throw new CacheException(dir.resolve(stem + ".jpg"), key,
                    "the screenshot is not a JPEG (expected bytes starting FF D8)", null);
        }
        byte[] utf8 = PyUtf8.encode(text);
        writeAtomically(dir.resolve(stem + ".txt"), key, utf8);
        writeAtomically(dir.resolve(stem + ".jpg"), key, screenshotJpeg);
        index.put(key, WEB);
    }

    /** {@code put_pdf(url, pdf_bytes)}: stores a PDF under the URL's storage key. */
    public synchronized void putPdf(String url, byte[] pdf) {
        String key = UrlNormalizer.storageKey(url);
        writeAtomically(dir.resolve(UrlNormalizer.fileStem(url) + ".pdf"), key, pdf);
        index.put(key, PDF);
    }

    /** {@code save()}: writes {@code index.json} as {@code json.dump(urls, f, indent=2, ensure_ascii=False)}. */
    public synchronized void save() {
        com.fasterxml.jackson.databind.node.ObjectNode json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        index.asMap().forEach(json::put);
        byte[] text = PyUtf8.encode(PyJson.dumps(json, INDEX_JSON));
        writeAtomically(dir.resolve(INDEX_FILE), null, text);
    }

    private void writeAtomically(Path target, String key, byte[] bytes) {
        Path t = contained(target, key);
        Path tmp = dir.resolve("." + t.getFileName() + ".tmp");
        try {
            Files.deleteIfExists(tmp); // never write through a link left in its place
            Files.write(tmp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(tmp, t, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, t, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write already failed; report that
            }
            throw new CacheException(t, key, "cannot write (" + e + ")", e);
        }
    }
}
