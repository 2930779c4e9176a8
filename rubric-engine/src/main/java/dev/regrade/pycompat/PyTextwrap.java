package dev.regrade.pycompat;

import java.util.List;

/** Python's {@code textwrap.shorten}, as the original uses it on over-long page text. */
public final class PyTextwrap {
    private PyTextwrap() {
    }

    /**
     * {@code textwrap.shorten(text, width, placeholder=...)}: whitespace collapsed to single
     * spaces; if that is too long, as many whole words as fit with the placeholder appended.
     * Known difference: Python's wrapper may also break a word after a hyphen; this keeps words
     * whole. It only matters for pages over the original's 400,000-character limit.
     */
    public static String shorten(String text, int width, String placeholder) {
        List<String> words = PyWhitespace.split(text);
        String joined = String.join(" ", words);
        if (length(joined) <= width) {
            return joined;
        }
        int room = width - length(placeholder);
        if (room < 0) {
            throw new PyValueError("placeholder too large for max width");
        }
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (String w : words) {
            int add = length(w) + (out.length() == 0 ? 0 : 1);
            if (used + add > room) {
                break;
            }
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(w);
            used += add;
        }
        return out + placeholder;
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }
}
