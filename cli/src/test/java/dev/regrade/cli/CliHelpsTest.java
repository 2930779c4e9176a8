package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line helps instead of guessing: suggestions, plain messages, honest diffs and rescores. */
class CliHelpsTest {
    @TempDir
    static Path tmp;
    static Path results;

    @BeforeAll
    static void audit() {
        Path out = tmp.resolve("audit");
        CliRun run = CliRun.of("audit", "--scripts", "gas_stations,rl_course_book", "--policies", "empty,full",
                "--fixtures", "none", "--seeds", "0", "--quiet", "--out", out.toString());
        assertEquals(0, run.status(), run.err());
        results = out.resolve("results");
    }

    private static void refusedWith(CliRun run, String... parts) {
        assertEquals(2, run.status(), run.out() + run.err());
        for (String p : parts) {
            assertTrue(run.err().contains(p), "missing '" + p + "' in: " + run.err());
        }
        assertFalse(run.err().matches("(?s).*(Exception|is not an? (int|long|double)\\b).*"), run.err());
    }

    @Test
    void aMisspelledCommandGetsSuggestions() {
        refusedWith(CliRun.of("audti"), "'audti'", "Did you mean", "regrade audit");
    }

    @Test
    void aMisspelledOptionIsNamedAndSuggestedBeforeTheMissingOneItHid() {
        refusedWith(CliRun.of("run", "--scirpt", "gas_stations", "--policy", "full"), "'--scirpt'", "--script",
                "Possible solutions: --script");
        refusedWith(CliRun.of("run", "--script", "gas_stations", "--varaint", "fixed", "--policy", "full"),
                "'--varaint'", "Possible solutions: --variant");
    }

    @Test
    void aBadNumberReadsAsAUserWouldPutIt() {
        refusedWith(CliRun.of("run", "--script", "gas_stations", "--policy", "full", "--hash-seed", "a"),
                "'a' is not a whole number");
    }

    @Test
    void aMissingFileIsNamedWithoutAJavaClassName() {
        Path missing = tmp.resolve("nope.json");
        refusedWith(CliRun.of("rescore", missing.toString()), missing + ": no such file");
    }

    @Test
    void rescoreReadsEveryResultUnderADirectory() throws IOException {
        long files;
        try (Stream<Path> s = Files.walk(results)) {
            files = s.filter(p -> p.toString().endsWith(".json")).count();
        }
        CliRun run = CliRun.of("rescore", results.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(files, run.out().lines().filter(l -> l.contains(": consistent")).count(), run.out());
        assertTrue(files >= 8, "two scripts × two policies × two variants: " + files);
        refusedWith(CliRun.of("rescore", Files.createDirectories(tmp.resolve("empty")).toString()),
                "no result files (*.json)");
    }

    @Test
    void aDiffOfTwoScriptsIsRefused() {
        refusedWith(CliRun.of("diff", results.resolve("gas_stations/released/policy-full.json").toString(),
                results.resolve("rl_course_book/released/policy-full.json").toString()),
                "not the same script: gas_stations vs rl_course_book");
    }

    @Test
    void aDiffWithoutDifferencesSaysSo() {
        Path dir = results.resolve("gas_stations/released");
        CliRun dirs = CliRun.of("diff", dir.toString(), dir.toString());
        assertEquals(0, dirs.status(), dirs.err());
        assertEquals("no differences in 2 files\n", dirs.out());
        Path file = dir.resolve("policy-full.json");
        CliRun one = CliRun.of("diff", file.toString(), file.toString());
        assertEquals(0, one.status(), one.err());
        assertEquals("no differences in 1 file\n", one.out());
    }

    @Test
    void goldenAndPredictionsSwappedAreRefusedNotScored() throws IOException {
        Path golden = tmp.resolve("longqa-golden.jsonl");
        Path preds = tmp.resolve("longqa-preds.jsonl");
        Files.writeString(golden, "{\"video_path\": \"v1\", \"question\": \"Q?\", \"answer\": \"A\", "
                + "\"mcq_options\": \"A. x\", \"mcq_answer\": \"A\", \"category\": \"c\"}\n");
        Files.writeString(preds, "{\"video_path\": \"v1\", \"mcq_answer\": \"B\"}\n");
        Path output = tmp.resolve("swapped.json");
        refusedWith(CliRun.of("score", "longqa", "--golden", preds.toString(), "--predictions", golden.toString(),
                "--output", output.toString()), "look swapped: the golden file's first row has none of question, "
                + "answer, mcq_options, category, and the predictions file's first row has question, answer, "
                + "mcq_options, category");
        assertFalse(Files.exists(output), "nothing written");
        CliRun right = CliRun.of("score", "longqa", "--golden", golden.toString(), "--predictions", preds.toString(),
                "--output", output.toString());
        assertEquals(0, right.status(), right.err());
    }
}
