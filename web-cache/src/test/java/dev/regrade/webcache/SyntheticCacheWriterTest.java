package dev.regrade.webcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.rubric.port.Page;
import dev.regrade.webcache.PageLookup.Outcome;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticCacheWriterTest {

    @TempDir
    Path tmp;

    private static final List<String> URLS = List.of(
            "https://www.airnow.gov/?city=Baltimore&state=MD",
            "https://example.test/gone/",
            "https://en.wikipedia.org/wiki/Python_(programming_language)",
            "http://en.wikipedia.org/wiki/Python_(programming_language)/",    // same page as the one above
            "https://arxiv.org/abs/2506.21506#abstract",
            "https://[::1/bad");                                               // the original raises on it

    private static SyntheticPages world() {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("https://www.airnow.gov/?city=Baltimore&state=MD", "<h1>AQI Baltimore</h1><p>Today: 42 (Good)</p>");
        return new SyntheticPages(pages, List.of("https://example.test/gone"), 0);
    }

    @Test
    void aGrowingFolderHoldsAfterEachAddWhatWriteWritesForTheUrlsSoFar() throws IOException {
        SyntheticCacheWriter growing = SyntheticCacheWriter.start(world(), tmp.resolve("growing"));
        for (int n = 0; n <= URLS.size(); n++) {
            if (n > 0) {
                growing.add(URLS.get(n - 1));
            }
            Path once = tmp.resolve("once-" + n);
            SyntheticCacheWriter.write(world(), URLS.subList(0, n), once);
            assertEquals(files(once), files(growing.directory()), "after " + n + " URLs");
        }
    }

    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new java.util.TreeMap<>();
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(p)));
            }
        }
        return out;
    }

    @Test
    void theWrittenCacheAnswersAsTheSyntheticPagesDo() throws IOException {
        SyntheticPages pages = world();
        Path dir = tmp.resolve("cache/regrade/task_1");
        CacheDirectory written = SyntheticCacheWriter.write(pages, URLS, dir);
        assertEquals(List.of(), pages.lookups(), "the caller's record is untouched");

        assertEquals(List.of("https://www.airnow.gov/?city=Baltimore&state=MD", "https://example.test/gone",
                "https://en.wikipedia.org/wiki/Python_(programming_language)", "https://arxiv.org/abs/2506.21506"),
                written.keys());
        assertEquals("{\n  \"https://www.airnow.gov/?city=Baltimore&state=MD\": \"web\",\n"
                + "  \"https://example.test/gone\": \"web\",\n"
                + "  \"https://en.wikipedia.org/wiki/Python_(programming_language)\": \"web\",\n"
                + "  \"https://arxiv.org/abs/2506.21506\": \"web\"\n}", Files.readString(dir.resolve("index.json")));
        try (var files = Files.list(dir)) {
            assertEquals(1 + 2 * 4, files.count());
        }
        BufferedImage img = ImageIO.read(dir.resolve(UrlNormalizer.fileStem("https://arxiv.org/abs/2506.21506") + ".jpg").toFile());
        assertEquals(1, img.getWidth());

        CachePages fromCache = new CachePages(CacheDirectory.open(dir, 0));
        SyntheticPages synthetic = world();
        for (String url : URLS.subList(0, URLS.size() - 1)) {
            Page s = synthetic.page(url).orElseThrow();
            Page c = fromCache.page(url).orElseThrow();
            assertEquals(s, c, url + ": the same text and screenshot");
            assertEquals(List.of(SyntheticPages.BLANK_JPEG_BASE64), c.screenshots());
        }
        assertEquals(List.of(Outcome.GIVEN, Outcome.MISSING, Outcome.GIVEN, Outcome.GIVEN, Outcome.GIVEN),
                fromCache.lookups().stream().map(PageLookup::outcome).toList());
        assertTrue(fromCache.lookups().get(1).detail().contains("placeholder"));
        assertEquals(List.of(Outcome.GIVEN, Outcome.MISSING, Outcome.GENERATED, Outcome.GENERATED, Outcome.GENERATED),
                synthetic.lookups().stream().map(PageLookup::outcome).toList());
    }

    @Test
    void refusesToWriteOverAnExistingCache() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("existing"));
        Files.writeString(dir.resolve("index.json"), "{}");
        CacheException e = assertThrows(CacheException.class, () -> SyntheticCacheWriter.write(world(), URLS, dir));
        assertEquals(dir.resolve("index.json"), e.cacheFile());
    }

    @Test
    void cachePagesNeverInventAPage() throws IOException {
        Path dir = tmp.resolve("plain");
        CacheDirectory cache = CacheDirectory.create(dir, 0);
        cache.putWeb("https://example.com/page", "cached text", BlankJpeg.bytes());
        cache.putPdf("https://example.com/doc.pdf", "%PDF-1.4".getBytes());
        cache.save();
        CachePages pages = new CachePages(CacheDirectory.open(dir, 0));
        Page hit = pages.page("http://www.example.com/page/").orElseThrow();
        assertEquals(new Page("cached text", List.of(Base64.getEncoder().encodeToString(BlankJpeg.bytes()))), hit);
        assertEquals(Optional.empty(), pages.page("https://example.com/not-cached"));
        assertEquals(Optional.empty(), pages.page("https://example.com/doc.pdf"));
        List<PageLookup> log = pages.lookups();
        assertEquals(List.of(Outcome.GIVEN, Outcome.MISSING, Outcome.MISSING), log.stream().map(PageLookup::outcome).toList());
        assertEquals("not in the cache", log.get(1).detail());
        assertTrue(log.get(2).detail().contains("PDF"), log.get(2).detail());
    }
}
