package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.rubric.json.JsonFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The replay's Markdown fits a GitHub comment, its full form holds everything, and every format counts alike. */
class ReplayReportFormatsTest {
    /** A result; {@code nodes} changed nodes with long ids (what made the old Markdown unbounded). */
    static ReplayResult result(int i, Status status, double before, Double after, int nodes) {
        List<String> changed = IntStream.range(0, nodes).mapToObj(n -> "verification_of_item_" + n + "_" + "x".repeat(40))
                .toList();
        return new ReplayResult("r" + i + ".json", "task_" + (i % 7), "agent_" + (i % 13), "answer_" + i + ".md", status,
                status == Status.REPLAYED ? null : "reason " + i, before, after, after, true, true, null, null, null, changed,
                List.of(), List.of(), List.of(), false, null, 0, null, 0);
    }

    /** 3,000 results, most of them changed with 30 long node ids each: far beyond 65,536 characters in full. */
    static ReplayReport big() {
        List<ReplayResult> rs = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            Status s = i % 50 == 0 ? Status.MISMATCH : i % 31 == 0 ? Status.SKIPPED : Status.REPLAYED;
            rs.add(result(i, s, 0.5, s == Status.REPLAYED ? (i % 3 == 0 ? 0.5 : 0.75) : null, i % 3 == 0 ? 0 : 30));
        }
        return new ReplayReport(rs);
    }

    @Test
    void theSummaryFitsAGithubCommentWithVerdictAndAgentsFirstAndTheFullFormHoldsEveryRow() {
        ReplayReport report = big();
        String md = report.markdown();
        assertTrue(md.length() <= 65_536, md.length() + " characters");
        assertTrue(md.startsWith("# Replay\n\n**Verdict: 60 results mismatched the self-check** (exit 1)."), md);
        assertTrue(md.indexOf("## Per agent") < md.indexOf("## Results that may change"), "per-agent table first");
        assertTrue(md.contains("<details><summary>13 agents</summary>"), "long tables folded");
        assertTrue(md.contains(" +26 more |"), "a row's node list is cut to 4, then +N more");
        assertTrue(md.matches("(?s).*\n\\+\\d+ more results \\(GitHub's comment limit\\).*"), "rows beyond the limit counted");

        String full = report.markdownFull();
        assertTrue(full.length() > 65_536, "the full form has no limit");
        assertEquals(3000, full.lines().filter(l -> l.matches("\\| task_\\d+ \\| agent_.*")).count(), "every result");
        assertFalse(full.contains(" more"), "nothing cut");
        assertFalse(full.contains("<details>"), "nothing folded");
    }

    @Test
    void everyFormatCountsInOneVocabulary() {
        ReplayReport report = big();
        JsonNode counts = JsonFiles.parse(report.json()).get("counts");
        assertEquals(3000, counts.get("results").asInt());
        assertEquals(report.count(Status.MISMATCH), counts.get("mismatch").asLong());
        assertEquals(report.changed(), counts.get("may_change").asLong());
        for (ReplayCounts.Row r : report.counts().rows()) {
            assertEquals(r.count(), counts.get(r.key()).asLong(), r.key());
            String md = "| " + (r.nested() ? "… " : "") + r.label() + " | " + r.count() + " |";
            assertTrue(report.markdown().contains(md), md);
            assertTrue(report.html().contains(r.label() + "</td><td class=\"num\">" + r.count() + "</td>"), r.key());
        }
        // the status words of the summary line are the counts' labels
        for (Status s : Status.values()) {
            if ((s == Status.NEEDS_MODEL || s == Status.OVER_BUDGET) && report.count(s) == 0) {
                continue; // named in the summary line only when some result has it
            }
            assertTrue(report.summaryLine().contains(s == Status.MISMATCH ? "mismatched" : s.value()), s.value());
        }
        assertTrue(report.summaryLine().contains(report.changed() + " may change"));
    }

    @Test
    void aResultOverTheSearchBudgetIsNamedInEveryFormatAndFailsTheVerdict() {
        String reason = "no PYTHONHASHSEED within the search budget of 100 runs reproduces the stored tree; raise "
                + "--search-budget (seeds 0..101 tried; under 0: first differing node: book_0)";
        ReplayResult over = new ReplayResult("r.json", "popular_ai_books", "agent_1", "answer_1.md", Status.OVER_BUDGET,
                reason, 0.5, null, null, false, false, 0L, null, null, List.of(), List.of(), List.of(), List.of(), false,
                null, 0, null, 0);
        ReplayReport report = new ReplayReport(List.of(result(1, Status.REPLAYED, 1.0, 1.0, 0), over));
        assertTrue(report.selfCheckFailed(), "exit 1");
        assertTrue(report.summaryLine().contains("1 over-budget (the self-check's search ran out of --search-budget)"),
                report.summaryLine());
        assertTrue(report.text().contains("r.json: over-budget (" + reason + ")"), report.text());
        assertTrue(report.markdown().startsWith("# Replay\n\n**Verdict: 1 result was not reproduced within the search "
                + "budget (raise --search-budget)** (exit 1)."), report.markdown());
        assertTrue(report.markdown().contains("| over-budget: no PYTHONHASHSEED within the search budget of 100 runs "
                + "reproduces the stored tree; raise --search-budget"), report.markdown());
        assertTrue(report.html().contains("Verdict: 1 result was not reproduced within the search budget (raise "
                + "--search-budget)</span> (exit 1)."), report.html());
        assertTrue(report.html().contains("<option value=\"over-budget\">"), "the filter offers it");
        assertTrue(report.html().contains(">over-budget: no PYTHONHASHSEED within the search budget of 100 runs"),
                report.html());
        JsonNode json = JsonFiles.parse(report.json());
        assertEquals(1, json.get("counts").get("over-budget").asInt());
        assertEquals("over-budget", json.get("results").get(1).get("status").asText());
        assertEquals(reason, json.get("results").get(1).get("reason").asText());
    }

    @Test
    void anEmptyChangeListIsNoneRatherThanATable() {
        ReplayReport report = new ReplayReport(List.of(result(1, Status.REPLAYED, 1.0, 1.0, 0)));
        assertTrue(report.markdown().endsWith("None: every result replayed to its stored score.\n"), report.markdown());
    }
}
