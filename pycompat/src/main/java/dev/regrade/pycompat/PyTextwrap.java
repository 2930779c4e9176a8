package dev.regrade.pycompat;

import java.util.ArrayList;
import java.util.List;

/**
 * Python 3.11's {@code textwrap.shorten}, as the original uses it on over-long page text.
 *
 * <p>{@code shorten(text, width, placeholder=p)} is
 * {@code TextWrapper(width=width, max_lines=1, placeholder=p).fill(' '.join(text.strip().split()))}
 * with the other options at their defaults (break_long_words, break_on_hyphens and
 * drop_whitespace on). This class reproduces that path exactly: the chunks of
 * {@code TextWrapper.wordsep_re} (white space runs, words split after the hyphens of
 * hyphenated words, em-dashes), the first line of {@code _wrap_chunks} with
 * {@code _handle_long_word}, and the placeholder logic. Lengths are counted in code points, as
 * Python does; the character classes {@code \w} and {@code \d} are those of CPython 3.11's
 * {@code re} module (from {@link PyUnicodeData}). Time and memory are linear in the text.
 */
public final class PyTextwrap {
    private PyTextwrap() {
    }

    /**
     * {@code textwrap.shorten(text, width, placeholder=placeholder)}: white space collapsed to
     * single spaces; if that fits in {@code width} it is returned, otherwise the first line
     * {@code TextWrapper} would wrap to, with words removed from its end until the placeholder
     * fits after it (or just the placeholder, left-stripped, if no word fits).
     *
     * @throws PyValueError {@code invalid width N (must be > 0)} when {@code width <= 0};
     *     {@code placeholder too large for max width} when the left-stripped placeholder is longer
     *     than {@code width} (both raised whatever the text, as Python does)
     */
    public static String shorten(String text, int width, String placeholder) {
        if (width <= 0) {
            throw new PyValueError("invalid width " + width + " (must be > 0)");
        }
        String placeholderLstripped = PyWhitespace.lstrip(placeholder);
        if (length(placeholderLstripped) > width) {
            throw new PyValueError("placeholder too large for max width");
        }
        String joined = String.join(" ", PyWhitespace.split(text));
        if (joined.length() <= width || length(joined) <= width) {
            // Every chunk fits on the one line: the line is the whole (collapsed) text.
            return joined;
        }
        int[] t = joined.codePoints().toArray();
        return new FirstLine(t, width, placeholder, placeholderLstripped).wrap();
    }

    /** The first (and only) pass of {@code _wrap_chunks} with {@code max_lines=1}. */
    private static final class FirstLine {
        private final int[] t;
        private final int n;
        private final int width;
        private final String placeholder;
        private final String placeholderLstripped;

        FirstLine(int[] t, int width, String placeholder, String placeholderLstripped) {
            this.t = t;
            this.n = t.length;
            this.width = width;
            this.placeholder = placeholder;
            this.placeholderLstripped = placeholderLstripped;
        }

        String wrap() {
            // cur_line as [start, end) ranges of t
            List<int[]> curLine = new ArrayList<>();
            int curLen = 0;
            // the chunks not yet taken: the (possibly partial) chunk [chunkStart, chunkEnd), then
            // the chunks of t from chunkEnd on
            int chunkStart = 0;
            int chunkEnd = n == 0 ? 0 : chunkEnd(0);
            while (chunkStart < n) {
                int l = chunkEnd - chunkStart;
                if (curLen + l > width) {
                    break;
                }
                curLine.add(new int[] {chunkStart, chunkEnd});
                curLen += l;
                chunkStart = chunkEnd;
                chunkEnd = chunkStart < n ? chunkEnd(chunkStart) : n;
            }
            if (chunkStart < n && chunkEnd - chunkStart > width) {
                // _handle_long_word (width >= 1, break_long_words, break_on_hyphens)
                int spaceLeft = width - curLen;
                int end = spaceLeft;
                if (chunkEnd - chunkStart > spaceLeft) {
                    int hyphen = -1;
                    for (int k = Math.min(spaceLeft, chunkEnd - chunkStart) - 1; k >= 0; k--) {
                        if (t[chunkStart + k] == '-') {
                            hyphen = k;
                            break;
                        }
                    }
                    if (hyphen > 0) {
                        boolean nonHyphen = false;
                        for (int k = 0; k < hyphen; k++) {
                            if (t[chunkStart + k] != '-') {
                                nonHyphen = true;
                                break;
                            }
                        }
                        if (nonHyphen) {
                            end = hyphen + 1;
                        }
                    }
                }
                curLine.add(new int[] {chunkStart, chunkStart + end});
                chunkStart += end;
                curLen = 0;
                for (int[] c : curLine) {
                    curLen += c[1] - c[0];
                }
            }
            if (!curLine.isEmpty() && isBlank(last(curLine))) {
                int[] c = curLine.remove(curLine.size() - 1);
                curLen -= c[1] - c[0];
            }
            if (curLine.isEmpty()) {
                // Unreachable for a collapsed text (its first chunk is a word); Python would loop.
                throw new IllegalStateException("textwrap.shorten: empty first line");
            }
            boolean noChunks = chunkStart >= n;
            boolean onlyBlankChunk = !noChunks && chunkEnd >= n && isBlank(new int[] {chunkStart, chunkEnd});
            if ((noChunks || onlyBlankChunk) && curLen <= width) {
                return join(curLine, "");
            }
            int placeholderLen = length(placeholder);
            while (!curLine.isEmpty()) {
                int[] c = last(curLine);
                if (!isBlank(c) && curLen + placeholderLen <= width) {
                    return join(curLine, placeholder);
                }
                curLen -= c[1] - c[0];
                curLine.remove(curLine.size() - 1);
            }
            return placeholderLstripped;
        }

        private static int[] last(List<int[]> list) {
            return list.get(list.size() - 1);
        }

        /** {@code chunk.strip() == ''}: empty or all white space. */
        private boolean isBlank(int[] chunk) {
            for (int k = chunk[0]; k < chunk[1]; k++) {
                if (!PyWhitespace.isSpace(t[k])) {
                    return false;
                }
            }
            return true;
        }

        private String join(List<int[]> chunks, String suffix) {
            StringBuilder b = new StringBuilder();
            for (int[] c : chunks) {
                for (int k = c[0]; k < c[1]; k++) {
                    b.appendCodePoint(t[k]);
                }
            }
            return b.append(suffix).toString();
        }

        /**
         * The end of the {@code wordsep_re} match at {@code p}: every position of the text
         * starts a match (white space runs, and the third alternative always matches at
         * non-white space), so {@code re.split} yields exactly these matches as chunks.
         */
        private int chunkEnd(int p) {
            int c = t[p];
            if (isWs(c)) {
                // %(ws)s+
                int q = p + 1;
                while (q < n && isWs(t[q])) {
                    q++;
                }
                return q;
            }
            // (?<=%(wp)s) -{2,} (?=\w)
            if (c == '-' && p > 0 && isWordPunct(t[p - 1])) {
                int q = hyphenRunEnd(p);
                if (q - p >= 2 && q < n && PyUnicodeData.isReWord(t[q])) {
                    return q;
                }
            }
            // %(nws)s+? (?: hyphenated word | end of word | em-dash )
            for (int q = p + 1; ; q++) {
                if (q < n && t[q] == '-') {
                    // -(?: (?<=%(lt)s{2}-) | (?<=%(lt)s-%(lt)s-)) (?= %(lt)s -? %(lt)s)
                    boolean behind = (q >= 2 && isLetter(t[q - 2]) && isLetter(t[q - 1]))
                            || (q >= 3 && isLetter(t[q - 3]) && t[q - 2] == '-' && isLetter(t[q - 1]));
                    if (behind && q + 1 < n && isLetter(t[q + 1])
                            && ((q + 2 < n && isLetter(t[q + 2]))
                                || (q + 3 < n && t[q + 2] == '-' && isLetter(t[q + 3])))) {
                        return q + 1;
                    }
                }
                // (?=%(ws)s|\Z)
                if (q == n || isWs(t[q])) {
                    return q;
                }
                // (?<=%(wp)s) (?=-{2,}\w)
                if (t[q] == '-' && isWordPunct(t[q - 1])) {
                    int r = hyphenRunEnd(q);
                    if (r - q >= 2 && r < n && PyUnicodeData.isReWord(t[r])) {
                        return q;
                    }
                }
                // t[q] is not white space: nws+? takes it
            }
        }

        private int hyphenRunEnd(int p) {
            int q = p;
            while (q < n && t[q] == '-') {
                q++;
            }
            return q;
        }
    }

    /** textwrap's {@code _whitespace}: {@code '\t\n\x0b\x0c\r '}. */
    private static boolean isWs(int c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** {@code [\w!"'&.,?]}. */
    private static boolean isWordPunct(int c) {
        return PyUnicodeData.isReWord(c) || c == '!' || c == '"' || c == '\'' || c == '&' || c == '.'
                || c == ',' || c == '?';
    }

    /** {@code [^\d\W]}. */
    private static boolean isLetter(int c) {
        return PyUnicodeData.isReWord(c) && !PyUnicodeData.isReDigit(c);
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }
}
