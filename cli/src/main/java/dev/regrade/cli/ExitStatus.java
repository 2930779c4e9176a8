package dev.regrade.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The exit-status contract, read from its one source ({@code exit-status.txt} beside this class): every
 * command's "Exit status" help footer and the page {@code docs/exit-status.md} come from it, so they cannot
 * drift apart (ExitStatusDocTest compares the page).
 */
final class ExitStatus {
    /** The footer line that {@link #fill} replaces with the command's help lines. */
    static final String FOOTER = "@exit-status@";

    private static final String RESOURCE = "exit-status.txt";
    private static final String DOC = "doc: ";

    /** One command's section: its help footer lines and its docs-only paragraphs. */
    record Section(String command, List<String> help, List<String> doc) {
    }

    private static volatile Map<String, Section> sections;

    private ExitStatus() {
    }

    /** The sections by qualified command name ({@code regrade audit}), in the resource's order. */
    static Map<String, Section> sections() {
        Map<String, Section> s = sections;
        if (s == null) {
            s = parse(read());
            sections = s;
        }
        return s;
    }

    static Map<String, Section> parse(String text) {
        Map<String, Section> out = new LinkedHashMap<>();
        String command = null;
        List<String> help = null;
        List<String> doc = null;
        boolean inDoc = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            if (line.startsWith("== ")) {
                command = line.substring(3).trim();
                help = new ArrayList<>();
                doc = new ArrayList<>();
                inDoc = false;
                if (out.put(command, new Section(command, help, doc)) != null) {
                    throw new IllegalStateException(RESOURCE + ": '" + command + "' twice");
                }
            } else if (command == null) {
                throw new IllegalStateException(RESOURCE + ": a line before the first '== COMMAND': " + line);
            } else if (line.startsWith(DOC)) {
                String words = line.substring(DOC.length());
                if (inDoc) {
                    doc.set(doc.size() - 1, doc.get(doc.size() - 1) + " " + words);
                } else {
                    doc.add(words);
                }
                inDoc = true;
            } else {
                help.add(line);
                inDoc = false;
            }
        }
        return out;
    }

    private static String read() {
        try (InputStream in = ExitStatus.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Puts each command's help lines where its footer has {@link #FOOTER}, in this command and all below.
     * A command with help lines but no marker, or a marker but no lines, is a programming error.
     */
    static CommandLine fill(CommandLine cl) {
        CommandSpec spec = cl.getCommandSpec();
        String name = spec.qualifiedName(" ");
        Section section = sections().get(name);
        List<String> help = section == null ? List.of() : section.help();
        String[] footer = spec.usageMessage().footer();
        int at = Arrays.asList(footer).indexOf(FOOTER);
        if (at < 0 && !help.isEmpty()) {
            throw new IllegalStateException("'" + name + "' has exit-status help lines but no ExitStatus.FOOTER in its footer");
        }
        if (at >= 0) {
            if (help.isEmpty()) {
                throw new IllegalStateException("'" + name + "' has ExitStatus.FOOTER but no help lines in " + RESOURCE);
            }
            List<String> lines = new ArrayList<>(Arrays.asList(footer).subList(0, at));
            lines.addAll(help);
            lines.addAll(Arrays.asList(footer).subList(at + 1, footer.length));
            spec.usageMessage().footer(lines.toArray(String[]::new));
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getParent() == cl) { // aliases list a subcommand twice; 'help' is picocli's own
                fill(sub);
            }
        }
        return cl;
    }

    /** The page {@code docs/exit-status.md}, as the resource gives it. */
    static String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Exit status\n\n");
        md.append("<!-- Generated from cli/src/main/resources/dev/regrade/cli/exit-status.txt, the one source of this page\n");
        md.append("     and of every command's exit-status help footer; edit that file, not this page. ExitStatusDocTest\n");
        md.append("     checks the page and writes the page it expects to cli/target/exit-status.md. -->\n\n");
        md.append("Every command of `./regrade` exits with one of four statuses, the same meaning everywhere; ")
                .append("`./regrade --help` prints the same list and `./regrade help COMMAND` the command's own line. ")
                .append("Back to the [README](../README.md); the commands are in [commands.md](commands.md).\n");
        for (Section s : sections().values()) {
            md.append("\n## `").append(s.command()).append("`\n\n");
            if (s.command().equals("regrade")) {
                md.append(statusList(s.help()));
            } else if (!s.help().isEmpty()) {
                String text = html(String.join(" ", s.help()));
                md.append(text.startsWith("Exit status: ") ? text.substring("Exit status: ".length()) : text).append("\n");
            }
            for (int i = 0; i < s.doc().size(); i++) {
                md.append(i > 0 || !s.help().isEmpty() ? "\n" : "").append(s.doc().get(i)).append("\n");
            }
        }
        return md.toString();
    }

    /** Help text as Markdown text: a {@code <word>} of the help would be read as an HTML tag. */
    private static String html(String helpText) {
        return helpText.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** The top-level help's "  N  meaning" lines (continued by indented lines) as a list, the rest as a paragraph. */
    private static String statusList(List<String> help) {
        StringBuilder md = new StringBuilder();
        List<String> rest = new ArrayList<>();
        for (String line : help) {
            if (line.equals("Exit status:")) {
                continue;
            }
            if (line.matches("  \\d  .*")) {
                md.append(md.length() == 0 ? "" : "\n").append("- **").append(line.charAt(2)).append("** ")
                        .append(html(line.substring(5)));
            } else if (line.startsWith("     ")) {
                md.append(' ').append(html(line.strip()));
            } else {
                rest.add(html(line));
            }
        }
        md.append("\n");
        if (!rest.isEmpty()) {
            md.append("\n").append(String.join(" ", rest)).append("\n");
        }
        return md.toString();
    }
}
