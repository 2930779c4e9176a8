package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The README's examples run as written, in the order a newcomer meets them, in a scratch directory
 * that holds what a fresh clone holds for them (the shipped {@code fixtures/}). Every {@code ./regrade}
 * line parses; each one that needs nothing from outside the clone runs as its own process and ends
 * with 0 or 1 (a finding), never with bad input (2) or a dead judge (3). Passed over, and said here:
 * lines that need a Mind2Web 2 checkout ({@code ~/Mind2Web-2}), {@code approve} (the approval suite is
 * part of {@code mvn -B verify} itself) and the {@code judge serve} examples (run by
 * {@link JudgeExamplesTest} with free ports).
 */
class ReadmeExamplesTest {
    private static final Path REPO = Paths.get("..").toAbsolutePath().normalize();

    @TempDir
    Path work;

    /** The README's {@code ./regrade} commands in order, continuations joined, comments dropped. */
    static List<String> commands(String readme) {
        List<String> out = new ArrayList<>();
        boolean inBash = false;
        boolean judgeBlock = false;
        String[] lines = readme.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.equals("<!-- judge serve examples -->")) {
                judgeBlock = true;
                continue;
            }
            if (line.startsWith("```")) {
                inBash = !inBash && line.equals("```bash");
                if (!inBash) {
                    judgeBlock = false;
                }
                continue;
            }
            if (!inBash || judgeBlock || !line.startsWith("./regrade")) {
                continue;
            }
            StringBuilder command = new StringBuilder(line.strip());
            while (command.toString().endsWith("\\") && i + 1 < lines.length) {
                command.setLength(command.length() - 1);
                command.append(' ').append(lines[++i].strip());
            }
            out.add(command.toString());
        }
        return out;
    }

    private static boolean passedOver(List<String> words) {
        return words.stream().anyMatch(w -> w.startsWith("~/Mind2Web-2")) || words.get(1).equals("approve");
    }

    @Test
    void everyCommandParses() throws IOException {
        List<String> commands = commands(Files.readString(REPO.resolve("README.md"), StandardCharsets.UTF_8));
        assertTrue(commands.size() >= 15, "the README's commands: " + commands);
        for (String c : commands) {
            List<String> words = WorkflowTest.words(c);
            try {
                new CommandLine(new Main()).parseArgs(words.subList(1, words.size()).toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                fail("README: '" + c + "' does not parse: " + e.getMessage());
            }
        }
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void theExamplesRunAsWrittenInOrder() throws Exception {
        Files.createSymbolicLink(work.resolve("fixtures"), REPO.resolve("fixtures"));
        List<String> ran = new ArrayList<>();
        for (String c : commands(Files.readString(REPO.resolve("README.md"), StandardCharsets.UTF_8))) {
            List<String> words = WorkflowTest.words(c);
            if (passedOver(words)) {
                continue;
            }
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            command.addAll(words.subList(1, words.size()));
            Path log = work.resolve("last.log");
            ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            pb.environment().put("REGRADE_HOME", REPO.toString());
            Process p = pb.start();
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), c + " finished");
            int status = p.exitValue();
            if (status != 0 && status != 1) {
                fail("README: '" + c + "' exited " + status + ":\n" + Files.readString(log));
            }
            ran.add(c);
        }
        assertTrue(ran.size() >= 14, "ran: " + ran);
        for (String made : List.of("regrade-out/audit/report.md", "rl-audit/report.md", "my-expectations.json",
                "replay-out/replay.md", "out/results.json", "eval_results")) {
            assertTrue(Files.exists(work.resolve(made)), made + " was made by the README's commands");
        }
    }
}
