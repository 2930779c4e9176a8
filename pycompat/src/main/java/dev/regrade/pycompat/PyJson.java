package dev.regrade.pycompat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Python's {@code json} module on Jackson trees: {@code json.loads} and {@code json.dumps} with the
 * keyword arguments that change the text ({@link Format}), written byte for byte as CPython 3.11 writes
 * it, to a String or appended to any {@link Appendable} (a results file of any size is streamed).
 */
public final class PyJson {
    /**
     * Reads what {@code json.loads} reads: {@code NaN}, {@code Infinity} and {@code -Infinity} accepted,
     * nothing after the document; a repeated key keeps its first position and takes its last value, as
     * in the dict {@code json.loads} builds. Its limits are Python's or stricter (nesting {@link #MAX_DEPTH},
     * numbers of {@link PyJsonDecoder#INT_MAX_STR_DIGITS} chars): {@link #loads} gives what Jackson refuses
     * to {@link PyJsonDecoder}, which decides as Python does. Jackson alone reads {@code +Infinity}, which
     * {@link #loads} refuses as Python does.
     */
    public static final JsonMapper LOADS = JsonMapper.builder(com.fasterxml.jackson.core.JsonFactory.builder()
                    .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                            .maxNestingDepth(990) // MAX_DEPTH (a constant here: the field is initialised later)
                            .maxNumberLength(PyJsonDecoder.INT_MAX_STR_DIGITS)
                            .maxStringLength(Integer.MAX_VALUE)
                            .maxNameLength(Integer.MAX_VALUE)
                            .build())
                    .build())
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /**
     * The deepest nesting (arrays and objects) {@code json.loads} accepts where the starter kit's
     * {@code load_jsonl} calls it under Python 3.11's default recursion limit (measured: 990 for every
     * task, 991 raises {@code RecursionError}).
     */
    public static final int MAX_DEPTH = 990;

    /** {@code json.dumps(obj)} with every keyword argument at its default. */
    public static final Format DUMPS = new Format(null, null, null, true, false, true);

    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final String SPACES = "                                ";

    private PyJson() {
    }

    /**
     * {@code json.loads(text)}.
     *
     * @throws PyJsonDecodeError when the text is not one JSON document (Python's message and position)
     * @throws PyException       RecursionError or ValueError where Python raises them ({@link PyJsonDecoder})
     */
    public static JsonNode loads(String text) {
        JsonNode node;
        try {
            node = LOADS.readTree(text);
        } catch (JsonProcessingException | RuntimeException e) {
            // Jackson refused: Python's decoder decides (it may accept, e.g. a number of 2,000 digits).
            return PyJsonDecoder.loads(text, MAX_DEPTH);
        }
        if (node == null || node.isMissingNode() || text.contains("+Infinity") || text.startsWith("\uFEFF")) {
            // Nothing but white space, or what Jackson reads and Python refuses ("+Infinity" may be in a string).
            return PyJsonDecoder.loads(text, MAX_DEPTH);
        }
        return node;
    }

    /**
     * The keyword arguments of {@code json.dumps} that change the text. Start from {@link #DUMPS} (the
     * defaults) and change what the original passes, e.g.
     * {@code DUMPS.indent(2).ensureAscii(false)} for {@code json.dumps(obj, indent=2, ensure_ascii=False)}.
     */
    public static final class Format {
        private final Integer indent;
        private final String[] separators;
        private final boolean ensureAscii;
        private final boolean sortKeys;
        private final boolean allowNan;
        /** What follows an item but the last: the item separator, then a line break when indenting. */
        private final String item;
        private final String key;
        private final int width;

        private Format(Integer indent, String itemSeparator, String keySeparator, boolean ensureAscii, boolean sortKeys,
                       boolean allowNan) {
            this.indent = indent;
            this.separators = itemSeparator == null ? null : new String[] {itemSeparator, keySeparator};
            this.ensureAscii = ensureAscii;
            this.sortKeys = sortKeys;
            this.allowNan = allowNan;
            // separators=None: (', ', ': ') without an indent, (',', ': ') with one.
            this.item = itemSeparator != null ? itemSeparator : indent == null ? ", " : ",";
            this.key = keySeparator != null ? keySeparator : ": ";
            this.width = indent == null ? -1 : Math.max(0, indent); // ' ' * n is '' for n <= 0
        }

        /** {@code indent=n}: one item a line, nested {@code n} spaces deeper a level. */
        public Format indent(int n) {
            return new Format(n, itemSeparator(), keySeparator(), ensureAscii, sortKeys, allowNan);
        }

        /** {@code separators=(item, key)}. */
        public Format separators(String itemSeparator, String keySeparator) {
            return new Format(indent, itemSeparator, keySeparator, ensureAscii, sortKeys, allowNan);
        }

        /** {@code ensure_ascii=b}: with true, every character outside printable ASCII as a {@code \\u} escape. */
        public Format ensureAscii(boolean b) {
            return new Format(indent, itemSeparator(), keySeparator(), b, sortKeys, allowNan);
        }

        /** {@code sort_keys=b}: dict keys in code point order. */
        public Format sortKeys(boolean b) {
            return new Format(indent, itemSeparator(), keySeparator(), ensureAscii, b, allowNan);
        }

        /** {@code allow_nan=b}: with false, NaN and the infinities raise ValueError. */
        public Format allowNan(boolean b) {
            return new Format(indent, itemSeparator(), keySeparator(), ensureAscii, sortKeys, b);
        }

        private String itemSeparator() {
            return separators == null ? null : separators[0];
        }

        private String keySeparator() {
            return separators == null ? null : separators[1];
        }
    }

    /** {@code json.dumps(node, **format)}. */
    public static String dumps(JsonNode node, Format format) {
        StringBuilder out = new StringBuilder();
        dump(node, format, 0, out);
        return out.toString();
    }

    /**
     * Appends {@code json.dumps(node, **format)} as it stands at nesting {@code level} of an indented
     * document (its inner lines indented for that level), so that a caller can stream the items of a
     * large document one by one; level 0 is the whole document.
     *
     * @throws UncheckedIOException when {@code out} fails
     */
    public static void dump(JsonNode node, Format format, int level, Appendable out) {
        try {
            write(node, format, level, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Appends a str as the encoder writes it (a dict key or a str value): quoted, with {@code "},
     * {@code \\} and the control characters escaped, and with {@code ensureAscii} every character
     * outside printable ASCII as a {@code \\u} escape (surrogate pairs for astral characters).
     *
     * @throws UncheckedIOException when {@code out} fails
     */
    public static void dumpString(String s, boolean ensureAscii, Appendable out) {
        try {
            string(s, ensureAscii, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A destination that takes runs of ASCII chars as bytes: with {@code ensure_ascii} every char a string
     * writes unescaped is printable ASCII, and such a run is handed over in one call.
     */
    public interface AsciiSink extends Appendable {
        /** Appends {@code s[from, to)}, whose chars are all ASCII. */
        void appendAscii(String s, int from, int to) throws IOException;
    }

    private static void write(JsonNode n, Format f, int level, Appendable out) throws IOException {
        if (n == null || n.isNull() || n.isMissingNode()) {
            out.append("null");
        } else if (n.isBoolean()) {
            out.append(n.booleanValue() ? "true" : "false");
        } else if (n.isIntegralNumber()) {
            String digits = n.canConvertToLong() ? Long.toString(n.longValue()) : n.bigIntegerValue().toString();
            ascii(out, digits, 0, digits.length());
        } else if (n.isNumber()) {
            out.append(number(n.doubleValue(), f));
        } else if (n.isTextual()) {
            string(n.textValue(), f.ensureAscii, out);
        } else if (n.isContainerNode()) {
            boolean array = n.isArray();
            if (n.isEmpty()) {
                out.append(array ? "[]" : "{}");
                return;
            }
            out.append(array ? '[' : '{');
            if (array) {
                for (int i = 0; i < n.size(); i++) {
                    separator(i == 0, f, level + 1, out);
                    write(n.get(i), f, level + 1, out);
                }
            } else {
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = entries(n, f.sortKeys); it.hasNext(); first = false) {
                    Map.Entry<String, JsonNode> e = it.next();
                    separator(first, f, level + 1, out);
                    string(e.getKey(), f.ensureAscii, out);
                    out.append(f.key);
                    write(e.getValue(), f, level + 1, out);
                }
            }
            newline(f, level, out);
            out.append(array ? ']' : '}');
        } else {
            throw new IllegalArgumentException("cannot write JSON node of type " + n.getNodeType());
        }
    }

    private static Iterator<Map.Entry<String, JsonNode>> entries(JsonNode n, boolean sort) {
        if (!sort) {
            return n.fields();
        }
        List<Map.Entry<String, JsonNode>> sorted = new ArrayList<>(n.properties());
        sorted.sort((a, b) -> PyStr.compare(a.getKey(), b.getKey()));
        return sorted.iterator();
    }

    private static void separator(boolean first, Format f, int level, Appendable out) throws IOException {
        if (!first) {
            out.append(f.item);
        }
        newline(f, level, out);
    }

    private static void newline(Format f, int level, Appendable out) throws IOException {
        if (f.width < 0) {
            return;
        }
        out.append('\n');
        for (int left = f.width * level; left > 0; left -= SPACES.length()) {
            ascii(out, SPACES, 0, Math.min(left, SPACES.length()));
        }
    }

    /** Appends {@code s[from, to)}, which is ASCII: as bytes when {@code out} takes them so. */
    private static void ascii(Appendable out, String s, int from, int to) throws IOException {
        if (out instanceof AsciiSink a) {
            a.appendAscii(s, from, to);
        } else {
            out.append(s, from, to);
        }
    }

    private static String number(double d, Format f) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            if (!f.allowNan) {
                // The C encoder (json.dumps without an indent) leaves the value out of the message.
                throw new PyValueError("Out of range float values are not JSON compliant"
                        + (f.indent == null ? "" : ": " + PyRepr.repr(d)));
            }
            return Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
        }
        String fast = fourPlaces(d);
        return fast != null ? fast : PyRepr.repr(d);
    }

    /**
     * {@code repr(d)} of a non-negative double that is exactly the double nearest to some r/10⁴ (every
     * score rounded to 4 places), without the general shortest-repr search: doubles near values up to
     * 10⁶ are far closer together than 10⁻⁴, so the 4-place decimal with trailing zeros dropped is the
     * shortest string that reads back as d. Null for any other value.
     */
    static String fourPlaces(double d) {
        if (!(d >= 0 && d <= 1e6) || Double.doubleToRawLongBits(d) < 0) {
            return null;
        }
        double r = Math.rint(d * 10000);
        if (r / 10000 != d) {
            return null;
        }
        long units = (long) r;
        long whole = units / 10000;
        int frac = (int) (units % 10000);
        if (frac == 0) {
            return Long.toString(whole).concat(".0");
        }
        int digits = 4;
        while (frac % 10 == 0) {
            frac /= 10;
            digits--;
        }
        String fs = Integer.toString(frac);
        return new StringBuilder().append(whole).append('.').append("000", 0, digits - fs.length()).append(fs).toString();
    }

    private static void string(String s, boolean ascii, Appendable out) throws IOException {
        out.append('"');
        int run = 0; // start of the pending run of characters written as they are
        char[] cs = s.toCharArray(); // one copy, then plain array reads (cheaper than charAt in C1 code)
        AsciiSink sink = ascii && out instanceof AsciiSink a ? a : null;
        for (int i = 0; i < cs.length; i++) {
            char c = cs[i];
            if (c >= 0x20 && c != '"' && c != '\\' && (c <= 0x7e || !ascii)) {
                continue;
            }
            if (run < i) {
                if (sink != null) {
                    sink.appendAscii(s, run, i);
                } else {
                    out.append(s, run, i);
                }
            }
            run = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> out.append("\\u").append(HEX[(c >> 12) & 15]).append(HEX[(c >> 8) & 15])
                        .append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
            }
        }
        if (run < s.length()) {
            if (sink != null) {
                sink.appendAscii(s, run, s.length());
            } else {
                out.append(s, run, s.length());
            }
        }
        out.append('"');
    }
}
