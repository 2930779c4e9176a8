package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade subjects generate|audit} and {@code regrade score} end to end. */
class SubjectsCliTest {
    @TempDir
    Path dir;

    @Test
    void generatedDataScoresPerfectlyInBothVariantsAndBadInputExitsTwo() throws IOException {
        CliRun gen = CliRun.of("subjects", "generate", "--out", dir.toString(), "--seed", "3");
        assertEquals(0, gen.status(), gen.err());
        Path longqa;
        try (var s = Files.walk(dir.resolve("wearable"))) {
            longqa = s.filter(p -> p.toString().contains("longqa") && p.getFileName().toString().endsWith("_val_700.jsonl"))
                    .findFirst().orElseThrow();
        }
        Path preds = longqa.resolveSibling("predictions.jsonl");
        assertTrue(Files.isRegularFile(preds), "the generator writes predictions beside the golden file");
        for (String variant : new String[] {"released", "fixed"}) {
            CliRun score = CliRun.of("score", "longqa", "--golden", longqa.toString(), "--predictions", preds.toString(),
                    "--variant", variant, "--output", dir.resolve(variant + ".json").toString());
            assertEquals(0, score.status(), score.err());
            assertTrue(Files.isRegularFile(dir.resolve(variant + ".json")));
        }
        CliRun bad = CliRun.of("score", "longqa", "--golden", dir.resolve("nope.jsonl").toString(), "--predictions",
                preds.toString());
        assertEquals(1, bad.status(), bad.err()); // the original's FileNotFoundError, as it raises it
        assertTrue(bad.err().contains("ERROR: [Errno 2] No such file or directory: '" + dir.resolve("nope.jsonl") + "'"),
                bad.err());
        CliRun variant = CliRun.of("score", "longqa", "--golden", longqa.toString(), "--predictions", preds.toString(),
                "--variant", "newest");
        assertEquals(2, variant.status());
        Path convqa;
        try (var s = Files.walk(dir.resolve("wearable"))) {
            convqa = s.filter(p -> p.toString().contains("egoconv") && p.getFileName().toString().startsWith("wearable_ai_"))
                    .findFirst().orElseThrow();
        }
        CliRun judgeUrl = CliRun.of("score", "convqa", "--golden", convqa.toString(), "--predictions",
                convqa.resolveSibling("predictions.jsonl").toString(), "--llm-judge", "--judge-url", "ftp://127.0.0.1/v1",
                "--judge-model", "m", "--output", dir.resolve("convqa.json").toString());
        assertEquals(2, judgeUrl.status(), judgeUrl.err());
        assertEquals("regrade score: --judge-url: baseUrl must be an http or https URL, got 'ftp://127.0.0.1/v1'\n",
                judgeUrl.err());
    }

    @Test
    void theSubjectAuditPrintsTheTableWithAFindingPerScenario() {
        CliRun run = CliRun.of("subjects", "audit", "--out", dir.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("| constant-two-element | proactive | overall.macro_f1 |"), run.out());
        assertTrue(run.out().contains("| judge-preamble | convqa | llm_judge |"), run.out());
        assertTrue(Files.isRegularFile(dir.resolve("subjects-report.json")));
        assertTrue(Files.isRegularFile(dir.resolve("subjects-report.html")));
    }
}
