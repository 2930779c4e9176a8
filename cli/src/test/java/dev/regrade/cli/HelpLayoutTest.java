package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help breaks lines at spaces only (no {@code . /regrade}, no {@code report-full. md}),
 * within 80 columns where a line can be, and every example in a help footer is one command that
 * parses as written.
 */
class HelpLayoutTest {
    /** Every command of the tree by its qualified name, with its help as the user sees it. */
    private static Map<String, String> helps() {
        Map<String, String> out = new LinkedHashMap<>();
        walk(HelpLayout.everywhere(Main.Version.everywhere(ExitStatus.fill(new CommandLine(new Main())))), out);
        return out;
    }

    private static void walk(CommandLine cl, Map<String, String> out) {
        out.put(cl.getCommandSpec().qualifiedName(" "), cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
        cl.getSubcommands().values().forEach(c -> walk(c, out));
    }

    /** The same help laid out by picocli on unbounded lines: the words a wrapping must keep whole. */
    private static Map<String, String> unwrapped() {
        Map<String, String> out = new LinkedHashMap<>();
        CommandLine cl = Main.Version.everywhere(ExitStatus.fill(new CommandLine(new Main())));
        setWidth(cl);
        walk(cl, out);
        return out;
    }

    private static void setWidth(CommandLine cl) {
        cl.setUsageHelpWidth(10_000);
        cl.getSubcommands().values().forEach(HelpLayoutTest::setWidth);
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    @Test
    void noWordIsEverSplitAcrossLines() {
        Map<String, String> wrapped = helps();
        Map<String, String> whole = unwrapped();
        assertTrue(wrapped.size() > 20, "every command: " + wrapped.keySet());
        for (Map.Entry<String, String> e : wrapped.entrySet()) {
            assertEquals(words(whole.get(e.getKey())), words(e.getValue()), e.getKey() + ": a word was broken");
            for (String broken : List.of(". /regrade", "report-full. md", "*. json", ". md ", ". json ")) {
                assertFalse(e.getValue().contains(broken), e.getKey() + " has '" + broken + "':\n" + e.getValue());
            }
        }
    }

    @Test
    void linesFitEightyColumnsExceptAWordOrAnExampleThatCannot() {
        for (Map.Entry<String, String> e : helps().entrySet()) {
            for (String line : e.getValue().split("\n")) {
                if (line.length() > HelpLayout.WIDTH) {
                    boolean oneWord = line.strip().indexOf(' ') < 0
                            || line.strip().split("\\s{2,}").length == 2 && line.strip().split("\\s{2,}")[1].indexOf(' ') < 0;
                    boolean example = line.startsWith("  ./regrade") || line.startsWith("    ") && line.endsWith("\\");
                    if (!oneWord && !example) {
                        fail(e.getKey() + ": a line of " + line.length() + " columns: " + line);
                    }
                }
            }
        }
    }

    @Test
    void wrappingKeepsAHangingIndentAndBreaksOnlyAtSpaces() {
        assertEquals(List.of("      --x=Y    " + "word ".repeat(13).strip(), "                 " + "word ".repeat(9).strip()),
                HelpLayout.wrapLine("      --x=Y    " + "word ".repeat(22).strip(), 17));
        String path = "a".repeat(90);
        assertEquals(List.of(path, "  b"), HelpLayout.wrapLine(path + " b", 2), "a word longer than a line stands alone");
    }

    @Test
    void everyFooterExampleIsOneCommandThatParses() {
        int examples = 0;
        List<CommandLine> commands = new ArrayList<>();
        collect(ExitStatus.fill(new CommandLine(new Main())), commands);
        for (CommandLine cl : commands) {
            String[] footer = cl.getCommandSpec().usageMessage().footer();
            for (int i = 0; i < footer.length; i++) {
                String line = footer[i].strip();
                if (!line.startsWith("./regrade ") && !line.equals("./regrade")) {
                    continue;
                }
                StringBuilder command = new StringBuilder(line);
                while (command.toString().endsWith("\\") && i + 1 < footer.length) {
                    command.setLength(command.length() - 1);
                    command.append(' ').append(footer[++i].strip());
                }
                String name = cl.getCommandSpec().qualifiedName(" ");
                assertTrue(footer[i].length() <= HelpLayout.WIDTH, name + ": an example line over 80 columns: " + footer[i]);
                List<String> words = WorkflowTest.words(command.toString());
                String[] args = words.subList(1, words.size()).toArray(String[]::new);
                try {
                    new CommandLine(new Main()).parseArgs(args);
                } catch (CommandLine.ParameterException ex) {
                    fail(name + " --help: the example '" + command + "' does not parse: " + ex.getMessage());
                }
                examples++;
            }
        }
        assertTrue(examples > 30, "examples found: " + examples);
    }

    private static void collect(CommandLine cl, List<CommandLine> into) {
        into.add(cl);
        cl.getSubcommands().values().forEach(c -> collect(c, into));
    }
}
