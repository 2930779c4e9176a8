package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The exit-status contract has one source: the docs page and every help footer are what it gives. */
class ExitStatusDocTest {

    @Test
    void theDocsPageIsWhatTheSourceGives() throws IOException {
        String expected = ExitStatus.markdown();
        Path generated = Paths.get("target", "exit-status.md");
        Files.createDirectories(generated.getParent());
        Files.writeString(generated, expected, StandardCharsets.UTF_8);
        String page = Files.readString(Paths.get("..", "docs", "exit-status.md"), StandardCharsets.UTF_8);
        assertEquals(expected, page, "docs/exit-status.md is not what cli/src/main/resources/dev/regrade/cli/"
                + "exit-status.txt gives; after editing that file: cp cli/target/exit-status.md docs/exit-status.md");
    }

    @Test
    void everySectionNamesACommandAndNoFooterWritesItsOwnStatuses() {
        List<String> names = new ArrayList<>();
        walk(new CommandLine(new Main()), names); // unfilled: the footers as the annotations write them
        Map<String, ExitStatus.Section> sections = ExitStatus.sections();
        for (String command : sections.keySet()) {
            assertTrue(names.contains(command), "exit-status.txt names no command: " + command);
        }
        assertTrue(sections.get("regrade").help().contains("Exit status:"), "the top-level list");
    }

    private static void walk(CommandLine cl, List<String> names) {
        String name = cl.getCommandSpec().qualifiedName(" ");
        names.add(name);
        for (String line : cl.getCommandSpec().usageMessage().footer()) {
            assertFalse(line.contains("Exit status"), name + " writes its exit status in its own footer: " + line);
        }
        cl.getSubcommands().values().stream().filter(sub -> sub.getParent() == cl).forEach(sub -> walk(sub, names));
    }

    @Test
    void theHelpFootersPrintTheSourcesLines() {
        for (ExitStatus.Section s : ExitStatus.sections().values()) {
            if (s.help().isEmpty()) {
                continue;
            }
            List<String> args = new ArrayList<>(List.of(s.command().split(" ")).subList(1, s.command().split(" ").length));
            args.add("--help");
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, run.status(), run.err());
            String out = run.out().replace("\r\n", "\n");
            String first = s.help().get(0);
            assertTrue(out.contains(first.length() > 60 ? first.substring(0, 60) : first),
                    s.command() + " --help lacks its exit status:\n" + out);
        }
    }

    @Test
    void docLinesJoinIntoParagraphsAndStayOutOfTheHelp() {
        Map<String, ExitStatus.Section> s = ExitStatus.parse(String.join("\n", "# comment", "== regrade x",
                "Exit status: 0 ok,", "2 bad input.", "doc: one", "doc: paragraph", "== regrade y", "doc: only"));
        assertEquals(List.of("Exit status: 0 ok,", "2 bad input."), s.get("regrade x").help());
        assertEquals(List.of("one paragraph"), s.get("regrade x").doc());
        assertEquals(List.of(), s.get("regrade y").help());
        assertEquals(List.of("only"), s.get("regrade y").doc());
    }
}
