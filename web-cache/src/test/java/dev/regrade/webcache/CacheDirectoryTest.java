package dev.regrade.webcache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyValueError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheDirectoryTest {

    private static final byte[] JPEG = BlankJpeg.bytes();

    @TempDir
    Path tmp;

    @Test
    void writeThenReadFindsThePageByItsVariants() throws IOException {
        Path dir = tmp.resolve("cache/agent/task1");
        CacheDirectory cache = CacheDirectory.create(dir, 0);
        cache.putWeb("https://www.example.com/docs/guide/#intro", "Guide text\r\nsecond line\rthird", JPEG);
        cache.putPdf("https://example.com/files/report.pdf", "%PDF-1.4 fake".getBytes(StandardCharsets.US_ASCII));
        cache.save();

        assertEquals("{\n  \"https://www.example.com/docs/guide\": \"web\",\n"
                + "  \"https://example.com/files/report.pdf\": \"pdf\"\n}",
                Files.readString(dir.resolve("index.json")));
        String stem = md5("https://www.example.com/docs/guide");
        assertTrue(Files.exists(dir.resolve(stem + ".txt")));
        assertTrue(Files.exists(dir.resolve(stem + ".jpg")));
        assertTrue(Files.exists(dir.resolve(md5("https://example.com/files/report.pdf") + ".pdf")));
        try (var files = Files.list(dir)) {
            assertEquals(4, files.count(), "no temporary file is left behind");
        }

        CacheDirectory read = CacheDirectory.open(dir, 0);
        assertEquals(List.of("https://www.example.com/docs/guide", "https://example.com/files/report.pdf"), read.keys());
        for (String url : List.of(
                "https://www.example.com/docs/guide",                      // exact key
                "http://www.example.com/docs/guide",                       // http vs https
                "https://example.com/docs/guide",                          // no www
                "https://www.example.com/docs/guide/",                     // trailing slash
                "https://www.example.com/docs/guide?utm_source=chatgpt.com&utm_medium=referral", // utm
                "https://www.example.com/docs/guide#section-2",            // fragment
                "HTTPS://WWW.EXAMPLE.COM/docs/guide",                      // case
                "https://www.example.com/docs/guide/?utm_source=openai.com")) {
            assertEquals(Optional.of("https://www.example.com/docs/guide"), read.lookup(url), url);
            assertEquals(Optional.of("web"), read.has(url), url);
        }
        assertEquals(Optional.empty(), read.has("https://www.example.com/docs/other"));
        assertEquals(Optional.empty(), read.has("https://www.example.com/docs"));

        CacheDirectory.WebPage page = read.getWeb("http://example.com/docs/guide/");
        assertEquals("Guide text\nsecond line\nthird", page.text(), "read as Python's text mode reads it");
        assertArrayEquals(JPEG, page.screenshotJpeg());

        assertEquals(Optional.of("pdf"), read.has("http://example.com/files/report.pdf#page=2"));
        assertArrayEquals("%PDF-1.4 fake".getBytes(StandardCharsets.US_ASCII), read.getPdf("https://example.com/files/report.pdf"));
        PyKeyError notWeb = assertThrows(PyKeyError.class, () -> read.getWeb("https://example.com/files/report.pdf"));
        assertEquals("KeyError: 'No web content found for URL: https://example.com/files/report.pdf'", notWeb.toString());
        PyKeyError notPdf = assertThrows(PyKeyError.class, () -> read.getPdf("https://example.com/docs/guide"));
        assertEquals("'No PDF content found for URL: https://example.com/docs/guide'", notPdf.getMessage());
    }

    @Test
    void percentEncodedUrlsAreStoredDecodedAndFoundEncoded() {
        CacheDirectory cache = CacheDirectory.create(tmp.resolve("t"), 0);
        cache.putWeb("https://de.wikipedia.org/wiki/Stra%C3%9Fe", "Straße", JPEG);
        assertEquals(List.of("https://de.wikipedia.org/wiki/Straße"), cache.keys());
        assertEquals(Optional.of("web"), cache.has("https://de.wikipedia.org/wiki/Stra%c3%9fe"));
        assertEquals(Optional.of("web"), cache.has("https://de.wikipedia.org/wiki/Straße"));
        assertEquals("Straße", cache.getWeb("http://de.wikipedia.org/wiki/Stra%C3%9Fe/").text());
    }

    @Test
    void anIndexThatLiesIsTakenAtItsWordOnlyWhereItsFilesExist() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("lying"));
        String good = "https://example.com/good";
        String noJpg = "https://example.com/no-jpg";
        String noPdf = "https://example.com/no.pdf";
        String other = "https://other.example/x";
        String stranger = "https://example.com/stranger";
        Files.writeString(dir.resolve("index.json"), "{\"" + good + "\": \"web\", \"" + noJpg + "\": \"web\", \""
                + noPdf + "\": \"pdf\", \"" + other + "\": \"web\", \"https://example.com/odd\": \"html\"}");
        writeWeb(dir, good, "good page");
        Files.writeString(dir.resolve(md5(noJpg) + ".txt"), "text without screenshot");
        // the files of `other` hold the page of `stranger`; `stranger` has files too but no index entry
        writeWeb(dir, other, "page of " + stranger);
        writeWeb(dir, stranger, "stranger's own page");

        CacheDirectory cache = CacheDirectory.open(dir, 0);
        assertEquals(List.of(good, other, "https://example.com/odd"), cache.keys());
        assertEquals(List.of(noJpg, noPdf), cache.droppedKeys());
        assertEquals(Optional.empty(), cache.has(noJpg));
        assertEquals(Optional.empty(), cache.has(noPdf));
        assertEquals("good page", cache.getWeb(good).text());
        // found only through its own key: a file name never tells which URL it holds
        assertEquals("page of " + stranger, cache.getWeb("http://other.example/x/").text());
        assertEquals(Optional.empty(), cache.has(stranger));
        assertThrows(PyKeyError.class, () -> cache.getWeb(stranger));
        // an entry of another content type is kept, as the original keeps it, and is no web page
        assertEquals(Optional.of("html"), cache.has("https://example.com/odd"));
        assertThrows(PyKeyError.class, () -> cache.getWeb("https://example.com/odd"));

        cache.save();
        assertEquals("{\n  \"" + good + "\": \"web\",\n  \"" + other + "\": \"web\",\n  \"https://example.com/odd\": \"html\"\n}",
                Files.readString(dir.resolve("index.json")), "dropped entries are not written back");
    }

    @Test
    void traversalIsRefused() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("cache"));
        Files.createDirectories(root.resolve("agent/task"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        for (String[] names : new String[][] {{"agent", "../../outside"}, {"..", "outside"}, {"agent", "a/b"},
            {"agent", ".."}, {"agent", ""}, {"/abs", "task"}, {"agent", "x\\..\\y"}}) {
            CacheException e = assertThrows(CacheException.class,
                    () -> CacheDirectory.forTask(root, names[0], names[1], 0), String.join("/", names));
            assertTrue(e.getMessage().contains("refused"), e.getMessage());
        }
        assertEquals(List.of(), CacheDirectory.forTask(root, "agent", "task", 0).keys());

        // a task folder that is a link out of the cache root
        Files.createSymbolicLink(root.resolve("agent/linked"), outside);
        CacheException linked = assertThrows(CacheException.class, () -> CacheDirectory.forTask(root, "agent", "linked", 0));
        assertTrue(linked.getMessage().contains("outside the cache root"), linked.getMessage());

        // a page file that is a link out of the cache directory
        Path dir = root.resolve("agent/task");
        String url = "https://example.com/secret";
        Files.writeString(outside.resolve("secret.txt"), "not for the judge");
        Files.write(dir.resolve(md5(url) + ".jpg"), JPEG);
        Files.createSymbolicLink(dir.resolve(md5(url) + ".txt"), outside.resolve("secret.txt"));
        Files.writeString(dir.resolve("index.json"), "{\"" + url + "\": \"web\"}");
        CacheException file = assertThrows(CacheException.class, () -> CacheDirectory.open(dir, 0));
        assertEquals(url, file.key());
        assertEquals(dir.resolve(md5(url) + ".txt"), file.cacheFile());
        assertTrue(file.getMessage().contains("outside the cache directory"), file.getMessage());
    }

    /**
     * A URL never names a file: whatever its path says ({@code ../}, encoded {@code %2e%2e/},
     * backslashes, an absolute path, a {@code file:} URL), its page is stored as the MD5 of its
     * storage key inside the task folder, and an index key shaped like a path is a key like any
     * other (its hashed files do not exist, so it is dropped, as the original drops it).
     */
    @Test
    void urlsShapedLikePathsNeverLeaveTheCacheFolder() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("names"));
        Path dir = root.resolve("agent/task");
        Files.writeString(root.resolve("outside.txt"), "not for the judge");
        List<String> urls = List.of("https://example.com/../../../outside.txt", "https://example.com/%2e%2e/%2e%2e/outside.txt",
                "https://example.com/..\\..\\outside.txt", "file:///etc/passwd", "https://example.com//etc/passwd");
        CacheDirectory cache = CacheDirectory.create(dir, 0);
        for (String u : urls) {
            cache.putWeb(u, "page of " + u, JPEG);
        }
        cache.save();
        try (java.util.stream.Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.equals(root.resolve("outside.txt"))) {
                    assertEquals(dir, f.getParent(), f.toString());
                    assertTrue(f.getFileName().toString().matches("[0-9a-f]{32}\\.(txt|jpg)|index\\.json"), f.toString());
                }
            }
        }
        assertEquals("not for the judge", Files.readString(root.resolve("outside.txt")));
        CacheDirectory reopened = CacheDirectory.open(dir, 0);
        for (String u : urls) {
            assertEquals("page of " + u, reopened.getWeb(u).text(), u);
        }

        Files.writeString(dir.resolve("index.json"), "{\"../../outside.txt\": \"web\", \"/etc/passwd\": \"web\"}");
        CacheDirectory lying = CacheDirectory.open(dir, 0);
        assertEquals(List.of(), lying.keys());
        assertEquals(List.of("../../outside.txt", "/etc/passwd"), lying.droppedKeys());
        assertThrows(PyKeyError.class, () -> lying.getWeb("../../outside.txt"));
    }

    @Test
    void malformedIndexesAreClearErrors() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Path index = dir.resolve("index.json");
        Files.writeString(index, "{\"https://example.com/a\": \"web\",");
        CacheException truncated = assertThrows(CacheException.class, () -> CacheDirectory.open(dir, 0));
        assertEquals(index, truncated.cacheFile());
        Files.writeString(index, "[\"https://example.com/a\"]");
        CacheException array = assertThrows(CacheException.class, () -> CacheDirectory.open(dir, 0));
        assertTrue(array.getMessage().contains("expected a JSON object"), array.getMessage());
        Files.writeString(index, "{\"https://example.com/a\": 1}");
        CacheException number = assertThrows(CacheException.class, () -> CacheDirectory.open(dir, 0));
        assertEquals("https://example.com/a", number.key());
        assertEquals(index + ": $['https://example.com/a']: content type must be a string (\"web\" or \"pdf\"), got 1",
                number.getMessage());
        assertEquals("$['https://example.com/a']", number.path());
        Files.writeString(index, "{} {}");
        assertThrows(CacheException.class, () -> CacheDirectory.open(dir, 0));
        assertThrows(CacheException.class, () -> CacheDirectory.open(tmp.resolve("does-not-exist"), 0));
    }

    @Test
    void readErrorsAreThePythonErrors() throws IOException {
        Path dir = tmp.resolve("errors");
        CacheDirectory cache = CacheDirectory.create(dir, 0);
        cache.putWeb("https://example.com/latin1", "x", JPEG);
        cache.putWeb("https://example.com/gone", "y", JPEG);
        Files.write(dir.resolve(md5("https://example.com/latin1") + ".txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9});
        Files.delete(dir.resolve(md5("https://example.com/gone") + ".jpg"));

        PyException decode = assertThrows(PyException.class, () -> cache.getWeb("https://example.com/latin1"));
        assertEquals("UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 3: unexpected end of data",
                decode.toString());
        PyException gone = assertThrows(PyException.class, () -> cache.getWeb("https://example.com/gone"));
        assertEquals("FileNotFoundError", gone.pythonType());
        assertTrue(gone.getMessage().startsWith("[Errno 2] No such file or directory: '") && gone.getMessage()
                .contains(md5("https://example.com/gone") + ".jpg"), gone.getMessage());
        PyValueError ipv6 = assertThrows(PyValueError.class, () -> cache.has("https://[::1/x"));
        assertEquals("ValueError: Invalid IPv6 URL", ipv6.toString());
        assertThrows(CacheException.class, () -> cache.putWeb("https://example.com/png", "z", new byte[] {(byte) 0x89, 'P', 'N', 'G'}));
        assertFalse(cache.keys().contains("https://example.com/png"));
    }

    @Test
    void theVariantOrderFollowsTheHashSeed() throws IOException {
        // Both stored keys are variants of the query (quote with safe=":/" of its https and http
        // forms); which one the original finds first depends on PYTHONHASHSEED, because the
        // variants come from a Python set. Expected answers observed with python3 3.11.7 running
        // the original CacheFileSys._find_url.
        String[] expected = {"https://example.com/a%23frag", "https://example.com/a%23frag", "http://example.com/a%23frag",
            "http://example.com/a%23frag", "https://example.com/a%23frag", "http://example.com/a%23frag",
            "https://example.com/a%23frag", "http://example.com/a%23frag"};
        Path dir = Files.createDirectories(tmp.resolve("seeded"));
        for (String key : List.of("https://example.com/a%23frag", "http://example.com/a%23frag")) {
            // the files are named by the storage key of the key itself, as the original names them
            writeWeb(dir, UrlNormalizer.storageKey(key), key);
        }
        Files.writeString(dir.resolve("index.json"),
                "{\"https://example.com/a%23frag\": \"web\", \"http://example.com/a%23frag\": \"web\"}");
        for (int seed = 0; seed < expected.length; seed++) {
            CacheDirectory cache = CacheDirectory.open(dir, seed);
            assertEquals(Optional.of(expected[seed]), cache.lookup("https://example.com/a#frag"), "seed " + seed);
            assertEquals(expected[seed], cache.getWeb("https://example.com/a#frag").text(), "seed " + seed);
        }
        assertEquals(Optional.of("https://example.com/a%23frag"),
                CacheDirectory.open(dir, 42).lookup("https://example.com/a#frag"));
    }

    private static void writeWeb(Path dir, String key, String text) throws IOException {
        Files.writeString(dir.resolve(md5(key) + ".txt"), text);
        Files.write(dir.resolve(md5(key) + ".jpg"), JPEG);
    }

    static String md5(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
