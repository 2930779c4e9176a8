package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit, diff and report commands end to end: files, exit statuses, errors. */
class AuditCliTest {
    @TempDir
    Path dir;

    private CliRun audit(String... extra) {
        String[] base = {"audit", "--scripts", "gas_stations", "--fixtures", "../fixtures", "--seeds", "0,1",
            "--quiet", "--out", dir.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void anAuditWritesItsReportsAndResultsAndPassesOnTheShippedExpectations() throws IOException {
        CliRun run = audit();
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().startsWith("20 runs, 5 inputs: 1 changed trees, 0 unexpected changes, 6 crashes"), run.out());
        Path out = dir.resolve("out");
        for (String f : new String[] {"report.md", "report-full.md", "report.html", "report.json",
            "results/gas_stations/released/fixture-short-final-leg.json",
            "results/gas_stations/fixed/policy-empty.json"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        try (var s = Files.list(out)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary files left");
        }
    }

    @Test
    void timingsSayWhereTheTimeWentWithoutTouchingTheResults() throws IOException {
        Path timings = dir.resolve("timings.json");
        CliRun run = audit("--timings", timings.toString());
        assertEquals(0, run.status(), run.out() + run.err());
        var doc = dev.regrade.rubric.json.JsonFiles.parse(Files.readString(timings));
        java.util.List<String> phases = new java.util.ArrayList<>();
        doc.get("phases_ms").fieldNames().forEachRemaining(phases::add);
        assertEquals(java.util.List.of("jvm start", "inputs", "runs, first seed", "runs, other seeds",
                "diffs and report", "write results and reports"), phases);
        double sum = 0;
        for (var v : doc.get("phases_ms")) {
            assertTrue(v.asDouble() >= 0, doc.toString());
            sum += v.asDouble();
        }
        assertEquals(doc.get("total_ms").asDouble(), sum, 1.0, "the phases add up to the total");
        assertTrue(doc.get("judge_requests").asLong() >= 0, doc.toString());
        String report = Files.readString(dir.resolve("out").resolve("report.json"));
        assertTrue(!report.contains("phases_ms") && !report.contains("total_ms"), "timings stay out of the report");
    }

    @Test
    void anUndeclaredChangeExitsOne() throws IOException {
        Path expect = dir.resolve("expect.json");
        Files.writeString(expect, "{\"scripts\": {\"gas_stations\": {\"allow\": [\"station_1_*\"]}}}", StandardCharsets.UTF_8);
        CliRun run = audit("--expect", expect.toString());
        assertEquals(1, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("UNEXPECTED gas_stations fixture short-final-leg: verdict station_5_distance_check status: failed → passed"),
                run.out());
    }

    @Test
    void badInputExitsTwoNamingTheProblem() throws IOException {
        CliRun unknown = CliRun.of("audit", "--scripts", "gas_station", "--quiet", "--out", dir.toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().startsWith("regrade audit: unknown script 'gas_station' (known: "), unknown.err());
        Path expect = dir.resolve("bad.json");
        Files.writeString(expect, "{\"scripts\": {\"gas_stations\": {\"allow\": [\"x\"], \"nots\": 1}}}", StandardCharsets.UTF_8);
        CliRun bad = audit("--expect", expect.toString());
        assertEquals(2, bad.status());
        assertEquals("regrade audit: " + expect + ": $.scripts.gas_stations.nots: unknown key (expected one of allow, note, prompts); did you mean 'note'?\n",
                bad.err());
        CliRun variant = audit("--after", "instructors-last");
        assertEquals(2, variant.status());
        assertTrue(variant.err().contains("--after instructors-last: no audited script has a variant 'instructors-last'"),
                variant.err());
    }

    @Test
    void diffShowsTheChangedNodesOfTwoResultDirectories() {
        assertEquals(0, audit().status());
        Path results = dir.resolve("out").resolve("results").resolve("gas_stations");
        CliRun diff = CliRun.of("diff", results.resolve("released").toString(), results.resolve("fixed").toString());
        assertEquals(1, diff.status(), diff.err());
        assertTrue(diff.out().contains("fixture-short-final-leg.json: final score 0.8 → 1.0\n"
                + "  verdict  station_5_distance_check status: failed → passed\n"), diff.out());
        assertTrue(diff.out().endsWith("5 files, 1 differ\n"), diff.out());
        Path same = results.resolve("released").resolve("policy-empty.json");
        assertEquals(0, CliRun.of("diff", same.toString(), same.toString()).status());
        CliRun missing = CliRun.of("diff", same.toString(), dir.resolve("nope.json").toString());
        assertEquals(2, missing.status());
    }

    @Test
    void reportRendersAFinishedAuditAgain() throws IOException {
        assertEquals(0, audit().status());
        Path out = dir.resolve("out");
        CliRun md = CliRun.of("report", "--from", out.toString(), "--format", "markdown");
        assertEquals(0, md.status());
        assertEquals(Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8), md.out());
        CliRun full = CliRun.of("report", "--from", out.toString(), "--format", "markdown", "--full");
        assertEquals(Files.readString(out.resolve("report-full.md"), StandardCharsets.UTF_8), full.out());
        assertTrue(full.out().contains("(full report)") && !md.out().contains("(full report)"));
        assertEquals(2, CliRun.of("report", "--from", out.toString(), "--format", "html", "--full").status());
        CliRun html = CliRun.of("report", "--from", out.toString(), "--format", "html");
        assertEquals(Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8), html.out());
        CliRun none = CliRun.of("report", "--from", dir.resolve("empty").toString());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("no report.json here"), none.err());
    }

    @Test
    void reportRendersTheJsonAgainAndNamesTheFileAndFieldOfAMalformedReport() throws IOException {
        assertEquals(0, audit().status());
        Path out = dir.resolve("out");
        CliRun json = CliRun.of("report", "--from", out.toString(), "--format", "json");
        assertEquals(0, json.status(), json.err());
        assertEquals(Files.readString(out.resolve("report.json"), StandardCharsets.UTF_8), json.out());
        Path file = out.resolve("report.json");
        Files.writeString(file, Files.readString(file).replaceFirst("\"outcome\": \"scored\"", "\"outcome\": \"won\""));
        CliRun bad = CliRun.of("report", "--from", out.toString(), "--format", "markdown");
        assertEquals(2, bad.status(), bad.err());
        assertEquals("regrade report: " + file + ": $.comparisons[0].before.outcome: unknown outcome 'won' "
                + "(expected scored or crashed)\n", bad.err());
        assertEquals("", bad.out());
    }
}
