package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade bench --quick} prints the table and writes the JSON (no timing is asserted). */
class BenchCommandTest {
    @Test
    void quickBenchPrintsTheTableAndWritesJson(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("bench", "--repeat", "1", "--quick", "--requests", "20", "--sections", "audit,throughput",
                "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("wall time from process start"), r.out());
        assertTrue(r.out().contains("Where the time goes"), r.out());
        assertTrue(r.out().contains("Judge requests per second over loopback HTTP"), r.out());
        Path file = dir.resolve("bench.json");
        assertTrue(Files.isRegularFile(file));
        JsonNode doc = JsonFiles.parse(Files.readString(file));
        assertEquals(1, doc.get("repeat").asInt());
        JsonNode in = doc.get("audit").get("in-process");
        JsonNode http = doc.get("audit").get("http");
        assertEquals("skipped", in.get("status").asText());
        assertEquals("skipped", http.get("status").asText());
        for (String k : new String[] {"inputs", "runs, first seed", "runs, other seeds", "diffs and report",
            "write results and reports"}) {
            assertTrue(in.get("phases_ms_median").get(k).asDouble() >= 0, k);
            assertTrue(http.get("phases_ms_median").get(k).asDouble() >= 0, k);
        }
        assertTrue(http.get("phases_ms_median").has("fake judge start"), "http mode starts a fake judge");
        assertTrue(!in.get("phases_ms_median").has("fake judge start"), "in-process mode starts none");
        assertTrue(in.get("judge_requests").asLong() > 0);
        assertEquals(in.get("judge_requests").asLong(), http.get("judge_requests").asLong());
        assertEquals(3, doc.get("throughput").size());
        for (JsonNode t : doc.get("throughput")) {
            assertEquals(20, t.get("sent_total").asInt());
            assertEquals(0, t.get("failed_total").asInt());
        }
    }

    @Test
    void anUnknownSectionIsBadInput(@TempDir Path dir) {
        CliRun r = CliRun.of("bench", "--sections", "audit,speed", "--out", dir.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--sections: unknown section 'speed' (expected audit, throughput, subjects, wearable, vereval, replay)"),
                r.err());
        assertTrue(!Files.exists(dir.resolve("bench.json")), "nothing written");
    }
}
