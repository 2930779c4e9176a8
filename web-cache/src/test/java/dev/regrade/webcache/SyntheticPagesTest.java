package dev.regrade.webcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.pycompat.PyValueError;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.webcache.PageLookup.Outcome;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class SyntheticPagesTest {

    private static final String GIVEN_URL = "https://www.ikea.com/us/en/p/billy-bookcase-white-00263850/";
    private static final String GIVEN_HTML = "<html><body><h1>BILLY Bookcase</h1><p>Price: $79.99</p>"
            + "<script>track()</script></body></html>";
    private static final String GONE = "https://example.test/gone";

    private static SyntheticPages world() {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put(GIVEN_URL, GIVEN_HTML);
        return new SyntheticPages(pages, List.of(GONE), 0);
    }

    @Test
    void aGivenPageIsFoundByTheCacheRules() {
        SyntheticPages w = world();
        for (String url : List.of(GIVEN_URL, "http://ikea.com/us/en/p/billy-bookcase-white-00263850",
                "https://www.ikea.com/us/en/p/billy-bookcase-white-00263850/?utm_source=chatgpt.com",
                "https://www.ikea.com/us/en/p/billy-bookcase-white-00263850/#specs")) {
            Page p = w.page(url).orElseThrow();
            assertEquals("# BILLY Bookcase\n\nPrice: $79.99", p.text(), url);
            assertEquals(List.of(SyntheticPages.BLANK_JPEG_BASE64), p.screenshots(), "a cached page always has its screenshot");
        }
        assertTrue(w.lookups().stream().allMatch(l -> l.outcome() == Outcome.GIVEN
                && l.key().equals("https://www.ikea.com/us/en/p/billy-bookcase-white-00263850")));
    }

    @Test
    void everyOtherUrlGetsADeterministicGeneratedPage() {
        String url = "https://www.gasbuddy.com/station/12345?lat=33.7#prices";
        Page a = world().page(url).orElseThrow();
        Page b = world().page(url).orElseThrow();
        assertEquals(a, b);
        assertEquals(SyntheticPages.generatedHtml(url), SyntheticPages.generatedHtml(url));
        assertEquals("# station 12345\n\nThis is the page at " + url + ".\n\nSite: www.gasbuddy.com\n\nTopics: station, 12345",
                a.text());
        assertEquals(List.of(SyntheticPages.BLANK_JPEG_BASE64), a.screenshots());
        assertTrue(world().page("https://en.wikipedia.org/wiki/Caf%C3%A9_(disambiguation)").orElseThrow().text()
                .startsWith("# wiki Café disambiguation\n"));
        assertTrue(world().page("example.com").orElseThrow().text().contains("Site: example.com"));
    }

    @Test
    void aMissingPageIsTheOriginalsUnloadablePage() throws IOException {
        SyntheticPages w = world();
        for (String url : List.of(GONE, "http://www.example.test/gone/", "https://example.test/gone#x")) {
            Page p = w.page(url).orElseThrow();
            assertEquals(VerdictRules.UNLOADABLE_PAGE_TEXT, p.text());
            assertEquals(List.of(SyntheticPages.BLANK_JPEG_BASE64), p.screenshots());
        }
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(SyntheticPages.BLANK_JPEG_BASE64)));
        assertEquals(1, img.getWidth());
        assertEquals(1, img.getHeight());
        assertEquals(0xFFFFFF, img.getRGB(0, 0) & 0xFFFFFF);
        // the offline judge rejects a claim checked against it, as a real judge is told to
        String prompt = "...\n```\n" + w.page(GONE).orElseThrow().text() + "\n```\n...";
        assertEquals(false, VerdictRules.accept().verdict("any claim", prompt));
        assertTrue(w.lookups().stream().allMatch(l -> l.outcome() == Outcome.MISSING));
    }

    @Test
    void everyLookupIsRecordedInOrder() {
        SyntheticPages w = world();
        w.page(GIVEN_URL);
        w.page("https://example.com/a");
        w.page("http://www.example.com/a/");        // the page generated for .../a, as a cache would answer
        w.page(GONE);
        assertThrows(PyValueError.class, () -> w.page("https://[::1/x"));
        List<PageLookup> log = w.lookups();
        assertEquals(List.of(Outcome.GIVEN, Outcome.GENERATED, Outcome.GENERATED, Outcome.MISSING, Outcome.ERROR),
                log.stream().map(PageLookup::outcome).toList());
        assertEquals(List.of(GIVEN_URL, "https://example.com/a", "http://www.example.com/a/", GONE, "https://[::1/x"),
                log.stream().map(PageLookup::url).toList());
        assertEquals("https://example.com/a", log.get(1).key());
        assertEquals("https://example.com/a", log.get(2).key());
        assertEquals(w.page("https://example.com/a"), w.page("http://www.example.com/a/"));
        assertNull(log.get(4).key());
        assertEquals("ValueError: Invalid IPv6 URL", log.get(4).detail());
        assertThrows(UnsupportedOperationException.class, () -> log.add(log.get(0)));
        assertEquals(5, log.size(), "a snapshot: later lookups do not change it");
        assertEquals(7, w.lookups().size());
    }

    @Test
    void contradictoryDefinitionsAreRejected() {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("https://example.com/a/", "<p>a</p>");
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> new SyntheticPages(pages, List.of("https://example.com/a#frag"), 0));
        assertTrue(both.getMessage().contains("cannot be both"), both.getMessage());
        pages.put("https://example.com/a", "<p>other a</p>");
        assertThrows(IllegalArgumentException.class, () -> new SyntheticPages(pages, List.of(), 0));
        assertThrows(IllegalArgumentException.class,
                () -> new SyntheticPages(Map.of("https://[bad/x#frag", "<p></p>"), List.of(), 0)); // urldefrag raises
    }
}
