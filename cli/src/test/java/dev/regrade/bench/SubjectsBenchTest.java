package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SubjectsBench} in --quick form (1× only, one run each, children from the class path): the
 * document's structure and that every child ran and reported itself. No time is asserted.
 */
class SubjectsBenchTest {
    @Test
    void quickRunMeasuresEveryScorerAndVerEvalAtTheRealScale(@TempDir Path noUpstream) {
        List<String> progress = new ArrayList<>();
        ObjectNode doc = SubjectsBench.run(5, true, null, noUpstream, progress::add);
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
            for (String k : List.of("wall_ms_median", "in_main_ms_median", "units_per_s", "peak_heap_mb")) {
                assertTrue(m.get(k).asDouble() > 0, id + " " + k + " = " + m.get(k));
            }
            assertTrue(m.get("in_main_ms_median").asDouble() < m.get("wall_ms_median").asDouble(), id);
            assertTrue(m.get("peak_heap_mb").asDouble() <= 512, id + ": the child runs with -Xmx512m");
        }
        assertEquals(Set.of("proactive/released", "proactive/fixed", "longqa/released", "longqa/fixed",
                "convqa/released", "convqa/fixed"), seen);
        assertEquals(0, doc.get("linearity").size(), "one scale: no ratios");
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
        assertTrue(table.contains("Subject scorers at scale"), table);
        assertTrue(table.contains("proactive released    1x      9935 chunks"), table);
        assertTrue(table.contains("Upstream Python scorers: skipped"), table);
        assertTrue(table.contains("1391 samples      4173 requests"), table);
    }

    @Test
    void withoutAnUpstreamDirectoryThePythonColumnSaysHowToEnableIt() {
        // Only the Python lookup: no data is generated for a skipped scorer.
        ObjectNode doc = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        doc.put("repeat", 1).put("target_ms", 5000.0).put("target_heap_mb", 512.0);
        doc.putArray("wearable");
        doc.putArray("linearity");
        doc.putArray("vereval");
        doc.putObject("python").put("status", "skipped").put("reason", "upstream scorer not available: pass --python-scorer");
        assertTrue(SubjectsBench.table(doc).contains("skipped (upstream scorer not available: pass --python-scorer)"));
    }
}
