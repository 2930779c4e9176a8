package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Property: every fast way of reading a JSONL file ({@link Rows#of(Path)}, the scanner's
 * {@link Rows#of(Path, Set)}, {@link Rows#index} and {@link Rows#loaded}, in one pass or two halves at once)
 * gives the rows, or the first error, of the String path: Python's universal-newline lines, blank ones
 * skipped, each decoded as strict UTF-8 and read by {@code PyJson.loads} ({@link JsonLines#file}).
 * The files come from a small seeded generator (below): every JSON type, nesting, escapes (surrogate pairs
 * and lone surrogates), invalid UTF-8 and a BOM, {@code \r} and {@code \r\n}, long strings and many-digit
 * numbers, broken JSON, blank and non-object lines, duplicate and escaped keys. Each property runs
 * {@value #CASES} cases; case {@code c} of seed {@code s} is generated from its own random, so a failure
 * names its seed and case and the file's bytes, and {@code -Drows.case=s:c} runs that case alone.
 */
class RowsPropertyTest {
    static final int CASES = 2000;
    private static final Set<String> KEYS = Set.of("video_path");
    private static final Set<String> WANTED = JsonLines.WANTED;
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("rows-property");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void removeFiles() throws IOException {
        try (Stream<Path> files = Files.walk(DIR)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** All fields wanted: no scanner; Jackson's byte parser or the String path per line. */
    @Test
    void aPassOfAllFieldsIsTheStringPath() {
        forAll(20251023L, (r, content) -> {
            Path p = write(content);
            assertSame(JsonLines.file(content, null), pass(Rows.of(p)), content);
        });
    }

    /** Some fields wanted: the scanner takes most object lines; the rest go to the parsers. */
    @Test
    void aPassOfSomeFieldsIsTheStringPath() {
        int[] endsInError = {0};
        int[] endsInRow = {0};
        int[] scannerTook = {0};
        int cases = forAll(20251024L, (r, content) -> {
            Path p = write(content);
            List<String> want = JsonLines.file(content, WANTED);
            List<String> got = new ArrayList<>();
            int scanned = 0;
            LineParser parser = new LineParser(WANTED);
            try (JsonlReader it = new JsonlReader(p, parser, 0, -1)) { // what Rows.of(p, WANTED) opens
                while (it.hasNext()) {
                    got.add(JsonLines.render(it.next()));
                    scanned += parser.scanned ? 1 : 0;
                }
            } catch (RuntimeException e) {
                got.add(JsonLines.error(e));
            }
            assertSame(want, got, content);
            assertSame(want, pass(Rows.of(p, WANTED)), content);
            String last = want.isEmpty() ? "" : want.get(want.size() - 1);
            endsInError[0] += last.startsWith("error ") ? 1 : 0;
            endsInRow[0] += !want.isEmpty() && !last.startsWith("error ") ? 1 : 0;
            scannerTook[0] += scanned > 0 ? 1 : 0;
        });
        if (cases < CASES) {
            return; // one case run alone (-Drows.case): no coverage to check
        }
        // Coverage: the files are not all clean, nor all broken, and the scanner is exercised.
        String counts = "of " + cases + " files: " + endsInError[0] + " end in an error, " + endsInRow[0]
                + " in a row, the scanner took a line of " + scannerTook[0];
        assertTrue(percent(endsInError[0], cases) > 10, "ends in an error > 10%, " + counts);
        assertTrue(percent(endsInRow[0], cases) > 30, "ends in a row > 30%, " + counts);
        assertTrue(percent(scannerTook[0], cases) > 30, "the scanner took a line > 30%, " + counts);
    }

    /**
     * An index: construction fails with the first error, else its passes give the key fields and its
     * scored rows (in order, and by index in reverse order) the scored fields.
     */
    @Test
    void anIndexIsTheStringPath() {
        forAll(20251025L, (r, content) -> {
            boolean halves = r.bool();
            Path p = write(content);
            List<String> want = JsonLines.file(content, WANTED);
            Rows.FileIndex index;
            try {
                index = inHalves(halves, () -> Rows.index(p, KEYS, WANTED));
            } catch (RuntimeException e) {
                assertSame(List.of(last(want)), List.of(JsonLines.error(e)), content);
                return;
            }
            assertSame(want, pass(index.scored()), content);
            assertSame(JsonLines.file(content, KEYS), pass(index), content);
            List<String> byIndex = new ArrayList<>();
            try (Rows.Lookup lookup = index.lookup()) {
                for (int i = index.count() - 1; i >= 0; i--) {
                    byIndex.add(0, JsonLines.render(lookup.row(i)));
                }
            }
            assertSame(want, byIndex, content);
        });
    }

    /** Rows held in memory: construction fails with the first error, else a pass gives the held fields. */
    @Test
    void heldRowsAreTheStringPath() {
        forAll(20251026L, (r, content) -> {
            boolean halves = r.bool();
            Path p = write(content);
            List<String> want = JsonLines.file(content, WANTED);
            Rows held;
            try {
                held = inHalves(halves, () -> Rows.loaded(p, KEYS, "answers",
                        JsonlReaderLineEndsTest.WHOLE_WITHOUT_ANSWERS, row -> row, WANTED));
            } catch (RuntimeException e) {
                assertSame(List.of(last(want)), List.of(JsonLines.error(e)), content);
                return;
            }
            assertSame(want, pass(held), content);
        });
    }

    // ---- the runner ----

    /** One case: its random (for any further choice, drawn after the file) and the file. */
    private interface Case {
        void check(Rand r, byte[] content);
    }

    /**
     * Runs {@value #CASES} cases of {@code seed} (or, with {@code -Drows.case=seed:case}, that one case of
     * this seed), the first failure rethrown with its seed, case and the file's bytes; returns the count run.
     */
    private static int forAll(long seed, Case property) {
        int from = 0;
        int to = CASES;
        String only = System.getProperty("rows.case", "");
        if (!only.isBlank()) {
            String[] sc = only.trim().split(":");
            if (Long.parseLong(sc[0]) != seed) {
                return 0;
            }
            from = Integer.parseInt(sc[1]);
            to = from + 1;
        }
        for (int c = from; c < to; c++) {
            Rand r = new Rand(seed, c);
            byte[] content = files(r);
            try {
                property.check(r, content);
            } catch (AssertionError | RuntimeException | StackOverflowError e) {
                throw new AssertionError("seed " + seed + ", case " + c + " of " + CASES + " (run it alone with -Drows.case="
                        + seed + ":" + c + "), a file of " + content.length + " bytes: \"" + escape(content) + "\"\n"
                        + e.getMessage(), e);
            }
        }
        return to - from;
    }

    /** The bytes as a Java string literal's content: printable ASCII as is, any other byte {@code \xNN}. */
    static String escape(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length + 16);
        for (byte x : b) {
            int c = x & 0xff;
            if (c == '\\' || c == '"') {
                sb.append('\\').append((char) c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02x", c));
            }
        }
        return sb.toString();
    }

    private static double percent(int n, int of) {
        return of == 0 ? 100 : 100.0 * n / of;
    }

    /**
     * The random of one case, and the choices the generators make with it: each uniform over its range or
     * its values, but {@link #anyLong} (small, wide and edge values, as property-testing libraries draw).
     */
    static final class Rand {
        private final SplittableRandom r;

        Rand(long seed, int c) {
            r = new SplittableRandom(seed * 1_000_003L + c);
        }

        boolean bool() {
            return r.nextBoolean();
        }

        /** Uniform in [lo, hi], both included. */
        int between(int lo, int hi) {
            return r.nextInt(lo, hi + 1);
        }

        @SafeVarargs
        final <T> T of(T... values) {
            return values[r.nextInt(values.length)];
        }

        /** An index into {@code weights}, each as likely as its weight (never a weight of 0). */
        int weighted(int... weights) {
            int total = 0;
            for (int w : weights) {
                total += w;
            }
            int x = r.nextInt(total);
            for (int i = 0; ; i++) {
                x -= weights[i];
                if (x < 0) {
                    return i;
                }
            }
        }

        /** {@code min} to {@code max} chars, each one of {@code alphabet}. */
        String chars(String alphabet, int min, int max) {
            int n = between(min, max);
            StringBuilder sb = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            return sb.toString();
        }

        String digits(int min, int max) {
            return chars("0123456789", min, max);
        }

        /** Any long: an edge value, a small one, one of up to 40 bits, or one of the whole range. */
        long anyLong() {
            return switch (weighted(1, 3, 3, 3)) {
                case 0 -> of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1);
                case 1 -> r.nextLong(-1000, 1001);
                case 2 -> r.nextLong(-(1L << 40), 1L << 40);
                default -> r.nextLong();
            };
        }
    }

    // ---- the files ----

    /** Up to 6 lines, each ended by \n, \r\n or \r, but the last maybe not ended. */
    static byte[] files(Rand r) {
        int n = r.between(0, 6);
        List<byte[]> ls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ls.add(line(r));
        }
        boolean lastEnded = r.bool();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < ls.size(); i++) {
            out.writeBytes(ls.get(i));
            if (i + 1 < ls.size() || lastEnded) {
                out.writeBytes(r.of("\n", "\r\n", "\r").getBytes(StandardCharsets.US_ASCII));
            }
        }
        return out.toByteArray();
    }

    private static final Gen CLEAN = new Gen(true, false);
    private static final Gen BREAKS = new Gen(true, true);
    private static final Gen NOISY = new Gen(false, true);

    /**
     * One line's bytes, without its terminator (though a raw \r or \n inside makes it several): most are
     * valid JSON with every valid oddity, so that files go on past their first lines; some are noisy (bad
     * escapes, raw control chars, invalid numbers and literals, white space JSON refuses), broken or not UTF-8.
     */
    private static byte[] line(Rand r) {
        if (r.weighted(95, 5) == 1) {
            return badBytes(r, text(r).getBytes(StandardCharsets.UTF_8));
        }
        return text(r).getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Rand r) {
        return switch (r.weighted(66, 4, 8, 6, 10, 2, 4, 4, 2, 2)) {
            case 0 -> object(r);
            case 1 -> CLEAN.ws(r) + CLEAN.value(r, 0) + CLEAN.ws(r);
            case 2 -> blank(r);
            case 3 -> BREAKS.ws(r) + BREAKS.object(r, 0) + BREAKS.ws(r);
            case 4 -> NOISY.ws(r) + NOISY.object(r, 0) + NOISY.ws(r);
            case 5 -> NOISY.ws(r) + NOISY.value(r, 0) + NOISY.ws(r);
            case 6 -> broken(r, object(r));
            case 7 -> badEscape(r, object(r));
            case 8 -> deep(r);
            default -> huge(r);
        };
    }

    /** A clean object line. */
    private static String object(Rand r) {
        return CLEAN.ws(r) + CLEAN.object(r, 0) + CLEAN.ws(r);
    }

    /** A line blank after Python's strip() (or nearly: a char strip() keeps). */
    private static String blank(Rand r) {
        return r.chars(" \t\u000b\u000c\u001c\u001d\u001e\u001f\u0085\u00a0\u2028\u3000\ufeff\u200b", 0, 4);
    }

    /**
     * The JSON text generators: {@code clean} ones make only what json.loads reads (a noisy one about one
     * defect a line, so that the rest of the line is still the scanner's); with {@code breaks}, white space
     * between tokens may be a raw line break, which makes the line several.
     */
    private static final class Gen {
        private final int noise;
        private final int breaks;

        Gen(boolean clean, boolean breaks) {
            this.noise = clean ? 0 : 1;
            this.breaks = breaks ? 2 : 0;
        }

        /** White space between tokens: JSON's; noisy: Python's other white space; line breaks. */
        String ws(Rand r) {
            return switch (r.weighted(70, 15, 5, noise, breaks)) {
                case 0 -> "";
                case 1 -> " ";
                case 2 -> r.of("\t", "  \t ");
                case 3 -> r.of("\u000b", "\u000c", "\u00a0", "\u001c");
                default -> r.of("\r", "\n", "\r\n");
            };
        }

        String value(Rand r, int depth) {
            if (depth >= 3) {
                return scalar(r);
            }
            return switch (r.weighted(40, 15, 10, 15)) {
                case 0 -> scalar(r);
                case 1 -> array(r, () -> value(r, depth + 1));
                case 2 -> array(r, () -> string(r));
                default -> object(r, depth + 1);
            };
        }

        private String scalar(Rand r) {
            return switch (r.weighted(50, 30, 20)) {
                case 0 -> string(r);
                case 1 -> number(r);
                default -> literal(r);
            };
        }

        private String array(Rand r, Supplier<String> item) {
            int n = r.between(0, 4);
            List<String> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(ws(r) + item.get() + ws(r));
            }
            return "[" + String.join(",", items) + "]";
        }

        String object(Rand r, int depth) {
            int n = r.between(0, depth == 0 ? 6 : 3);
            List<String> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String a = ws(r);
                String k = key(r);
                String b = ws(r);
                String c = ws(r);
                String v = value(r, depth);
                members.add(a + '"' + k + '"' + b + ':' + c + v + ws(r));
            }
            return "{" + String.join(",", members) + "}";
        }

        /**
         * The wanted fields most often (so duplicates are common), spelled with escapes, near misses, any
         * text; noisy: a lone surrogate (json.loads takes it in a key, PyJson refuses it: the fast path must too).
         */
        private String key(Rand r) {
            return switch (r.weighted(50, 5, noise, 10)) {
                case 0 -> r.of("video_path", "answers", "task", "dialog", "x", "");
                case 1 -> r.of("video\\u005fpath", "answer\\u0073", "video_pat", "video_paths", "a\\\"b", "\\ud83d\\ude00",
                        "\\u00e9");
                case 2 -> r.of("\\ud800", "x\\udfff");
                default -> stringContent(r, true);
            };
        }

        private String string(Rand r) {
            return '"' + stringContent(r, false) + '"';
        }

        /** A JSON string's content as written: raw text, escapes; noisy: bad escapes, raw control chars. */
        private String stringContent(Rand r, boolean inKey) {
            int n = r.between(0, 5);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                sb.append(piece(r, inKey));
            }
            return sb.toString();
        }

        private String piece(Rand r, boolean inKey) {
            return switch (r.weighted(40, 4, 15, 12, 5, inKey ? 0 : 4, noise, noise, 2)) {
                case 0 -> r.chars("abcdefghijklmnopqrstuvwxyz $/'09AZ", 0, 12);
                case 1 -> r.of("\u00e9", "\u20ac", "\ud83d\ude00", "\u03a3", "\u0130", "\u00a0", "\u2028", "\u0085", "\ufeff",
                        "\u007f");
                case 2 -> r.of("\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t");
                case 3 -> {
                    int v;
                    do {
                        v = r.between(0, 0xFFFF);
                    } while (inKey && v >= 0xD800 && v <= 0xDFFF);
                    String h = String.format("%04x", v);
                    yield "\\u" + (r.bool() ? h.toUpperCase(Locale.ROOT) : h);
                }
                case 4 -> String.format("\\u%04x\\u%04X", r.between(0xD800, 0xDBFF), r.between(0xDC00, 0xDFFF));
                case 5 -> String.format("\\u%04x", r.between(0xD800, 0xDFFF));
                case 6 -> r.of("\\x", "\\'", "\\u12g4", "\\u12", "\\U0041", "\\a", "\\0", "\\ ", "\\");
                case 7 -> String.valueOf((char) r.between(0x00, 0x1f)); // \r, \n too
                default -> r.of("$interrupt$", " $interrupt$ now", "$silent$");
            };
        }

        private String number(Rand r) {
            return switch (r.weighted(20, 5, 5, 3, noise)) {
                case 0 -> String.valueOf(r.anyLong());
                case 1 -> r.of("0", "-0", "-0.0", "1e400", "-1e400", "1e-400", "4.9e-324", "1.7976931348623157e308",
                        "-9223372036854775808", "9223372036854775808", "2E-0", "1E+5", "0.5");
                case 2 -> r.of("", "-") + r.between(0, 999) + "." + r.digits(1, 20)
                        + r.of("", "e5", "E-7", "e+300", "e400", "E-400");
                case 3 -> r.of("", "-") + r.between(1, 9) + r.digits(20, noise == 0 ? 200 : 5000);
                default -> r.of("01", "1.", ".5", "-", "1e", "1e+", "+1", "00", "1.2.3", "0x1f", "1e5.3", "-01");
            };
        }

        private String literal(Rand r) {
            return switch (r.weighted(20, 3, noise)) {
                case 0 -> r.of("true", "false", "null");
                case 1 -> r.of("NaN", "Infinity", "-Infinity");
                default -> r.of("nul", "True", "None", "nan", "+Infinity", "truefalse");
            };
        }
    }

    /** An object line cut short, with a char dropped, or with something after it. */
    private static String broken(Rand r, String o) {
        int how = r.between(0, 2);
        int at = r.between(0, 10_000);
        String junk = r.of("x", "}", ",", "{}", " 1", "\u0000", "//", "]", "\"");
        int i = o.isEmpty() ? 0 : at % o.length();
        return switch (how) {
            case 0 -> o.substring(0, i);
            case 1 -> o.isEmpty() ? junk : o.substring(0, i) + o.substring(i + 1);
            default -> o + junk;
        };
    }

    /**
     * A valid object line but for one bad escape after one of its quotes (in a key or string, or after
     * one): the rest of the line is still the kind the scanner takes, so only its escape check refuses it.
     */
    private static String badEscape(Rand r, String o) {
        int at = r.between(0, 10_000);
        String bad = r.of("\\x", "\\'", "\\u12g4", "\\u12\"", "\\U0041", "\\a", "\\0", "\\ ", "\\\t");
        int q = o.indexOf('"', o.isEmpty() ? 0 : at % o.length());
        q = q >= 0 ? q : o.indexOf('"');
        return q < 0 ? o : o.substring(0, q + 1) + bad + o.substring(q + 1);
    }

    /** Nesting from shallow to past what the scanner and Jackson take. */
    private static String deep(Rand r) {
        int depth = r.between(1, 1200);
        long kinds = r.anyLong();
        String field = r.of("\"answers\"", "\"dialog\"");
        StringBuilder sb = new StringBuilder("{\"video_path\": \"d\", ").append(field).append(": ");
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if ((kinds >>> (i % 64) & 1) == 0) {
                sb.append('[');
                close.append(']');
            } else {
                sb.append("{\"k\":");
                close.append('}');
            }
        }
        return sb.append("\"s\"").append(close.reverse()).append(", \"answers\": [\"a\"]}").toString();
    }

    /** A row with a long string (escapes in it) or a many-digit number in a wanted field or another. */
    private static String huge(Rand r) {
        String k = r.of("video_path", "answers", "dialog");
        String v = switch (r.weighted(3, 1, 1)) {
            case 0 -> '"' + longText(r) + '"';
            case 1 -> "[\"" + longText(r) + "\", \"$interrupt$\"]";
            default -> "1" + r.digits(4200, 4400);
        };
        return "{\"task\": \"t\", \"" + k + "\": " + v + "}";
    }

    private static String longText(Rand r) {
        int n = r.between(1_000, 20_000);
        String unit = r.of("a", "ab ", "\\n", "\\u00e9", "\u00e9", "\\ud83d\\ude00");
        return unit.repeat(n / unit.length());
    }

    /** The line's bytes with a BOM before them, an invalid UTF-8 sequence inside, or cut in a multi-byte char. */
    private static byte[] badBytes(Rand r, byte[] b) {
        byte[] x = r.of(new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xC3}, new byte[] {(byte) 0x80},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {(byte) 0xC0, (byte) 0xAF},
                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, new byte[] {(byte) 0xE2, (byte) 0x82});
        int at = r.between(0, 10_000);
        int how = r.between(0, 3);
        if (how == 0) {
            return JsonLines.cat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, b);
        }
        int i = at % (b.length + 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b, 0, i);
        out.writeBytes(x);
        out.write(b, i, b.length - i);
        return out.toByteArray();
    }

    // ---- helpers ----

    private static Path write(byte[] content) {
        try {
            return Files.write(DIR.resolve("rows.jsonl"), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One pass: each row rendered, then the error that ended it, if any. */
    private static List<String> pass(Rows rows) {
        List<String> got = new ArrayList<>();
        try (Rows.RowIterator it = rows.open()) {
            while (it.hasNext()) {
                JsonNode row = it.next();
                got.add(JsonLines.render(row));
            }
        } catch (RuntimeException e) {
            got.add(JsonLines.error(e));
        }
        return got;
    }

    private static String last(List<String> rows) {
        return rows.isEmpty() ? "(no rows)" : rows.get(rows.size() - 1);
    }

    /** {@code read} with a file of any size read in two halves at once when {@code halves}. */
    private static <T> T inHalves(boolean halves, Supplier<T> read) {
        long before = ParallelSplit.minBytes;
        ParallelSplit.minBytes = halves ? 1 : before;
        try {
            return read.get();
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    /** Equal lists, else the first differing row, cut short, and the file's first bytes. */
    private static void assertSame(List<String> want, List<String> got, byte[] content) {
        if (want.equals(got)) {
            return;
        }
        int i = 0;
        while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) {
            i++;
        }
        assertEquals(i < want.size() ? cut(want.get(i)) : "(no more rows)", i < got.size() ? cut(got.get(i)) : "(no more rows)",
                "row " + i + " of " + want.size() + " in " + cut(LineParserTest.show(content)));
        assertEquals(want, got);
    }

    private static String cut(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }
}
