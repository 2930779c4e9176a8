package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Replays urlparse.jsonl.gz (tools/pycompat-vectors/gen_urlparse.py): what CPython 3.11's urllib.parse
 * returns or raises for each of 4000 URLs (realistic, random with escapes, IPv6 hosts, odd netlocs,
 * lone surrogates).
 */
class PyUrlParseTest {
    private static final String[] SAFES = {"/", ":/?#", ":/?#@!$&'*+,;=", ":/?#[]@!$&'*+,;=", ":/?#[]@!$&'()*+,;=", ":/",
        ""};
    private static final String[] PLUS_SAFES = {":/?#[]@!$&'()*+,;=", ""};

    private final Vectors.Mismatches mismatches = new Vectors.Mismatches("urllib.parse");

    @Test
    void everyFunctionMatchesPython() {
        for (JsonNode v : Vectors.lines("urlparse.jsonl.gz")) {
            String url = v.get("url").asText();
            check(url, "urldefrag", v.get("defrag"), () -> PyUrlParse.urldefrag(url));
            check(url, "unquote", v.get("unquote"), () -> PyUrlParse.unquote(url));
            for (int i = 0; i < SAFES.length; i++) {
                String safe = SAFES[i];
                check(url, "quote(safe=" + safe + ")", v.get("quote").get(i), () -> PyUrlParse.quote(url, safe));
            }
            for (int i = 0; i < PLUS_SAFES.length; i++) {
                String safe = PLUS_SAFES[i];
                check(url, "quote_plus(safe=" + safe + ")", v.get("quote_plus").get(i),
                        () -> PyUrlParse.quotePlus(url, safe));
            }
            check(url, "urlsplit", v.get("urlsplit"), () -> {
                PyUrlParse.SplitResult s = PyUrlParse.urlsplit(url);
                return List.of(s.scheme(), s.netloc(), s.path(), s.query(), s.fragment());
            });
            check(url, "urlparse", v.get("urlparse"), () -> {
                PyUrlParse.ParseResult p = PyUrlParse.urlparse(url);
                return List.of(p.scheme(), p.netloc(), p.path(), p.params(), p.query(), p.fragment());
            });
            if (v.has("parse_qsl")) {
                String query = PyUrlParse.urlsplit(url).query();
                check(url, "parse_qsl", v.get("parse_qsl"), () -> PyUrlParse.parseQsl(query, true).stream()
                        .map(p -> List.of(p.name(), p.value())).toList());
            }
        }
        mismatches.assertNone(4000 * 13);
    }

    @Test
    void unsplittingRebuildsTheUrlAsPythonDoes() {
        // urlunparse(urlparse(u)) and urlunsplit(urlsplit(u)), values printed by python3.11
        assertEquals("https://a.example/p;x?q=1#f",
                PyUrlParse.urlunparse(PyUrlParse.urlparse("https://a.example/p;x?q=1#f")));
        PyUrlParse.SplitResult s = PyUrlParse.urlsplit("HTTP://a.example//p?#");
        assertEquals("http://a.example//p", PyUrlParse.urlunsplit(s.scheme(), s.netloc(), s.path(), s.query(),
                s.fragment()));
        assertEquals("a=1&a=2&b=+x", PyUrlParse.urlencodeDoseq(PyUrlParse.parseQs("a=1&b=%20x&a=2", true)));
    }

    private void check(String url, String what, JsonNode expected, Supplier<Object> call) {
        JsonNode actual = Vectors.outcome(call);
        mismatches.check(expected.equals(actual), () -> Vectors.show(url) + " " + what + ": python " + expected
                + ", java " + actual);
    }
}
