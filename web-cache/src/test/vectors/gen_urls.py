"""Deterministic random + realistic URLs for the web-cache golden vectors."""
import json, random, sys

REALISTIC = [
    "https://en.wikipedia.org/wiki/Python_(programming_language)",
    "https://en.wikipedia.org/wiki/Python_\\(programming_language\\)",
    "https://en.wikipedia.org/wiki/M%C3%BCnchen",
    "https://en.wikipedia.org/wiki/München#Geschichte",
    "https://de.wikipedia.org/wiki/Stra%C3%9Fe",
    "https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_1?keywords=echo+dot&qid=1633036800&sr=8-1",
    "https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2944813,17z/data=!3m1!4b1",
    "https://arxiv.org/abs/2506.21506",
    "https://arxiv.org/pdf/2506.21506v1.pdf",
    "https://www.nytimes.com/2024/05/01/technology/ai-agents.html?utm_source=chatgpt.com",
    "https://www.nytimes.com/2024/05/01/technology/ai-agents.html?smid=url-share&utm_source=openai.com",
    "https://www.ikea.com/us/en/p/billy-bookcase-white-00263850/?utm_source=chatgpt.com",
    "http://www.example.com/",
    "https://example.com",
    "https://example.com/",
    "https://example.com//",
    "https://example.com/path/",
    "https://example.com/path/?",
    "https://example.com/path?#",
    "https://example.com/search?q=caf%C3%A9&lang=fr#results",
    "https://example.com/search?q=C%23&x=1",
    "https://example.com/a%2520b",
    "https://example.com/a%2Fb/c",
    "https://example.com/a+b?c=d+e",
    "https://example.com/a b?c=d e#f g",
    "https://example.com/%E2%82%AC/price",
    "https://example.com/%E2%82/broken",
    "https://example.com/%ZZ/bad",
    "https://example.com/%",
    "https://example.com/%e2%82%ac",
    "https://example.com/;jsessionid=123?x=1",
    "https://example.com/p;a=1/q;b=2",
    "HTTPS://WWW.EXAMPLE.COM/UPPER/Case?Q=1",
    "https://www.gasbuddy.com/station/12345?utm_medium=web&utm_campaign=x&lat=33.7&lng=-84.3",
    "https://www.tripadvisor.com/Restaurant_Review-g60763-d1234-Reviews-Joe_s_Pizza-New_York_City_New_York.html",
    "https://www.airnow.gov/?city=Baltimore&state=MD&country=USA",
    "https://scholar.google.com/citations?user=abc123&hl=en&oi=ao",
    "https://www.goodreads.com/book/show/12345.Some_Book#other_reviews",
    "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/404#:~:text=Not%20Found",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://[2001:db8::1]:8080/path",
    "https://[::1]/",
    "https://[v1.fe80::a+en1]/x",
    "https://[example.com](https://example.com)",
    "https://[192.168.0.1]/x",
    "https://example.com]/x",
    "https://ex[ample.com/x",
    "https://user:pass@www.example.com:8443/p?q=1#f",
    "https://münchen.de/straße",
    "https://xn--mnchen-3ya.de/",
    "https://example.com/\u2100/x",
    "https://exa\u2100mple.com/x",
    "https://exa\uff0fmple.com/x",
    "www.example.com/no-scheme",
    "example.com/path?utm_source=chatgpt.com",
    "//example.com/protocol-relative",
    "mailto:someone@example.com",
    "ftp://ftp.example.com/pub/file.txt",
    "  https://example.com/leading-space",
    "https://example.com/trailing-space ",
    "\thttps://example.com/tab\n",
    "https://example.com/in\tside\nnew\rline",
    "https://example.com/?utm_source=chatgpt.com",
    "https://example.com/?utm_source=chatgpt.com&utm_source=openai.com",
    "https://example.com/page?UTM_SOURCE=x&utm_=y&utm=z",
    "https://example.com/page?a&b=&=c&&d=1&a=2",
    "https://example.com/page?a=%26b&c=%3D",
    "https://example.com/page?x=%ZZ&y=%E2%82",
    "https://example.com/page?q=a%2Bb+c",
    "https://example.com/ΣΑΣ/ΟΔΟΣ.",
    "https://example.com/İstanbul",
    "https://example.com/emoji/😀?e=😀#😀",
    "https://example.com/%F0%9F%98%80",
    "https://example.com/%ED%A0%80",
    "https://example.com/%C0%AF",
    "https://example.com/%F4%90%80%80",
    "https://example.com/a\\_b\\*c",
    "https://example.com/a#b#c",
    "https://example.com/#",
    "https://example.com/#/route/page",
    "http://",
    "https://",
    "",
    "/",
    "//",
    "#",
    "?",
    "%",
    "http://www.",
    "https://www.example.com",
    "https://www.example.com/www./x",
    "https://a.com/://www.b.com",
    "http://example.com:80/",
    "https://example.com/a/b/../c/./d",
    "https://example.com/file.pdf#page=2",
    "https://example.com/report.pdf?download=1",
]

ALPH = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PUNCT = "-._~!$&'()*+,;=:@/?#[]% \\\"<>^`{|}"
UNI = ["é", "ü", "ß", "中", "文", "日本", "😀", "Σ", "ς", "σ", "İ", "ı", "ﬁ", "\u2100", "\u00a0", "\u200b", "\ufeff", "К", "й", "\u0301", "Å", "\u212a"]
PCT = ["%20", "%2F", "%2f", "%25", "%3F", "%23", "%26", "%3D", "%2B", "%E2%82%AC", "%e2%82%ac", "%C3%A9", "%E2%82", "%ZZ", "%2", "%", "%C0%AF", "%ED%A0%80", "%F0%9F%98%80", "%FF", "%80", "%E0%80%80", "%F4%90%80%80", "%F0%90%80", "%E0%A0", "%ED%9F%BF"]
HOSTS = ["example.com", "www.example.com", "WWW.Example.COM", "sub.example.co.uk", "www.w3.org", "localhost", "127.0.0.1", "münchen.de", "www.münchen.de", "[::1]", "[2001:db8::8a2e:370:7334]", "[v7.x]", "example.com:8080", "user@example.com", "www."]
SCHEMES = ["https://", "http://", "HTTPS://", "Http://", "ftp://", "", "//", "mailto:", "1http://", "h ttp://", "https:/", "https:"]

def rnd_word(r):
    n = r.randint(0, 8)
    out = []
    for _ in range(n):
        k = r.random()
        if k < 0.6:
            out.append(r.choice(ALPH))
        elif k < 0.75:
            out.append(r.choice(PUNCT))
        elif k < 0.88:
            out.append(r.choice(PCT))
        else:
            out.append(r.choice(UNI))
    return "".join(out)

def rnd_query(r):
    parts = []
    for _ in range(r.randint(0, 4)):
        k = r.random()
        if k < 0.25:
            key = r.choice(["utm_source", "utm_medium", "utm_campaign", "UTM_source", "utm_", "utm", "utm%5Fsource", "utm+source"])
        else:
            key = rnd_word(r)
        if r.random() < 0.2:
            parts.append(key)
        else:
            val = r.choice(["chatgpt.com", "openai.com", "", rnd_word(r), rnd_word(r)])
            parts.append(key + "=" + val)
    sep = "&" if r.random() < 0.9 else r.choice([";", "&&", "&amp;"])
    return sep.join(parts)

def rnd_url(r):
    s = r.choice(SCHEMES) + r.choice(HOSTS)
    for _ in range(r.randint(0, 4)):
        s += "/" + rnd_word(r)
    if r.random() < 0.3:
        s += "/"
    if r.random() < 0.5:
        s += "?" + rnd_query(r)
    if r.random() < 0.3:
        s += "#" + rnd_word(r)
    if r.random() < 0.1:
        s = r.choice([" ", "\t", "\x00", "\n", "\x1f"]) + s
    if r.random() < 0.05:
        s += r.choice([" ", "\t", "\n", "\r\n"])
    if r.random() < 0.05:
        i = r.randint(0, len(s))
        s = s[:i] + r.choice(["\t", "\n", "\r"]) + s[i:]
    if r.random() < 0.08:
        s += r.choice(["?utm_source=chatgpt.com", "/?utm_source=openai.com", "&utm_source=chatgpt.com"])
    if r.random() < 0.05:
        s = s.replace("_", "\\_").replace("(", "\\(")
    return s


def rnd_ipv6(r):
    k = r.random()
    hexd = "0123456789abcdefABCDEF"
    parts = ["".join(r.choice(hexd) for _ in range(r.randint(0, 5))) for _ in range(r.randint(1, 10))]
    s = ":".join(parts)
    if k < 0.3:
        i = r.randint(0, len(parts))
        s = ":".join(parts[:i]) + "::" + ":".join(parts[i:])
    if r.random() < 0.2:
        s += ":" + ".".join(str(r.choice([0, 1, 10, 255, 256, "01", "", "a"])) for _ in range(r.randint(3, 5)))
    if r.random() < 0.15:
        s += "%" + r.choice(["", "eth0", "25", "%x", "1"])
    if r.random() < 0.1:
        s = r.choice(["1.2.3.4", "255.255.255.255", "1.2.3", "01.2.3.4", "v1.x", "v.x", "vz.x", "V1.x", "v1.", "::ffff:1.2.3.4", "::", ":", ":::", "1::2::3", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "::1:2:3:4:5:6:7", "1:2:3:4:5:6:7::", "fe80::1%eth0", "a/b"])
    return s

def rnd_netloc_url(r):
    if r.random() < 0.6:
        host = "[" + rnd_ipv6(r) + "]"
        if r.random() < 0.2: host = host[:-1]
        if r.random() < 0.1: host = host[1:]
        if r.random() < 0.3: host += ":" + str(r.randint(0, 70000))
        if r.random() < 0.1: host = "u:p@" + host
    else:
        host = "".join(r.choice("[]:.%v0123abcdefxyz@-\u2100\uff0f\u00bd\u2474\u00e9") for _ in range(r.randint(0, 12)))
    return r.choice(["https://", "http://", "//", "ftp://"]) + host + r.choice(["", "/", "/p", "?q=1", "#f", "/a?utm_source=x#y"])

def main():
    n = int(sys.argv[1])
    r = random.Random(20251023)
    urls = list(REALISTIC)
    urls += ["https://example.com/" + "\ud800", "https://example.com/a\udc00b?x=\ud83d"]  # lone surrogates
    while len(urls) < n * 3 // 4:
        urls.append(rnd_url(r))
    while len(urls) < n:
        urls.append(rnd_netloc_url(r))
    json.dump(urls, sys.stdout, ensure_ascii=True)

main()
