package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * {@link SubjectsBench}'s table and targets on documents written here (its whole --quick run, whose
 * children are {@code regrade} commands, is cli's {@code SubjectsBenchRunTest}). No time is measured.
 */
class SubjectsBenchTest {
    @Test
    void withoutAnUpstreamDirectoryThePythonColumnSaysHowToEnableIt() {
        // Only the Python lookup: no data is generated for a skipped scorer.
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("repeat", 1).put("load_before", "1.00 1.00 1.00").put("load_after", "1.00 1.00 1.00")
                .put("rss", "not measured (no /usr/bin/time)").put("regrade_command", "regrade score")
                .put("target_rss_mb", 512.0);
        doc.putArray("vereval");
        doc.putObject("python").put("status", "skipped").put("reason", "upstream scorer not available: pass --python-scorer");
        // No wearable rows (a --sections vereval run): no wearable header either.
        doc.putArray("wearable");
        assertFalse(SubjectsBench.table(doc).contains("Wearable scorers"), SubjectsBench.table(doc));
        doc.withArray("wearable").addObject().put("task", "longqa").put("variant", "fixed").put("scale", 1)
                .put("units", 700).put("golden_mb", 0.4).put("status", 0).put("wall_ms_median", 300.0)
                .put("us_per_row", 428.6).put("peak_rss_mb", 65.0);
        String table = SubjectsBench.table(doc);
        assertTrue(table.contains("skipped (upstream scorer not available: pass --python-scorer)"), table);
        assertTrue(table.contains("longqa    fixed       1x      700"), table);
    }

    /** Two rows at 100x paired with the original (one meets its targets, one misses both), and VerEval twice. */
    private static final String PAIRED = """
            {"repeat": 5, "scales": [100], "load_before": "0.50 0.40 0.30", "load_after": "1.50 1.00 0.60",
             "rss": "/usr/bin/time -f %M (peak RSS of the whole process)", "regrade_command": "./regrade score TASK",
             "target_rss_mb": 512.0,
             "python": {"status": "measured", "upstream": "/up", "command": "python3 DIR/VARIANT/run_evaluation.py"},
             "wearable": [
              {"task": "proactive", "variant": "released", "scale": 100, "rows": 70000, "unit": "chunks",
               "units": 993500, "golden_mb": 512.3, "status": 0, "wall_ms_median": 2660.0, "us_per_row": 38.0,
               "peak_rss_mb": 204.4,
               "python": {"status": 0, "wall_ms_median": 41000.0, "us_per_row": 585.7, "peak_rss_mb": 1200.0,
                          "ratio": 15.41, "ratio_of_pairs_median": 15.2, "outputs_identical": true}, "met": true},
              {"task": "longqa", "variant": "fixed", "scale": 100, "rows": 70000, "unit": "rows", "units": 70000,
               "golden_mb": 40.0, "status": 0, "wall_ms_median": 900.0, "us_per_row": 12.9, "peak_rss_mb": 600.0,
               "python": {"status": 1, "wall_ms_median": 1900.0, "us_per_row": 27.1, "peak_rss_mb": 80.0,
                          "ratio": 2.11, "ratio_of_pairs_median": 2.2, "outputs_identical": false}, "met": false}],
             "vereval": [
              {"scale": 1, "runs": 5, "samples": 1391, "fits_512m": true, "heap": "-Xmx512m", "status": 0,
               "judge_requests": 4173, "wall_ms_median": 3100.0, "in_main_ms_median": 2800.0, "samples_per_s": 448.7,
               "requests_per_s": 1490.4, "peak_heap_mb": 96.0},
              {"scale": 100, "runs": 1, "samples": 139100, "fits_512m": false, "heap": "-Xmx4g", "status": 1,
               "judge_requests": 417300, "wall_ms_median": 250000.0, "in_main_ms_median": 249000.0,
               "samples_per_s": 556.4, "requests_per_s": 1675.9, "peak_heap_mb": 700.0}]}
            """;

    @Test
    void pairedRowsTheirTargetsAndVerEval() {
        assertEquals("""
                Wearable scorers, whole process from start to exit (medians of 5 paired run(s); load 0.50 0.40 0.30 before, 1.50 1.00 0.60 after; peak RSS: /usr/bin/time -f %M (peak RSS of the whole process))
                  regrade: ./regrade score TASK
                  original: python3 DIR/VARIANT/run_evaluation.py
                  task      variant  scale    units  golden |   regrade   us/row peak RSS |  original   us/row peak RSS |   ratio outputs        target at 100x
                  proactive released  100x   993500  512 MB |    2.66 s     38.0   204 MB |   41.00 s    585.7  1200 MB |  15.41x byte-identical ratio >= 10.0x met, RSS < 512 MB met
                  longqa    fixed     100x    70000   40 MB |    900 ms     12.9   600 MB |    EXIT 1     27.1    80 MB |   2.11x DIFFER         ratio >= 2.5x MISSED, RSS < 512 MB MISSED
                  VerEval against a fake judge on loopback (3 requests per sample, 8 workers):
                       1x     1391 samples      4173 requests  wall    3.10 s  in main    2.80 s      1490 req/s     449 samples/s  peak heap    96 MB
                     100x   139100 samples    417300 requests  wall  250.00 s  in main  249.00 s      1676 req/s     556 samples/s  peak heap   700 MB  (OutOfMemoryError at -Xmx512m; measured with -Xmx4g)  EXIT 1
                    (request-bound: each sample is 3 HTTP round trips to the judge and one fsynced scores.jsonl line)
                """, SubjectsBench.table(BenchTableTest.json(PAIRED)));
    }

    @Test
    void aGoldenFileUnderTenMegabytesShowsOneDecimal() {
        // LongQA's golden file at 1x is 0.4 MB: it once read "0 MB" (whole megabytes only)
        ObjectNode doc = (ObjectNode) BenchTableTest.json(PAIRED);
        ObjectNode row = (ObjectNode) doc.withArray("wearable").get(1);
        row.put("golden_mb", 0.4).put("scale", 1);
        row.remove("met");
        String line = SubjectsBench.table(doc).lines().filter(l -> l.startsWith("  longqa")).findFirst().orElseThrow();
        assertTrue(line.startsWith("  longqa    fixed       1x    70000  0.4 MB |"), line);
        assertEquals("40 MB", SubjectsBench.megabytes(40.2));
        assertEquals("9.9 MB", SubjectsBench.megabytes(9.94));
    }

    @Test
    void theTargetAgainstTheOriginalIsTenTimesExceptLongQa() {
        assertEquals(10.0, SubjectsBench.targetRatio("proactive"));
        assertEquals(10.0, SubjectsBench.targetRatio("convqa"));
        assertEquals(2.5, SubjectsBench.targetRatio("longqa"));
    }

    @Test
    void noRowsNoTable() {
        JsonNode doc = BenchTableTest.json("""
                {"wearable": [], "vereval": [], "python": {"status": "skipped", "reason": "x"}}
                """);
        assertEquals("", SubjectsBench.table(doc));
    }
}
