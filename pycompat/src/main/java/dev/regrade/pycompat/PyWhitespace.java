package dev.regrade.pycompat;

import java.util.ArrayList;
import java.util.List;

/** Python's notion of whitespace ({@code str.isspace}) and the string methods built on it. */
public final class PyWhitespace {
    private PyWhitespace() {
    }

    /** {@code chr(cp).isspace()} in CPython 3.11. */
    public static boolean isSpace(int cp) {
        return (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x20) || cp == 0x85 || cp == 0xa0
                || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029
                || cp == 0x202f || cp == 0x205f || cp == 0x3000;
    }

    /** {@code s.strip()}. */
    public static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end) {
            int cp = s.codePointAt(start);
            if (!isSpace(cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        while (end > start) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(start, end);
    }

    /** {@code s.lstrip()}. */
    public static String lstrip(String s) {
        int start = 0;
        while (start < s.length()) {
            int cp = s.codePointAt(start);
            if (!isSpace(cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        return s.substring(start);
    }

    /** {@code s.rstrip()}. */
    public static String rstrip(String s) {
        int end = s.length();
        while (end > 0) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(0, end);
    }

    /** {@code s.split()}: runs of whitespace separate words; no empty words. */
    public static List<String> split(String s) {
        List<String> words = new ArrayList<>();
        int n = s.length();
        int start = -1; // start of the current word, or -1 between words
        for (int i = 0; i < n; ) {
            char ch = s.charAt(i);
            int cp = ch < 0x80 ? ch : s.codePointAt(i);
            if (isSpace(cp)) {
                if (start >= 0) {
                    words.add(s.substring(start, i));
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            }
            i += Character.charCount(cp);
        }
        if (start >= 0) {
            words.add(s.substring(start));
        }
        return words;
    }
}
