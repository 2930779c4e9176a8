package dev.regrade.pycompat;

import java.io.ByteArrayOutputStream;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parts of CPython 3.11.7's {@code urllib.parse} that Mind2Web 2's URL handling uses, ported
 * exactly (on str arguments): {@code urlsplit}, {@code urlparse}, {@code urlunsplit},
 * {@code urlunparse}, {@code urldefrag}, {@code quote}, {@code quote_plus}, {@code unquote},
 * {@code parse_qsl}, {@code parse_qs} and {@code urlencode(..., doseq=True)}.
 *
 * <p>Where Python raises, this class throws {@link PyValueError} (or a {@code PyException} of type
 * {@code UnicodeEncodeError}) with Python's message, e.g. {@code ValueError: Invalid IPv6 URL}.
 * Text is handled as Python handles str: non-ASCII characters are UTF-8 encoded before
 * percent-encoding, and invalid escapes are left as they are by {@code unquote}.
 */
public final class PyUrlParse {

    /** {@code urlsplit} result. */
    public record SplitResult(String scheme, String netloc, String path, String query, String fragment) {
    }

    /** {@code urlparse} result. */
    public record ParseResult(String scheme, String netloc, String path, String params, String query,
            String fragment) {
    }

    /** One {@code (name, value)} pair of {@code parse_qsl}. */
    public record QueryPair(String name, String value) {
    }

    private static final Set<String> USES_NETLOC = Set.of("", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais",
            "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn",
            "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss");
    private static final Set<String> USES_PARAMS = Set.of("", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp",
            "rtsp", "rtsps", "rtspu", "sip", "sips", "mms", "sftp", "tel");

    private static final String ALWAYS_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~";
    private static final Pattern IPV_FUTURE = Pattern.compile("v[a-fA-F0-9]+\\.[^\\n]+");
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PyUrlParse() {
    }

    // ------------------------------------------------------------------ split / parse

    /** {@code urllib.parse.urlsplit(url)}. */
    public static SplitResult urlsplit(String url) {
        int start = 0;
        while (start < url.length() && url.charAt(start) <= ' ') {
            start++;
        }
        url = url.substring(start);
        if (url.indexOf('\t') >= 0 || url.indexOf('\r') >= 0 || url.indexOf('\n') >= 0) {
            url = url.replace("\t", "").replace("\r", "").replace("\n", "");
        }
        String scheme = "";
        String netloc = "";
        String query = "";
        String fragment = "";
        int i = url.indexOf(':');
        if (i > 0 && isAsciiLetter(url.charAt(0))) {
            boolean ok = true;
            for (int k = 0; k < i; k++) {
                if (!isSchemeChar(url.charAt(k))) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                scheme = asciiLower(url.substring(0, i));
                url = url.substring(i + 1);
            }
        }
        if (url.startsWith("//")) {
            int delim = url.length();
            for (char c : new char[] {'/', '?', '#'}) {
                int w = url.indexOf(c, 2);
                if (w >= 0) {
                    delim = Math.min(delim, w);
                }
            }
            netloc = url.substring(2, delim);
            url = url.substring(delim);
            boolean open = netloc.indexOf('[') >= 0;
            boolean close = netloc.indexOf(']') >= 0;
            if (open != close) {
                throw new PyValueError("Invalid IPv6 URL");
            }
            if (open) {
                String afterOpen = netloc.substring(netloc.indexOf('[') + 1);
                int e = afterOpen.indexOf(']');
                checkBracketedHost(e >= 0 ? afterOpen.substring(0, e) : afterOpen);
            }
        }
        int h = url.indexOf('#');
        if (h >= 0) {
            fragment = url.substring(h + 1);
            url = url.substring(0, h);
        }
        int q = url.indexOf('?');
        if (q >= 0) {
            query = url.substring(q + 1);
            url = url.substring(0, q);
        }
        checkNetloc(netloc);
        return new SplitResult(scheme, netloc, url, query, fragment);
    }

    /** {@code urllib.parse.urlparse(url)}. */
    public static ParseResult urlparse(String url) {
        SplitResult s = urlsplit(url);
        String path = s.path();
        String params = "";
        if (USES_PARAMS.contains(s.scheme()) && path.indexOf(';') >= 0) {
            int i;
            if (path.indexOf('/') >= 0) {
                i = path.indexOf(';', path.lastIndexOf('/'));
            } else {
                i = path.indexOf(';');
            }
            if (i >= 0) {
                params = path.substring(i + 1);
                path = path.substring(0, i);
            }
        }
        return new ParseResult(s.scheme(), s.netloc(), path, params, s.query(), s.fragment());
    }

    /** {@code urllib.parse.urlunsplit((scheme, netloc, path, query, fragment))}. */
    public static String urlunsplit(String scheme, String netloc, String path, String query, String fragment) {
        String url = path;
        if (!netloc.isEmpty() || (!scheme.isEmpty() && USES_NETLOC.contains(scheme) && !url.startsWith("//"))) {
            if (!url.isEmpty() && url.charAt(0) != '/') {
                url = "/" + url;
            }
            url = "//" + netloc + url;
        }
        if (!scheme.isEmpty()) {
            url = scheme + ":" + url;
        }
        if (!query.isEmpty()) {
            url = url + "?" + query;
        }
        if (!fragment.isEmpty()) {
            url = url + "#" + fragment;
        }
        return url;
    }

    /** {@code urllib.parse.urlunparse(parts)}. */
    public static String urlunparse(ParseResult p) {
        String path = p.params().isEmpty() ? p.path() : p.path() + ";" + p.params();
        return urlunsplit(p.scheme(), p.netloc(), path, p.query(), p.fragment());
    }

    /** {@code urllib.parse.urldefrag(url)[0]}: the URL without its fragment (re-assembled when it had one). */
    public static String urldefrag(String url) {
        if (url.indexOf('#') < 0) {
            return url;
        }
        ParseResult p = urlparse(url);
        return urlunparse(new ParseResult(p.scheme(), p.netloc(), p.path(), p.params(), p.query(), ""));
    }

    private static void checkBracketedHost(String host) {
        if (host.startsWith("v")) {
            if (!IPV_FUTURE.matcher(host).matches()) {
                throw new PyValueError("IPvFuture address is invalid");
            }
            return;
        }
        if (isIpv4(host)) {
            throw new PyValueError("An IPv4 address cannot be in brackets");
        }
        if (!isIpv6(host)) {
            throw new PyValueError(PyRepr.repr(host) + " does not appear to be an IPv4 or IPv6 address");
        }
    }

    private static void checkNetloc(String netloc) {
        if (netloc.isEmpty() || isAscii(netloc)) {
            return;
        }
        String n = netloc.replace("@", "").replace(":", "").replace("#", "").replace("?", "");
        String n2 = Normalizer.normalize(n, Normalizer.Form.NFKC);
        if (n.equals(n2)) {
            return;
        }
        for (char c : "/?#@:".toCharArray()) {
            if (n2.indexOf(c) >= 0) {
                throw new PyValueError("netloc '" + netloc + "' contains invalid characters under NFKC normalization");
            }
        }
    }

    /** {@code ipaddress.IPv4Address(s)} succeeds. */
    private static boolean isIpv4(String s) {
        if (s.isEmpty() || s.indexOf('/') >= 0) {
            return false;
        }
        String[] octets = s.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String o : octets) {
            if (o.isEmpty() || o.length() > 3) {
                return false;
            }
            for (int i = 0; i < o.length(); i++) {
                char c = o.charAt(i);
                if (c < '0' || c > '9') {
                    return false;
                }
            }
            if (!o.equals("0") && o.charAt(0) == '0') {
                return false;
            }
            if (Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return true;
    }

    /** {@code ipaddress.IPv6Address(s)} succeeds. */
    private static boolean isIpv6(String s) {
        if (s.indexOf('/') >= 0) {
            return false;
        }
        int pct = s.indexOf('%');
        if (pct >= 0) {
            String scope = s.substring(pct + 1);
            if (scope.isEmpty() || scope.indexOf('%') >= 0) {
                return false;
            }
            s = s.substring(0, pct);
        }
        if (s.isEmpty()) {
            return false;
        }
        List<String> parts = new ArrayList<>(List.of(s.split(":", -1)));
        if (parts.size() < 3) {
            return false;
        }
        String last = parts.get(parts.size() - 1);
        if (last.indexOf('.') >= 0) {
            if (!isIpv4(last)) {
                return false;
            }
            parts.remove(parts.size() - 1);
            parts.add("0");
            parts.add("0");
        }
        if (parts.size() > 9) {
            return false;
        }
        int skip = -1;
        for (int i = 1; i < parts.size() - 1; i++) {
            if (parts.get(i).isEmpty()) {
                if (skip >= 0) {
                    return false;
                }
                skip = i;
            }
        }
        int hi;
        int lo;
        if (skip >= 0) {
            hi = skip;
            lo = parts.size() - skip - 1;
            if (parts.get(0).isEmpty()) {
                hi--;
                if (hi != 0) {
                    return false;
                }
            }
            if (parts.get(parts.size() - 1).isEmpty()) {
                lo--;
                if (lo != 0) {
                    return false;
                }
            }
            if (8 - (hi + lo) < 1) {
                return false;
            }
        } else {
            if (parts.size() != 8 || parts.get(0).isEmpty() || parts.get(7).isEmpty()) {
                return false;
            }
            hi = parts.size();
            lo = 0;
        }
        for (int i = 0; i < hi; i++) {
            if (!isHextet(parts.get(i))) {
                return false;
            }
        }
        for (int i = parts.size() - lo; i < parts.size(); i++) {
            if (!isHextet(parts.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isHextet(String h) {
        if (h.isEmpty() || h.length() > 4) {
            return false;
        }
        for (int i = 0; i < h.length(); i++) {
            if (hexValue(h.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The value of an ASCII hex digit, or -1. */
    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    // ------------------------------------------------------------------ quoting

    /** {@code urllib.parse.quote(s, safe=safe)}: UTF-8, unreserved and safe ASCII characters kept. */
    public static String quote(String s, String safe) {
        if (s.isEmpty()) {
            return s;
        }
        boolean[] keep = SAFE_TABLES.computeIfAbsent(safe, PyUrlParse::safeTable);
        int i = 0;
        while (i < s.length() && s.charAt(i) < 128 && keep[s.charAt(i)]) {
            i++;
        }
        if (i == s.length()) {
            return s; // nothing to escape: the common case of URL variants
        }
        byte[] bytes = PyUtf8.encode(s);
        StringBuilder out = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            int v = b & 0xFF;
            if (v < 128 && keep[v]) {
                out.append((char) v);
            } else {
                out.append('%').append(HEX[v >> 4]).append(HEX[v & 0xF]);
            }
        }
        return out.toString();
    }

    /** The ASCII characters {@code quote} keeps for a {@code safe} argument (a handful of distinct ones). */
    private static final Map<String, boolean[]> SAFE_TABLES = new java.util.concurrent.ConcurrentHashMap<>();

    private static boolean[] safeTable(String safe) {
        boolean[] keep = new boolean[128];
        for (char c : ALWAYS_SAFE.toCharArray()) {
            keep[c] = true;
        }
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            if (c < 128) {
                keep[c] = true;
            }
        }
        return keep;
    }

    /** {@code urllib.parse.quote_plus(s, safe=safe)}. */
    public static String quotePlus(String s, String safe) {
        if (s.indexOf(' ') < 0) {
            return quote(s, safe);
        }
        return quote(s, safe + " ").replace(' ', '+');
    }

    /** {@code urllib.parse.unquote(s)} (UTF-8, {@code errors='replace'}; invalid escapes left as is). */
    public static String unquote(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            int j = i;
            if (s.charAt(i) < 0x80) {
                while (j < n && s.charAt(j) < 0x80) {
                    j++;
                }
                out.append(PyUtf8.decodeReplace(unquoteToBytes(s.substring(i, j))));
            } else {
                while (j < n && s.charAt(j) >= 0x80) {
                    j++;
                }
                out.append(s, i, j);
            }
            i = j;
        }
        return out.toString();
    }

    /** {@code unquote_to_bytes} of an ASCII string. */
    private static byte[] unquoteToBytes(String ascii) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(ascii.length());
        int n = ascii.length();
        int i = 0;
        while (i < n) {
            char c = ascii.charAt(i);
            if (c == '%' && i + 2 < n) {
                int hi = hexValue(ascii.charAt(i + 1));
                int lo = hexValue(ascii.charAt(i + 2));
                if (hi >= 0 && lo >= 0) {
                    out.write(hi * 16 + lo);
                    i += 3;
                    continue;
                }
            }
            out.write(c);
            i++;
        }
        return out.toByteArray();
    }

    // ------------------------------------------------------------------ queries

    /** {@code urllib.parse.parse_qsl(qs, keep_blank_values=keepBlank)} (separator {@code &}). */
    public static List<QueryPair> parseQsl(String qs, boolean keepBlank) {
        List<QueryPair> r = new ArrayList<>();
        if (qs.isEmpty()) {
            return r;
        }
        for (String nameValue : qs.split("&", -1)) {
            if (nameValue.isEmpty()) {
                continue;
            }
            int eq = nameValue.indexOf('=');
            String name;
            String value;
            if (eq < 0) {
                if (!keepBlank) {
                    continue;
                }
                name = nameValue;
                value = "";
            } else {
                name = nameValue.substring(0, eq);
                value = nameValue.substring(eq + 1);
            }
            if (!value.isEmpty() || keepBlank) {
                r.add(new QueryPair(unquote(name.replace('+', ' ')), unquote(value.replace('+', ' '))));
            }
        }
        return r;
    }

    /** {@code urllib.parse.parse_qs(qs, keep_blank_values=keepBlank)}: names in first-seen order. */
    public static LinkedHashMap<String, List<String>> parseQs(String qs, boolean keepBlank) {
        LinkedHashMap<String, List<String>> m = new LinkedHashMap<>();
        for (QueryPair p : parseQsl(qs, keepBlank)) {
            m.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(p.value());
        }
        return m;
    }

    /** {@code urllib.parse.urlencode(query, doseq=True)} of str names and lists of str values. */
    public static String urlencodeDoseq(Map<String, List<String>> query) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, List<String>> e : query.entrySet()) {
            String k = quotePlus(e.getKey(), "");
            for (String v : e.getValue()) {
                if (out.length() > 0) {
                    out.append('&');
                }
                out.append(k).append('=').append(quotePlus(v, ""));
            }
        }
        return out.toString();
    }

    // ------------------------------------------------------------------ helpers

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isSchemeChar(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static String asciiLower(String s) {
        return s.toLowerCase(java.util.Locale.ROOT);
    }
}
