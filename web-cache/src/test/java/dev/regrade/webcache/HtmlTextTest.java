package dev.regrade.webcache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HtmlTextTest {

    @Test
    void newsArticle() throws IOException {
        // nav list, scripts/styles/JSON-LD/noscript dropped, entities decoded, whitespace collapsed,
        // headings, ordered list, image alt text, <br>
        assertEquals(resource("html/news.txt"), HtmlText.toText(resource("html/news.html")) + "\n");
    }

    @Test
    void tableListsAndPre() throws IOException {
        // table rows on one line each (cells joined by " | ", block content kept in the cell),
        // nested list indented, <pre> kept verbatim, <hr>, nested divs, <template> dropped
        assertEquals(resource("html/table.txt"), HtmlText.toText(resource("html/table.html")) + "\n");
    }

    @Test
    void smallCases() {
        assertEquals("", HtmlText.toText(""));
        assertEquals("", HtmlText.toText(null));
        assertEquals("plain text, no tags", HtmlText.toText("  plain   text,\n no tags "));
        assertEquals("a b\n\nc", HtmlText.toText("<p>a\n\t b</p><p></p><p>   </p><p>c</p>"));
        assertEquals("x\n\ny", HtmlText.toText("x<br><br><br>y"));
        assertEquals("Fish & Chips <3 \"quoted\"", HtmlText.toText("<p>Fish &amp; Chips &lt;3 &quot;quoted&quot;</p>"));
        assertEquals("visible", HtmlText.toText("<script>var x = '<p>no</p>';</script><style>p{}</style><p>visible</p>"
                + "<!-- a comment -->"));
        assertEquals("one two", HtmlText.toText("<span>one</span>\u00a0<span>two</span>"));
        assertEquals("# Title\n\nbody", HtmlText.toText("<h1>  Title </h1>body"));
        assertEquals("3. c\n4. d", HtmlText.toText("<ol start=\"3\"><li>c<li>d</ol>"));
    }

    @Test
    void deterministic() throws IOException {
        String html = resource("html/news.html");
        String first = HtmlText.toText(html);
        for (int i = 0; i < 5; i++) {
            assertEquals(first, HtmlText.toText(html));
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = HtmlTextTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
