package dev.regrade.audit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.PyJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade bench --quick} prints the table and writes the JSON (no timing is asserted). */
class BenchCommandTest {
    @Test
    void quickBenchPrintsTheTableAndWritesJson(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("bench", "--repeat", "1", "--quick", "--requests", "20", "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Default audit, wall time from process start"), r.out());
        assertTrue(r.out().contains("Breakdown, measured in process"), r.out());
        assertTrue(r.out().contains("Judge requests per second over loopback HTTP"), r.out());
        Path file = dir.resolve("bench.json");
        assertTrue(Files.isRegularFile(file));
        JsonNode doc = PyJson.parse(Files.readString(file));
        assertEquals(1, doc.get("repeat").asInt());
        assertEquals("skipped", doc.get("audit").get("in-process").get("status").asText());
        assertEquals("skipped", doc.get("audit").get("http").get("status").asText());
        JsonNode steps = doc.get("breakdown").get("steps");
        for (String k : new String[] {"judge_server_start", "judge_server_stop", "run_in_process", "run_http", "write"}) {
            assertEquals("measured", steps.get(k).get("status").asText(), k);
        }
        assertEquals(doc.get("breakdown").get("judge_requests_in_process").asLong(),
                doc.get("breakdown").get("judge_requests_http").asLong());
        assertEquals(3, doc.get("throughput").size());
        for (JsonNode t : doc.get("throughput")) {
            assertEquals(20, t.get("sent_total").asInt());
            assertEquals(0, t.get("failed_total").asInt());
        }
    }
}
