package dev.regrade.audit.prompts;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.ArrayList;
import java.util.List;

/**
 * A short unified diff of two prompt texts: one line of context, hunks only (no file header), a
 * long line shortened to a window around where it differs from its counterpart, and at most
 * {@link #MAX_LINES} lines. Deterministic.
 */
final class PromptDiff {
    /** Lines kept of a diff; the rest are counted. */
    static final int MAX_LINES = 24;
    /** A line longer than this is shortened. */
    private static final int LONG = 160;
    /** Characters kept before the first difference of a shortened changed line. */
    private static final int BEFORE = 50;
    /** Characters kept of a shortened line. */
    private static final int WINDOW = 140;

    private PromptDiff() {
    }

    /** The diff of {@code before} against {@code after}, lines joined by {@code \n}, without a final line end. */
    static String of(String before, String after) {
        List<String> a = lines(before);
        List<String> b = lines(after);
        List<String> raw = UnifiedDiffUtils.generateUnifiedDiff("before", "after", a, DiffUtils.diff(a, b), 1);
        List<String> out = new ArrayList<>();
        // Skip the ---/+++ header; shorten each hunk's long lines around the change.
        List<String> hunk = new ArrayList<>();
        for (String line : raw.subList(Math.min(2, raw.size()), raw.size())) {
            if (line.startsWith("@@")) {
                flush(hunk, out);
                out.add(line);
            } else {
                hunk.add(line);
            }
        }
        flush(hunk, out);
        if (out.size() > MAX_LINES) {
            int more = out.size() - MAX_LINES;
            out = new ArrayList<>(out.subList(0, MAX_LINES));
            out.add("… " + more + " more line" + (more == 1 ? "" : "s"));
        }
        return String.join("\n", out);
    }

    private static List<String> lines(String text) {
        return List.of(text.split("\n", -1));
    }

    /** Shortens the hunk's lines: a removed line is paired with the added line of the same rank. */
    private static void flush(List<String> hunk, List<String> out) {
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (String line : hunk) {
            if (line.startsWith("-")) {
                removed.add(line.substring(1));
            } else if (line.startsWith("+")) {
                added.add(line.substring(1));
            }
        }
        int r = 0;
        int a = 0;
        for (String line : hunk) {
            char sign = line.isEmpty() ? ' ' : line.charAt(0);
            String body = line.isEmpty() ? "" : line.substring(1);
            String counterpart = null;
            if (sign == '-') {
                counterpart = r < added.size() ? added.get(r) : null;
                r++;
            } else if (sign == '+') {
                counterpart = a < removed.size() ? removed.get(a) : null;
                a++;
            }
            out.add(sign + shorten(body, counterpart));
        }
        hunk.clear();
    }

    /** A long line cut to a window around its first difference from {@code counterpart} (its start if none). */
    static String shorten(String line, String counterpart) {
        if (line.length() <= LONG) {
            return line;
        }
        int focus = 0;
        if (counterpart != null) {
            int n = Math.min(line.length(), counterpart.length());
            while (focus < n && line.charAt(focus) == counterpart.charAt(focus)) {
                focus++;
            }
        }
        int from = Math.max(0, Math.min(focus - BEFORE, line.length() - WINDOW));
        int to = Math.min(line.length(), from + WINDOW);
        return (from > 0 ? "…" : "") + line.substring(from, to) + (to < line.length() ? "…" : "");
    }
}
