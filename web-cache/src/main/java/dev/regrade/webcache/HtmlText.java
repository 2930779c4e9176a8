package dev.regrade.webcache;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * Turns HTML into the text a verifier sees, with Jsoup.
 *
 * <p>The original turns the captured DOM into Markdown with {@code html2text} (links and emphasis
 * ignored, images replaced by their alt text, no line wrapping). This class produces the same kind
 * of text, not a byte-identical copy of html2text's output: only the document body is read;
 * {@code script}, {@code style}, {@code noscript}, {@code template}, {@code svg}, {@code canvas},
 * {@code iframe}, {@code object} and {@code embed} are dropped; headings start with {@code #} marks,
 * list items with {@code * } (or {@code 1. } in ordered lists, indented two spaces per nesting
 * level); table cells are joined with {@code  | }; {@code <hr>} is {@code * * *}; {@code <pre>}
 * keeps its line breaks and spacing. Block elements (paragraphs, headings, lists, tables, divs,
 * sections...) are separated by one blank line, list items and table rows by a line break,
 * {@code <br>} breaks the line. Elsewhere runs of whitespace (including no-break spaces) become one
 * space. Finally trailing spaces are removed from every line, runs of blank lines become one, and
 * leading and trailing blank lines are dropped. The result depends only on the HTML.
 */
public final class HtmlText {

    private static final Set<String> DROPPED = Set.of("script", "style", "noscript", "template", "head", "title",
            "svg", "canvas", "iframe", "object", "embed");
    private static final Set<String> PARAGRAPH_BLOCKS = Set.of("p", "div", "section", "article", "main", "header",
            "footer", "nav", "aside", "form", "fieldset", "figure", "figcaption", "address", "details", "summary",
            "dl", "center", "table", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "body", "legend");
    private static final Set<String> LINE_BLOCKS = Set.of("li", "dt", "dd", "tr", "option", "caption", "thead",
            "tbody", "tfoot");

    private HtmlText() {
    }

    /** The verifier's text of an HTML document (or fragment). */
    public static String toText(String html) {
        Document doc = Jsoup.parse(html == null ? "" : html);
        Writer w = new Writer();
        Node root = doc.body() != null ? doc.body() : doc;
        NodeTraversor.filter(w, root);
        return tidy(w.out.toString());
    }

    /** Trailing spaces removed, blank-line runs collapsed, no leading or trailing blank line. */
    static String tidy(String text) {
        StringBuilder b = new StringBuilder(text.length());
        boolean blank = false;
        for (String line : text.split("\n", -1)) {
            String t = stripTrailing(line);
            if (t.isEmpty()) {
                blank = b.length() > 0;
                continue;
            }
            if (b.length() > 0) {
                b.append(blank ? "\n\n" : "\n");
            }
            blank = false;
            b.append(t);
        }
        return b.toString();
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && isSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }

    private static boolean isHeading(String tag) {
        return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u00a0' || c == 0x0B;
    }

    /** Walks the tree, writing text with pending breaks and spaces. */
    private static final class Writer implements NodeFilter {
        final StringBuilder out = new StringBuilder();
        private int pendingBreak;
        private boolean pendingSpace;
        private boolean atLineStart = true;
        private String pendingPrefix;
        private int preDepth;
        private int cellDepth;
        /** Open lists: {ordered ? 1 : 0, items so far}. */
        private final Deque<int[]> lists = new ArrayDeque<>();
        /** Open table rows: cells so far. */
        private final Deque<int[]> rows = new ArrayDeque<>();

        @Override
        public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode t) {
                if (preDepth > 0) {
                    raw(t.getWholeText());
                } else {
                    inline(t.getWholeText());
                }
                return FilterResult.CONTINUE;
            }
            if (!(node instanceof Element e)) {
                return FilterResult.SKIP_ENTIRELY; // comments, doctypes, data nodes
            }
            String tag = e.normalName();
            if (DROPPED.contains(tag)) {
                return FilterResult.SKIP_ENTIRELY;
            }
            switch (tag) {
                case "br" -> hardBreak();
                case "hr" -> {
                    block(2);
                    inline("* * *");
                    block(2);
                }
                case "img" -> {
                    String alt = e.attr("alt").trim();
                    if (!alt.isEmpty()) {
                        inline(" " + alt + " ");
                    }
                }
                case "ul", "ol" -> {
                    block(lists.isEmpty() ? 2 : 1);
                    int start = 0;
                    if (tag.equals("ol")) {
                        try {
                            start = Integer.parseInt(e.attr("start").trim()) - 1;
                        } catch (NumberFormatException ex) {
                            start = 0;
                        }
                    }
                    lists.push(new int[] {tag.equals("ol") ? 1 : 0, start});
                }
                case "li" -> {
                    block(1);
                    int[] list = lists.peek();
                    String indent = "  ".repeat(Math.max(0, lists.size() - 1));
                    if (list == null) {
                        pendingPrefix = "* ";
                    } else {
                        list[1]++;
                        pendingPrefix = indent + (list[0] == 1 ? list[1] + ". " : "* ");
                    }
                }
                case "tr" -> {
                    block(1);
                    rows.push(new int[] {0});
                }
                case "td", "th" -> {
                    int[] row = rows.peek();
                    if (row != null && row[0] > 0) {
                        pendingBreak = 0;
                        pendingSpace = false;
                        pendingPrefix = null;
                        if (!atLineStart) {
                            out.append(" | ");
                        }
                    } else {
                        flushBreak();
                    }
                    if (row != null) {
                        row[0]++;
                    }
                    cellDepth++;
                }
                case "pre" -> {
                    block(2);
                    preDepth++;
                }
                default -> {
                    if (isHeading(tag)) {
                        block(2);
                        pendingPrefix = "#".repeat(tag.charAt(1) - '0') + " ";
                    } else if (PARAGRAPH_BLOCKS.contains(tag)) {
                        block(2);
                    } else if (LINE_BLOCKS.contains(tag)) {
                        block(1);
                    }
                }
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (!(node instanceof Element e)) {
                return FilterResult.CONTINUE;
            }
            String tag = e.normalName();
            switch (tag) {
                case "ul", "ol" -> {
                    lists.poll();
                    block(lists.isEmpty() ? 2 : 1);
                }
                case "tr" -> {
                    rows.poll();
                    block(1);
                }
                case "pre" -> {
                    preDepth--;
                    block(2);
                }
                case "td", "th" -> {
                    cellDepth--;
                    pendingSpace = !atLineStart;
                }
                default -> {
                    if (PARAGRAPH_BLOCKS.contains(tag)) {
                        block(2);
                    } else if (LINE_BLOCKS.contains(tag)) {
                        block(1);
                    }
                }
            }
            if (pendingPrefix != null && (tag.equals("li") || isHeading(tag))) {
                pendingPrefix = null; // an empty item or heading writes nothing
            }
            return FilterResult.CONTINUE;
        }

        private void block(int n) {
            if (cellDepth > 0) { // a table cell stays on its row's line
                pendingSpace = !atLineStart;
                return;
            }
            pendingBreak = Math.max(pendingBreak, n);
            pendingSpace = false;
        }

        private void hardBreak() {
            if (cellDepth > 0) {
                pendingSpace = !atLineStart;
                return;
            }
            if (out.length() == 0) {
                return;
            }
            pendingBreak = Math.min(2, pendingBreak + 1);
            pendingSpace = false;
        }

        private void flushBreak() {
            if (pendingBreak > 0) {
                if (out.length() > 0) {
                    out.append("\n".repeat(pendingBreak));
                    atLineStart = true;
                }
                pendingBreak = 0;
                pendingSpace = false;
            }
        }

        private void startText() {
            flushBreak();
            if (pendingPrefix != null) {
                out.append(pendingPrefix);
                pendingPrefix = null;
                atLineStart = false;
                pendingSpace = false;
            } else if (pendingSpace && !atLineStart) {
                out.append(' ');
            }
            pendingSpace = false;
        }

        /** Whitespace-collapsed text. */
        private void inline(String text) {
            StringBuilder word = new StringBuilder();
            boolean leadingSpace = false;
            boolean any = false;
            boolean lastSpace = false;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (isSpace(c)) {
                    if (!any) {
                        leadingSpace = true;
                    }
                    lastSpace = true;
                } else {
                    if (lastSpace && any) {
                        word.append(' ');
                    }
                    word.append(c);
                    any = true;
                    lastSpace = false;
                }
            }
            if (!any) {
                if (leadingSpace && !atLineStart) {
                    pendingSpace = true;
                }
                return;
            }
            if (leadingSpace && !atLineStart) {
                pendingSpace = true;
            }
            startText();
            out.append(word);
            atLineStart = false;
            if (lastSpace) {
                pendingSpace = true;
            }
        }

        /** Text inside {@code <pre>}: kept as is. */
        private void raw(String text) {
            if (text.isEmpty()) {
                return;
            }
            startText();
            String t = text.replace("\r\n", "\n").replace('\r', '\n');
            out.append(t);
            atLineStart = t.endsWith("\n");
        }
    }
}
