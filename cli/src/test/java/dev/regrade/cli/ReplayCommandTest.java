package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade replay} over the runner's layout: rows, the latest result per answer, exit codes, --out. */
class ReplayCommandTest {
    @TempDir
    Path dir;

    /** Writes {@code eval_results/<agent>/<task>/answer_1/results/<ts>_answer_1.md.json} from a Regrade run. */
    private Path store(String agent, String script, String policy, String timestamp, String... options)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--script", script, "--policy", policy, "--format", "json"));
        args.addAll(List.of(options));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
        ObjectNode doc = (ObjectNode) JsonFiles.parse(run.out());
        doc.remove("regrade"); // as the Python runner writes it
        doc.put("agent_name", agent);
        doc.put("answer_name", "answer_1.md");
        Path f = dir.resolve("eval_results").resolve(agent).resolve(script).resolve("answer_1").resolve("results")
                .resolve(timestamp + "_answer_1.md.json");
        Files.createDirectories(f.getParent());
        Files.writeString(f, JsonFiles.toFileText(doc), StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void replaysTheLatestResultPerAnswerAndReportsTheAgentsMetrics() throws IOException {
        store("agent-a", "ikea_shopping_list", "hash", "20260101_120000");
        store("agent-a", "active_stock", "hash", "20260101_120000");
        Path old = store("agent-b", "ikea_shopping_list", "full", "20250101_120000");
        Files.writeString(old, "{ \"not\": \"read\" }", StandardCharsets.UTF_8); // older: the runner ignores it
        store("agent-b", "ikea_shopping_list", "full", "20260102_120000");
        // The runner's summaries beside its results (per task, per agent, merged) are no result: not read.
        Path results = dir.resolve("eval_results");
        Files.writeString(results.resolve("agent-a/active_stock/summary.json"), "[]", StandardCharsets.UTF_8);
        Files.writeString(results.resolve("agent-a/summary.json"), "{\"agent_name\": \"agent-a\"}", StandardCharsets.UTF_8);
        Files.writeString(results.resolve("all_results.json"), "{}", StandardCharsets.UTF_8);
        CliRun run = CliRun.of("replay", "--after", "fixed", "--format", "json", results.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode doc = JsonFiles.parse(run.out());
        List<String> tasks = doc.get("results").findValuesAsText("task");
        assertEquals(List.of("active_stock", "ikea_shopping_list", "ikea_shopping_list"), tasks);
        for (JsonNode r : doc.get("results")) {
            assertEquals("replayed", r.get("status").asText(), r.toString());
        }
        JsonNode stock = doc.get("results").get(0);
        assertTrue(stock.get("after").isArray(), "active_stock's fix changes its prompts: " + stock);
        assertTrue(stock.get("unknown_claims").size() > 0);
        assertEquals(List.of("agent-a", "agent-b"), doc.get("agents").findValuesAsText("agent"));
        assertEquals(List.of("active_stock", "ikea_shopping_list"), doc.get("tasks").findValuesAsText("task"));
        JsonNode ikea = doc.get("tasks").get(1).get("before");
        assertEquals(2, ikea.get("num_tasks").asInt(), "a task's units are its agents");
        assertTrue(run.err().contains("3 results: 3 replayed"), run.err());
    }

    @Test
    void anExtractionTheStoredRunDidNotMakeIsNeedsModelInEveryFormat() throws IOException {
        store("agent-a", "popular_ai_books", "full", "20260101_120000"); // the fix reads every title's details
        store("agent-a", "ikea_shopping_list", "full", "20260101_120000");
        Path results = dir.resolve("eval_results");
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("replay", "--after", "fixed", "--format", "json", "--out", out.toString(), results.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode doc = JsonFiles.parse(run.out());
        JsonNode books = doc.get("results").get(1);
        assertEquals("needs-model", books.get("status").asText(), books.toString());
        assertTrue(books.get("after").isNull() && books.get("unknown_extractions").get(0).asText().startsWith("book_detail_"));
        assertTrue(books.get("reason").asText().contains(books.get("unknown_extractions").get(0).asText()));
        assertEquals(1, doc.get("counts").get("needs-model").asInt());
        assertEquals(1, doc.get("agents").get(0).get("needs_model").asInt());
        assertTrue(run.err().contains("2 results: 1 replayed (") && run.err().contains(
                "1 needs-model (1 answer needs the model), 0 mismatched the self-check, 0 skipped"), run.err());
        assertTrue(Files.readString(out.resolve("replay.txt")).contains(": needs-model (the after-variant requests"));
        assertTrue(Files.readString(out.resolve("replay.md")).contains("| needs-model: the after-variant requests"));
        assertTrue(Files.readString(out.resolve("replay.md")).contains("(1 answer needs the model)"));
        assertTrue(Files.readString(out.resolve("replay.html")).contains("<td>needs-model: the after-variant requests"));
    }

    @Test
    void anEditedResultIsAMismatchWithExitOneAndBadInputIsExitTwoWithNothingPrinted() throws IOException {
        Path f = store("agent-a", "ikea_shopping_list", "hash", "20260101_120000");
        ObjectNode doc = (ObjectNode) JsonFiles.parse(Files.readString(f));
        doc.put("final_score", 0.999);
        Files.writeString(f, JsonFiles.toFileText(doc), StandardCharsets.UTF_8);
        CliRun run = CliRun.of("replay", "--after", "fixed", f.toString());
        assertEquals(1, run.status(), run.err());
        assertTrue(run.out().contains(": mismatch (final_score: 0.999 stored"), run.out());

        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"agent_name\": \"a\", \"answer_name\": \"b\", \"final_score\": 1.0}", StandardCharsets.UTF_8);
        CliRun broken = CliRun.of("replay", "--after", "fixed", "--out", dir.resolve("out").toString(), f.toString(),
                bad.toString());
        assertEquals(2, broken.status());
        assertEquals("", broken.out());
        assertEquals("regrade replay: " + bad + ": $.eval_breakdown: missing\n", broken.err());
        assertTrue(Files.notExists(dir.resolve("out")));
    }

    @Test
    void theSearchBudgetBoundsTheDateSearchAndARunOutBudgetIsOverBudgetWithExitOne() throws IOException {
        // Evaluated after midnight, stamped before it: the date search's first run (the next day) finds it.
        Path f = store("agent-a", "county_AQI", "full", "20261231_235959", "--eval-date", "2027-01-01");
        CliRun found = CliRun.of("replay", "--after", "fixed", f.toString());
        assertEquals(0, found.status(), found.err());
        assertTrue(found.out().contains("replayed under evaluation date 2027-01-01, the nearest date"), found.out());
        CliRun over = CliRun.of("replay", "--after", "fixed", "--search-budget", "0", "--format", "json", f.toString());
        assertEquals(1, over.status(), over.err());
        JsonNode r = JsonFiles.parse(over.out()).get("results").get(0);
        assertEquals("over-budget", r.get("status").asText());
        assertTrue(r.get("reason").asText().startsWith("no evaluation date within the search budget of 0 runs "
                + "reproduces the stored tree; raise --search-budget"), r.get("reason").asText());
        assertTrue(over.err().contains("1 over-budget (the self-check's search ran out of --search-budget)"), over.err());
        CliRun negative = CliRun.of("replay", "--after", "fixed", "--search-budget", "-1", f.toString());
        assertEquals(2, negative.status());
        assertEquals("", negative.out());
        assertTrue(negative.err().contains("--search-budget"), negative.err());
        assertTrue(CliRun.of("replay", "--help").out().contains("--search-budget=N"));
    }

    @Test
    void rescoreAndDiffReadTheRunnersLayoutAsTheRunnerDoes() throws IOException {
        Path old = store("agent-a", "ikea_shopping_list", "hash", "20250101_120000");
        Files.writeString(old, "{ \"not\": \"read\" }", StandardCharsets.UTF_8);
        Path latest = store("agent-a", "ikea_shopping_list", "hash", "20260101_120000");
        CliRun rescore = CliRun.of("rescore", dir.resolve("eval_results").toString());
        assertEquals(0, rescore.status(), rescore.err());
        assertEquals(latest + ": consistent\n", rescore.out());

        Path other = dir.resolve("other");
        Path moved = other.resolve("eval_results/agent-a/ikea_shopping_list/answer_1/results/20270101_000000_answer_1.md.json");
        Files.createDirectories(moved.getParent());
        Files.copy(latest, moved);
        CliRun diff = CliRun.of("diff", dir.resolve("eval_results").toString(), other.resolve("eval_results").toString());
        assertEquals(0, diff.status(), diff.out() + diff.err());
        assertEquals("no differences in 1 files\n", diff.out());
    }

    @Test
    void outWritesTheReportFamily() throws IOException {
        Path f = store("agent-a", "ikea_shopping_list", "full", "20260101_120000");
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("replay", "--after", "fixed", "--format", "markdown", "--out", out.toString(), f.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(run.out(), Files.readString(out.resolve("replay.md")));
        assertTrue(Files.readString(out.resolve("replay.html")).contains("<td>ikea_shopping_list</td>"));
        assertEquals("replayed", JsonFiles.parse(Files.readString(out.resolve("replay.json")))
                .get("results").get(0).get("status").asText());
        assertTrue(Files.readString(out.resolve("replay.txt")).contains("replayed ikea_shopping_list agent-a answer_1.md"));
    }
}
