package dev.regrade.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The help's line breaks, at spaces only. picocli breaks lines with the JDK's line
 * {@code BreakIterator}, which also breaks after a full stop or a slash: help read {@code ./regrade}
 * as {@code . /regrade}, {@code report-full.md} as {@code report-full. md}. Here picocli lays the
 * sections out on one unbounded line each, and each line is then wrapped at spaces to
 * {@link #WIDTH} with the hanging indent picocli would give it. In the footer only the prose (lines
 * at the margin) is wrapped: an indented line (an example, a table) is printed as its author wrote it,
 * so every example can be copied and pasted.
 */
final class HelpLayout {
    /** The width the help is wrapped to. */
    static final int WIDTH = 80;
    private static final int UNBOUNDED = 10_000;
    /** A row of a list (options, parameters, commands): the names column, two spaces or more, the description. */
    private static final Pattern ROW = Pattern.compile("^( +\\S.*?\\s{2,})\\S");
    private static final List<String> WRAPPED = List.of(UsageMessageSpec.SECTION_KEY_SYNOPSIS,
            UsageMessageSpec.SECTION_KEY_DESCRIPTION, UsageMessageSpec.SECTION_KEY_OPTION_LIST,
            UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
            UsageMessageSpec.SECTION_KEY_FOOTER);

    private HelpLayout() {
    }

    /** Lays out the help of this command and of every subcommand. */
    static CommandLine everywhere(CommandLine cl) {
        cl.setUsageHelpWidth(UNBOUNDED);
        Map<String, CommandLine.IHelpSectionRenderer> sections = new LinkedHashMap<>(cl.getHelpSectionMap());
        for (String key : WRAPPED) {
            CommandLine.IHelpSectionRenderer original = sections.get(key);
            if (original != null) {
                sections.put(key, help -> wrap(original.render(help), key,
                        key.equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS) ? help.synopsisHeading().length() : 0));
            }
        }
        cl.setHelpSectionMap(sections);
        cl.getSubcommands().values().forEach(HelpLayout::everywhere);
        return cl;
    }

    /** Wraps each line of a rendered section at spaces, with the hanging indent of its kind of line. */
    static String wrap(String section, String key, int heading) {
        // The synopsis follows its heading ("Usage: ") on the first line: wrapped as if the heading were there.
        String[] lines = (" ".repeat(heading) + section).split("\n", -1);
        int column = key.equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS) || key.equals(UsageMessageSpec.SECTION_KEY_DESCRIPTION)
                || key.equals(UsageMessageSpec.SECTION_KEY_FOOTER) ? -1 : descriptionColumn(lines);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            boolean verbatim = key.equals(UsageMessageSpec.SECTION_KEY_FOOTER) && lines[i].startsWith(" ");
            // an indented footer line is an example or a table, laid out by its author: never broken
            out.append(verbatim ? lines[i] : String.join("\n", wrapLine(lines[i], indentOf(lines[i], key, column))));
        }
        return out.substring(heading);
    }

    /** The column where a list's descriptions start: that of its narrowest row (names, then two spaces or more). */
    private static int descriptionColumn(String[] lines) {
        int column = Integer.MAX_VALUE;
        for (String line : lines) {
            Matcher m = ROW.matcher(line);
            if (leading(line) < 10 && m.find()) {
                column = Math.min(column, m.group(1).length());
            }
        }
        return column == Integer.MAX_VALUE ? -1 : column;
    }

    /** Where a line's continuation starts: the synopsis under its first option, a description two columns in. */
    private static int indentOf(String line, String key, int column) {
        if (key.equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS)) {
            int bracket = line.indexOf(" [");
            int dash = line.indexOf(" -");
            int at = bracket < 0 ? dash : dash < 0 ? bracket : Math.min(bracket, dash);
            return at < 0 ? 0 : at + 1;
        }
        int lead = leading(line);
        return column < 0 ? lead : Math.max(column, lead) + 2;
    }

    /** One line wrapped at spaces to {@link #WIDTH}; a word longer than the room left stands alone, unbroken. */
    static List<String> wrapLine(String line, int indent) {
        List<String> lines = new ArrayList<>();
        String rest = stripEnd(line);
        String pad = " ".repeat(indent);
        boolean first = true;
        while (rest.length() > WIDTH) {
            int from = first ? leading(rest) : indent;
            int cut = rest.lastIndexOf(' ', WIDTH);
            while (cut > from && rest.charAt(cut - 1) == ' ') {
                cut--;
            }
            if (cut <= from) { // one long word: keep it whole
                int next = rest.indexOf(' ', WIDTH);
                if (next < 0) {
                    break;
                }
                cut = next;
            }
            lines.add(stripEnd(rest.substring(0, cut)));
            int start = cut;
            while (start < rest.length() && rest.charAt(start) == ' ') {
                start++;
            }
            rest = pad + rest.substring(start);
            first = false;
        }
        lines.add(rest);
        return lines;
    }

    private static int leading(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static String stripEnd(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
