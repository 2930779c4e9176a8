package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The PR workflow ({@code .github/workflows/regrade-pr.yml}) names only options that exist: every
 * {@code ./regrade …} command line of its steps parses through the real command line, and its shards add up.
 */
class WorkflowTest {
    private static final Path WORKFLOW = Paths.get("..", ".github", "workflows", "regrade-pr.yml");
    /** A GitHub Actions expression; replaced by a sample value ("1": a valid PR number, shard index, name). */
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{[^}]*}}");

    static JsonNode workflow() throws IOException {
        return new ObjectMapper(new YAMLFactory()).readTree(WORKFLOW.toFile());
    }

    /** Every {@code ./regrade} command line of every step's {@code run}, continuation lines joined. */
    static List<String> regradeLines(JsonNode workflow) {
        List<String> out = new ArrayList<>();
        for (JsonNode job : workflow.path("jobs")) {
            for (JsonNode step : job.path("steps")) {
                String run = step.path("run").asText("").replace("\\\n", " ");
                for (String line : run.split("\n")) {
                    int at = line.indexOf("./regrade ");
                    if (at >= 0) {
                        out.add(line.substring(at));
                    }
                }
            }
        }
        return out;
    }

    /** The words of one shell command line: quotes removed, variables kept as written, up to ||, &&, ;, |, > or #. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        String text = EXPRESSION.matcher(line).replaceAll("1");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if ("|&;>#".indexOf(c) >= 0 && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        assertEquals(0, quote, "an unclosed quote in: " + line);
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    @Test
    void everyRegradeCommandLineParses() throws IOException {
        List<String> lines = regradeLines(workflow());
        Set<String> commands = new TreeSet<>();
        for (String line : lines) {
            List<String> words = words(line);
            assertEquals("./regrade", words.get(0), line);
            String[] args = words.subList(1, words.size()).toArray(String[]::new);
            try {
                CommandLine.ParseResult parsed = new CommandLine(new Main()).parseArgs(args);
                assertTrue(parsed.hasSubcommand(), "no command in: " + line);
                commands.add(parsed.subcommand().commandSpec().name());
            } catch (CommandLine.ParameterException e) {
                fail(WORKFLOW + ": '" + line + "' does not parse: " + e.getMessage());
            }
        }
        assertEquals(Set.of("audit", "comment", "merge"), commands, "the commands the workflow runs: " + lines);
    }

    @Test
    void theWordsAreTheShells() {
        assertEquals(List.of("./regrade", "audit", "--python", "$GITHUB_WORKSPACE", "--shard", "1/4", "--out", "a b"),
                words("./regrade audit --python \"$GITHUB_WORKSPACE\" --shard ${{ matrix.shard }}/4 --out 'a b' || x=$?"));
        assertEquals(List.of("./regrade", "merge", "s/*"), words("./regrade merge s/*   # comment"));
    }

    @Test
    void theShardsAddUpAndTheReportJobMayComment() throws IOException {
        JsonNode wf = workflow();
        JsonNode matrix = wf.path("jobs").path("audit-shard").path("strategy").path("matrix").path("shard");
        String audit = regradeLines(wf).stream().filter(l -> l.startsWith("./regrade audit")).findFirst().orElseThrow();
        Matcher shard = Pattern.compile("--shard \\$\\{\\{ matrix.shard }}/(\\d+)").matcher(audit);
        assertTrue(shard.find(), audit);
        assertEquals(Integer.parseInt(shard.group(1)), matrix.size(), "--shard K/N with N the matrix's size");
        for (int k = 0; k < matrix.size(); k++) {
            assertEquals(k + 1, matrix.get(k).asInt(), "the matrix is 1..N");
        }
        assertTrue(audit.contains("--before-scripts") && audit.contains("--after-scripts") && audit.contains("--python"), audit);
        JsonNode report = wf.path("jobs").path("report");
        assertEquals("audit-shard", report.path("needs").asText());
        assertEquals("write", report.path("permissions").path("pull-requests").asText());
        assertEquals("read", wf.path("permissions").path("contents").asText(), "the rest of the workflow reads only");
        assertTrue(wf.path("on").has("pull_request"), "runs on pull requests");
        boolean tokenFromSecret = false;
        for (JsonNode step : report.path("steps")) {
            tokenFromSecret |= step.path("run").asText("").contains("./regrade comment")
                    && step.path("env").path("GITHUB_TOKEN").asText().equals("${{ secrets.GITHUB_TOKEN }}");
        }
        assertTrue(tokenFromSecret, "the comment step gets GITHUB_TOKEN from the secret");
    }
}
