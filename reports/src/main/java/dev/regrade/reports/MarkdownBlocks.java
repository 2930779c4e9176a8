package dev.regrade.reports;

import java.util.Collection;
import java.util.function.UnaryOperator;

/**
 * The building blocks of {@code report.md}'s rules, for every Markdown summary Regrade writes (the audit's
 * report and the replay's): GitHub's comment limit, long tables folded in {@code <details>}, long lists cut
 * to "+N more", and the escaping of table cells.
 */
public final class MarkdownBlocks {
    /** GitHub takes at most this many characters in a comment; a summary must fit. */
    public static final int MAX_CHARS = 65_536;

    /** Tables longer than this are folded in a summary. */
    public static final int FOLD_ROWS = 10;

    private MarkdownBlocks() {
    }

    /** Writes {@code body}, inside {@code <details>} when {@code fold} and it has more than {@link #FOLD_ROWS} rows. */
    public static void fold(StringBuilder b, boolean fold, int rows, String summary, Runnable body) {
        boolean folded = fold && rows > FOLD_ROWS;
        if (folded) {
            // The blank lines let GitHub render the Markdown inside the HTML block.
            b.append("<details><summary>").append(esc(summary)).append("</summary>\n\n");
        }
        body.run();
        if (folded) {
            b.append("\n</details>\n");
        }
    }

    /** At most {@code max} of {@code items}, each through {@code code}, joined by commas, then "+N more". */
    public static String list(Collection<String> items, int max, UnaryOperator<String> code) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (String item : items) {
            if (i == max) {
                b.append(" +").append(items.size() - max).append(" more");
                break;
            }
            b.append(i == 0 ? "" : ", ").append(code.apply(item));
            i++;
        }
        return b.toString();
    }

    /** Escapes text for a Markdown table cell or line (as {@code report.md} does). */
    public static String esc(String s) {
        return Markdown.esc(s);
    }

    /** A code span for a table cell: pipes escaped, no backticks or newlines (as {@code report.md} does). */
    public static String code(String s) {
        return Markdown.code(s);
    }
}
