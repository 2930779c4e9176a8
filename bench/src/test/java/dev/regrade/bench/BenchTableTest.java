package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Bench#table}: the {@code regrade bench} table of a small document, exactly; and the options it takes. */
class BenchTableTest {
    static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static final String MEASURED = """
            {"regrade_bench": 2, "repeat": 3, "quick": false, "cores": 2, "java": "17.0.15", "launcher": "./regrade",
             "audit": {
              "in-process": {"target_ms": 3000.0, "command": "./regrade audit --quiet --judge in-process --out <tmp>",
                "status": "measured", "wall_ms_median": 2480.0, "met": true, "judge_requests": 1200,
                "phases_measured": "child process, from process start",
                "phases_ms_median": {"jvm start": 150.0, "inputs": 40.0, "runs, first seed": 900.0, "jvm exit": 20.0}},
              "http": {"target_ms": 6000.0, "status": "measured", "wall_ms_median": 6100.0, "met": false,
                "judge_requests": 1200, "phases_measured": "child process, from process start",
                "phases_ms_median": {"jvm start": 150.0, "fake judge start": 30.0, "inputs": 40.0,
                  "runs, first seed": 2500.0, "custom phase": 5.0, "jvm exit": 20.0}},
              "http_over_in_process": {"median": 2.46, "samples": [2.46, 2.4, 2.5], "target": 2.2, "met": false}},
             "throughput": [
              {"threads": 1, "requests": 2000, "failed_total": 0, "deadline_hit": false, "elapsed_ms_median": 1234.0,
               "requests_per_second_median": 1620.7},
              {"threads": 16, "requests": 2000, "failed_total": 3, "deadline_hit": true, "elapsed_ms_median": 640.0,
               "requests_per_second_median": 3125.0}]}
            """;

    /**
     * Both modes measured (one met, one missed), the paired ratio, the phases in the audit's order with the
     * one unknown phase last and "-" where a mode has no such phase, and throughput with a deadline hit.
     */
    @Test
    void aMeasuredAuditAndThroughput() {
        assertEquals("""
                regrade bench: medians of 3 run(s); 2 cores; Java 17.0.15

                Default audit (11 scripts x 4 policies + fixtures x 2 variants x 4 seeds), wall time from process start
                  (./regrade audit --quiet --judge in-process --out <tmp>)
                  judge              median     target         judge requests
                  in-process         2.48 s   < 3.00 s met               1200
                  http               6.10 s   < 6.00 s MISSED            1200
                  http / in-process, paired run by run: median 2.46x (runs [2.46,2.4,2.5]), target <= 2.2x: MISSED

                Where the time goes (medians; child process, from process start)
                  phase                          in-process         http
                  jvm start                          150 ms       150 ms
                  inputs                              40 ms        40 ms
                  fake judge start                        -        30 ms
                  runs, first seed                   900 ms       2.50 s
                  jvm exit                            20 ms        20 ms
                  custom phase                            -         5 ms

                Judge requests per second over loopback HTTP (HttpJudgeClient -> FakeJudgeServer on 127.0.0.1)
                  threads  requests  failed    elapsed      req/s
                        1      2000       0     1.23 s       1621
                       16      2000       3     640 ms       3125  (deadline hit)

                """, Bench.table(json(MEASURED)));
    }

    @Test
    void aQuickRunSaysWhyTheAuditWasNotTimed() {
        JsonNode doc = json("""
                {"repeat": 1, "quick": true, "cores": 2, "java": "17.0.15",
                 "audit": {
                  "in-process": {"target_ms": 3000.0, "status": "skipped", "reason": "--quick", "judge_requests": 40,
                    "phases_measured": "in this JVM (no JVM start or exit)", "phases_ms_median": {"inputs": 12.5}},
                  "http": {"target_ms": 6000.0, "status": "skipped", "reason": "--quick", "judge_requests": 40,
                    "phases_measured": "in this JVM (no JVM start or exit)",
                    "phases_ms_median": {"inputs": 13.0, "fake judge start": 1500.0}}}}
                """);
        assertEquals("""
                regrade bench: medians of 1 run(s); 2 cores; Java 17.0.15; --quick

                Default audit (11 scripts x 4 policies + fixtures x 2 variants x 4 seeds), wall time from process start
                  judge              median     target         judge requests
                  in-process        skipped   < 3.00 s                     40  (--quick)
                  http              skipped   < 6.00 s                     40  (--quick)

                Where the time goes (medians; in this JVM (no JVM start or exit))
                  phase                          in-process         http
                  inputs                              13 ms        13 ms
                  fake judge start                        -       1.50 s

                """, Bench.table(doc));
    }

    @Test
    void optionsNameOnlyKnownSectionsAndAtLeastOne() {
        assertEquals(Set.of("replay"), new Bench.Options(1, true, 10, null, null, Set.of("replay"), null, l -> { })
                .sections());
        assertThrows(IllegalArgumentException.class,
                () -> new Bench.Options(1, true, 10, null, null, Set.of("audit", "bogus"), null, l -> { }));
        assertThrows(IllegalArgumentException.class,
                () -> new Bench.Options(1, true, 10, null, null, Set.of(), null, l -> { }));
    }
}
