package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code audit --answers} and {@code --judge-url} on the command line: the runs, the shards, the refusals. */
class AuditAnswersCliTest {
    @TempDir
    Path tmp;
    private Path answers;

    @BeforeEach
    void answers() throws IOException {
        answers = tmp.resolve("answers");
        write("a/rl_course_book/answer_1.md", "Stanford's CS234 uses Sutton & Barto.");
        write("a/rl_course_book/answer_2.md", "No course found.");
        write("b/gas_stations/answer_1.md", "Not audited here.");
    }

    private void write(String rel, String text) throws IOException {
        Path p = answers.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private List<String> audit(String out, String... more) {
        List<String> a = new ArrayList<>(List.of("audit", "--quiet", "--scripts", "rl_course_book", "--policies", "hash",
                "--fixtures", "none", "--seeds", "0", "--answers", answers.toString(), "--out", tmp.resolve(out).toString()));
        a.addAll(List.of(more));
        return a;
    }

    private static CliRun run(List<String> args) {
        return CliRun.of(args.toArray(String[]::new));
    }

    private static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString(), Files.readString(p));
            }
        }
        return files;
    }

    @Test
    void theAnswersAreInputsAndWhatIsPassedOverIsCounted() {
        CliRun r = run(audit("whole"));
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("regrade audit: --answers: 2 answers of 1 audited task; passed over 1 of 1 task(s) "
                + "not audited (gas_stations)"), r.err());
        assertTrue(r.out().startsWith("6 runs, 3 inputs:"), r.out());
        assertTrue(Files.isRegularFile(tmp.resolve("whole/results/rl_course_book/fixed/answer-a-answer_2.json")));
    }

    @Test
    void aShardedAuditWithAnswersMergesToTheUnshardedOne() throws IOException {
        assertEquals(0, run(audit("whole")).status());
        List<String> merge = new ArrayList<>(List.of("merge"));
        for (int k = 1; k <= 2; k++) {
            CliRun s = run(audit("shard-" + k, "--shard", k + "/2"));
            assertEquals(0, s.status(), s.out() + s.err());
            merge.add(tmp.resolve("shard-" + k).toString());
        }
        merge.addAll(List.of("--out", tmp.resolve("merged").toString()));
        CliRun m = run(merge);
        assertEquals(0, m.status(), m.out() + m.err());
        assertEquals(tree(tmp.resolve("whole")), tree(tmp.resolve("merged")));
        // an answer edited after the shards ran: the merge would not be their audit
        write("a/rl_course_book/answer_1.md", "Edited since.");
        CliRun again = run(merge);
        assertEquals(ExitCodes.BAD_INPUT, again.status(), again.out() + again.err());
        assertTrue(again.err().contains("or the answers in " + answers + " changed since"), again.err());
    }

    @Test
    void judgeUrlSendsEveryRequestThereAndTheReportNamesIt() throws IOException {
        dev.regrade.judge.server.FakeJudgeServer judge = dev.regrade.judge.server.FakeJudgeServer.start(
                dev.regrade.judge.server.FakeJudgeConfig.defaults()
                        .withRules(dev.regrade.rubric.port.VerdictRules.hash())
                        .withExtractor(dev.regrade.policies.Policies.HASH.extractor("rl_course_book")));
        try {
            CliRun r = run(audit("real", "--judge-url", judge.baseUrl()));
            assertEquals(0, r.status(), r.out() + r.err());
            assertTrue(Files.readString(tmp.resolve("real/report.md"))
                    .contains("Judge: " + judge.baseUrl() + " (model o4-mini)"));
            // the fake judge rules as the hash policy does: the same results as the in-process audit
            assertEquals(0, run(audit("offline")).status());
            Map<String, String> real = tree(tmp.resolve("real/results"));
            assertEquals(tree(tmp.resolve("offline/results")), real);
            // nothing answers under /nowhere: exit 3, naming the run
            CliRun lost = run(audit("lost", "--judge-url", judge.baseUrl() + "/nowhere"));
            assertEquals(ExitCodes.JUDGE_UNAVAILABLE, lost.status(), lost.out() + lost.err());
            assertTrue(lost.err().contains("\nregrade audit: run rl_course_book "), lost.err());
            assertTrue(lost.err().contains("answered HTTP 404"), lost.err());
        } finally {
            judge.stop();
        }
    }

    private void assertBadInput(String expected, List<String> args) {
        CliRun r = run(args);
        assertEquals(ExitCodes.BAD_INPUT, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void optionsThatNeedAnotherOrContradictOneAreRefused() throws IOException {
        assertBadInput("--answers-policy needs --answers DIR", List.of("audit", "--answers-policy", "full", "--out",
                tmp.resolve("o").toString()));
        assertBadInput("--judge-model needs --judge-url URL", List.of("audit", "--judge-model", "gpt-4o", "--out",
                tmp.resolve("o").toString()));
        assertBadInput("--api-key-env needs --judge-url URL", List.of("audit", "--api-key-env", "MY_KEY", "--out",
                tmp.resolve("o").toString()));
        assertBadInput("--judge in-process and --judge-url contradict each other",
                audit("o", "--judge", "in-process", "--judge-url", "http://127.0.0.1:9/v1"));
        assertBadInput("--judge-url: baseUrl must be an http or https URL", audit("o", "--judge-url", "ftp://x/v1"));
        assertBadInput("--answers-policy: no policy 'ful'; did you mean 'full'?", audit("o", "--answers-policy", "ful"));
        write("a/rl_course_bok/answer_1.md", "a misspelt task folder");
        assertBadInput("--answers: a/rl_course_bok names no task; did you mean 'rl_course_book'?", audit("o"));
    }
}
