package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.wearable.io.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorAndAuditTest {
    @TempDir
    Path tmp;

    static int total(Path golden, String key) {
        int n = 0;
        try (Rows.RowIterator it = Rows.of(golden).open()) {
            while (it.hasNext()) {
                n += it.next().get(key).size();
            }
        }
        return n;
    }

    @Test
    void generatorIsDeterministicAtValScale() throws IOException {
        WearableGenerator.Files3 a = WearableGenerator.generate(tmp.resolve("a"), 7);
        WearableGenerator.Files3 b = WearableGenerator.generate(tmp.resolve("b"), 7);
        WearableGenerator.Files3 c = WearableGenerator.generate(tmp.resolve("c"), 7, 1,
                WearableGenerator.Predictions.ALIGNED);
        for (Path p : List.of(a.longqaGolden(), a.longqaPreds(), a.convqaGolden(), a.convqaPreds(), a.proactiveGolden(),
                a.proactivePreds())) {
            assertEquals(Files.readString(p), Files.readString(b.longqaGolden().getParent().getParent()
                    .resolve(a.longqaGolden().getParent().getParent().relativize(p))));
        }
        for (Path p : List.of(a.longqaGolden(), a.convqaGolden(), a.proactiveGolden())) {
            assertEquals(700, Rows.of(p).count(), p.toString());
            assertEquals(Files.readString(p), Files.readString(c.longqaGolden().getParent().getParent()
                    .resolve(a.longqaGolden().getParent().getParent().relativize(p))), "golden is the same either way");
        }
        for (Path p : List.of(c.longqaPreds(), c.convqaPreds(), c.proactivePreds())) {
            assertEquals(700, Rows.of(p).count(), p.toString());
        }
        assertEquals(4415, total(a.convqaGolden(), "answers"));
        assertEquals(9935, total(a.proactiveGolden(), "answers"));
        assertEquals(a.longqaGolden().getFileName().toString(), "wearable_ai_2026_egolongqa_val_700.jsonl");
    }

    /** The submission's predictions: shuffled, some missing, some extra, in the styles real models write. */
    @Test
    void submissionPredictionsLookLikeRealOnes() throws IOException {
        WearableGenerator.Files3 a = WearableGenerator.generate(tmp.resolve("a"), 7);
        List<String> golden = ids(a.longqaGolden());
        List<String> preds = ids(a.longqaPreds());
        java.util.Set<String> g = new java.util.HashSet<>(golden);
        long missing = golden.stream().filter(id -> !preds.contains(id)).count();
        long extra = preds.stream().filter(id -> !g.contains(id)).count();
        assertTrue(missing >= 7 && missing <= 50, "missing " + missing);
        assertTrue(extra >= 7 && extra <= 50, "extra " + extra);
        assertTrue(preds.stream().distinct().count() < preds.size(), "a few duplicates");
        List<String> inGolden = preds.stream().filter(g::contains).distinct().collect(Collectors.toList());
        List<String> goldenOrder = golden.stream().filter(inGolden::contains).collect(Collectors.toList());
        assertFalse(inGolden.equals(goldenOrder), "shuffled");
        String lq = Files.readString(a.longqaPreds());
        for (String style : new String[] {"\"mcq_answer\": \"B\"", "\"mcq_answer\": \"N/A\"",
            "\"mcq_answer\": \"\"", "\"mcq_answer\": \"I think\\nthe answer\\nis ", "\"mcq_answer\": \"Answer:",
            "\"mcq_answer\": \"As an AI language model"}) {
            assertTrue(lq.contains(style), style);
        }
        assertEquals(700, Rows.of(a.convqaPreds()).count(), "as many extra as missing");
        assertFalse(new java.util.HashSet<>(ids(a.convqaGolden())).containsAll(ids(a.convqaPreds())), "extra ids");
        List<String> pa = ids(a.proactivePreds());
        assertEquals(new java.util.HashSet<>(ids(a.proactiveGolden())), new java.util.HashSet<>(pa), "every session");
        assertEquals(700, pa.size());
        for (Path[] gp : new Path[][] {{a.convqaGolden(), a.convqaPreds()}, {a.proactiveGolden(), a.proactivePreds()}}) {
            assertFalse(ids(gp[1]).equals(ids(gp[0])), "shuffled");
        }
        assertTrue(Files.readString(a.proactivePreds()).contains("$Interrupt$"));
        assertTrue(Files.readString(a.convqaPreds()).contains("\\u2019"));
    }

    private static List<String> ids(Path jsonl) {
        List<String> out = new java.util.ArrayList<>();
        try (Rows.RowIterator it = Rows.of(jsonl).open()) {
            it.forEachRemaining(r -> out.add(r.get("video_path").textValue()));
        }
        return out;
    }

    @Test
    void auditScenarios() {
        List<WearableAudit.Scenario> all = WearableAudit.run(tmp, 7);
        Map<String, WearableAudit.Scenario> by = all.stream()
                .collect(Collectors.toMap(s -> s.id() + "/" + s.task(), Function.identity()));
        StringBuilder table = new StringBuilder();
        for (WearableAudit.Scenario s : all) {
            table.append(String.format("%-30s %-9s %-16s %-22s %-22s %s%n", s.id(), s.task(), s.metric(), s.released(),
                    s.fixed(), s.finding()));
        }
        System.out.print(table);
        for (String t : new String[] {"longqa", "convqa", "proactive"}) {
            assertEquals(1.0, by.get("perfect/" + t).releasedValue());
            assertEquals(1.0, by.get("perfect/" + t).fixedValue());
            assertEquals(1.0, by.get("perfect-sorted-by-video_path/" + t).fixedValue());
            assertTrue(by.get("perfect-sorted-by-video_path/" + t).releasedValue() < 0.7);
            assertEquals(1.0, by.get("perfect-shuffled/" + t).fixedValue());
        }
        assertEquals(1.0, by.get("truncated-sessions/proactive").releasedValue());
        assertTrue(by.get("truncated-sessions/proactive").fixedValue() < 1.0);
        double exploitR = by.get("constant-two-element/proactive").releasedValue();
        double exploitF = by.get("constant-two-element/proactive").fixedValue();
        assertTrue(exploitR > by.get("honest-all-silent/proactive").releasedValue());
        assertTrue(exploitF < by.get("honest-all-silent/proactive").fixedValue());
        assertNull(by.get("spec-shaped-subset/longqa").releasedValue());
        assertEquals(1.0, by.get("spec-shaped-subset/longqa").fixedValue());
        assertNull(by.get("spec-shaped-subset/convqa").releasedValue());
        assertEquals(1.0, by.get("spec-shaped-subset/convqa").fixedValue());
        WearableAudit.Scenario plain = by.get("judge-plain/convqa");
        assertEquals(plain.releasedValue(), plain.fixedValue());
        for (String style : new String[] {"bold", "quoted", "bracketed", "fraction", "decimal-comma"}) {
            WearableAudit.Scenario s = by.get("judge-" + style + "/convqa");
            assertEquals(plain.fixedValue(), s.fixedValue(), style);
            assertTrue(s.releasedValue() < plain.releasedValue(), style);
        }
        for (String style : new String[] {"leading-point", "preamble"}) {
            WearableAudit.Scenario s = by.get("judge-" + style + "/convqa");
            assertEquals(plain.fixedValue(), s.fixedValue(), style);
            assertTrue(s.releasedValue() > plain.releasedValue(), style);
        }
        assertTrue(by.get("judge-truncated/convqa").fixed().contains("unscored"));
        assertEquals(1.0, by.get("judge-truncated/convqa").releasedValue());
        assertTrue(by.get("judge-out-of-range/convqa").fixed().contains("unscored"));
        for (String style : new String[] {"truncated", "out-of-range"}) {
            String finding = by.get("judge-" + style + "/convqa").finding();
            assertTrue(finding.matches(".*; fixed cannot parse a score in \\d+ of 350 turns, counts them as 0\\.0 and "
                    + "reports them as unscored \\(a warning and the count\\), giving 0\\.0"), finding);
            assertFalse(finding.contains("fixed deflates"), "never reads as a wrong fix: " + finding);
        }
    }

    @Test
    void judgeStyleVerdicts() {
        assertEquals(1.0, JudgeStyle.verdict(ConvQaScorer.judgePrompt("q", "The cat sat.", "The cat sat.")));
        assertEquals(0.5, JudgeStyle.verdict(ConvQaScorer.judgePrompt("q", "The cat sat.", "The ca")));
        assertEquals(0.0, JudgeStyle.verdict(ConvQaScorer.judgePrompt("q", "The cat sat.", "No.")));
        JsonNode unused = null;
        assertNull(unused);
    }
}
