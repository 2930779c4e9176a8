package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.bench.SubjectsBench;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SubjectsBench} in --quick form (1× only, one run each, children from the class path): the
 * document's structure and that every child ran and was measured. No time is asserted. Here and not in
 * bench because the children are {@code regrade score} and {@code regrade vereval}: {@link Main} on this
 * class path. Its table and targets on written documents are bench's {@code SubjectsBenchTest}.
 */
class SubjectsBenchRunTest {
    @Test
    void quickRunMeasuresEveryScorerAndVerEvalAtTheRealScale(@TempDir Path noUpstream) {
        List<String> progress = new ArrayList<>();
        ObjectNode doc = SubjectsBench.run(5, true, null, null, noUpstream, progress::add);
        assertEquals(1, doc.get("repeat").asInt(), "--quick runs each measurement once");
        assertEquals("[1]", doc.get("scales").toString());
        JsonNode wearable = doc.get("wearable");
        assertEquals(6, wearable.size());
        Set<String> seen = new HashSet<>();
        for (JsonNode m : wearable) {
            String id = m.get("task").asText() + "/" + m.get("variant").asText();
            seen.add(id);
            assertEquals(0, m.get("status").asInt(), id);
            assertEquals(1, m.get("scale").asInt(), id);
            assertEquals(700, m.get("rows").asLong(), id);
            long units = m.get("units").asLong();
            assertEquals(switch (m.get("task").asText()) {
                case "proactive" -> 9935L;
                case "convqa" -> 4415L;
                default -> 700L;
            }, units, id);
            for (String k : List.of("wall_ms_median", "us_per_row", "golden_mb")) {
                assertTrue(m.get(k).asDouble() > 0, id + " " + k + " = " + m.get(k));
            }
            assertEquals(1, m.get("wall_ms_samples").size(), id);
            // Peak RSS is the kernel's figure where GNU time is installed, else visibly absent.
            JsonNode rss = m.get("peak_rss_mb");
            assertTrue(java.nio.file.Files.isExecutable(Path.of("/usr/bin/time")) ? rss.asDouble() > 0 : rss.isNull(),
                    id + " peak_rss_mb = " + rss);
            assertTrue(!m.has("python") && !m.has("met"), id + ": no original to pair with, no 100x target");
        }
        assertEquals(Set.of("proactive/released", "proactive/fixed", "longqa/released", "longqa/fixed",
                "convqa/released", "convqa/fixed"), seen);
        assertEquals("skipped", doc.get("python").get("status").asText());
        assertTrue(doc.get("python").get("reason").asText().contains("no released/run_evaluation.py"),
                doc.get("python").toString());
        JsonNode v = doc.get("vereval").get(0);
        assertEquals(0, v.get("status").asInt(), v.toString());
        assertEquals(1391, v.get("samples").asInt());
        assertEquals(3 * 1391, v.get("judge_requests").asLong(), "three stages per sample, no retries");
        assertTrue(v.get("requests_per_s").asDouble() > 0 && v.get("peak_heap_mb").asDouble() > 0, v.toString());
        assertTrue(progress.stream().anyMatch(l -> l.contains("not timed")), progress.toString());

        String table = SubjectsBench.table(doc);
        assertTrue(table.contains("Wearable scorers, whole process from start to exit"), table);
        assertTrue(table.contains("proactive released    1x     9935"), table);
        assertTrue(table.contains("Upstream Python scorers: skipped"), table);
        assertTrue(table.contains("1391 samples      4173 requests"), table);
    }
}
