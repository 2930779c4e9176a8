package dev.regrade.rubric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the scenarios that the Python original ran (tools/pyoracle) through the Java engine:
 * the summary must be byte-identical, and the judge calls and verify results the same, in order.
 */
class OracleScenarioTest {
    private static final Path DIR = resource("oracle/scenarios");

    static Path resource(String name) {
        try {
            return Paths.get(OracleScenarioTest.class.getResource(name).toURI());
        } catch (Exception e) {
            throw new IllegalStateException("missing test resource " + name, e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyScenarioMatchesThePythonOriginal() throws IOException {
        List<Path> scenarios;
        try (Stream<Path> files = Files.list(DIR)) {
            scenarios = files.filter(p -> p.toString().endsWith(".json") && !p.toString().endsWith(".summary.json")
                    && !p.toString().endsWith(".calls.json")).sorted().toList();
        }
        assertTrue(scenarios.size() >= 300, "corpus present: " + scenarios.size());
        return scenarios.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> replay(p)));
    }

    private static void replay(Path scenarioFile) throws IOException {
        JsonNode s = JsonFiles.parse(Files.readString(scenarioFile, StandardCharsets.UTF_8));
        String base = scenarioFile.toString().substring(0, scenarioFile.toString().length() - ".json".length());
        JsonNode expectedCalls = JsonFiles.parse(Files.readString(Paths.get(base + ".calls.json"), StandardCharsets.UTF_8));
        Path summaryFile = Paths.get(base + ".summary.json");

        OracleJudge judge = new OracleJudge(s.get("judge"));
        EvaluationContext ctx = EvaluationContext.of("answer")
                .withNames(text(s, "agent_name"), text(s, "answer_name"))
                .withJudge(judge)
                .withPages(url -> Optional.of(new Page("Stub page text for " + url, List.of())));
        Evaluator e = new Evaluator(ctx);
        e.initialize(text(s, "task_id"), Strategy.fromValue(text(s, "root_strategy")), text(s, "task_description"));
        Map<String, Node> byId = new HashMap<>();
        byId.put("root", e.root());
        List<Boolean> returns = new ArrayList<>();
        String raised = null;
        try {
            for (JsonNode op : s.get("ops")) {
                apply(e, op, byId, returns);
            }
        } catch (PyException ex) {
            raised = ex.toString();
        }

        List<String> expected = new ArrayList<>();
        expectedCalls.get("calls").forEach(c -> expected.add(call(c.path("node").isNull() ? null : c.get("node").asText(),
                c.get("claim").asText(), c.path("url").isNull() ? null : c.get("url").asText(), c.get("vote").asInt())));
        List<String> actual = new ArrayList<>();
        e.judgeRequests().forEach(c -> actual.add(call(c.nodeId(), c.claim(), c.url(), c.vote())));
        assertEquals(String.join("\n", expected), String.join("\n", actual), "judge calls, in order");
        List<Boolean> expectedReturns = new ArrayList<>();
        expectedCalls.get("verify_returns").forEach(v -> expectedReturns.add(v.booleanValue()));
        assertEquals(expectedReturns, returns, "verify return values");

        JsonNode raises = expectedCalls.get("raises");
        if (raises != null) {
            assertEquals(raises.asText(), raised, "the run raises as the original");
            assertTrue(!Files.exists(summaryFile));
            return;
        }
        if (raised != null) {
            fail("the original did not raise, the port raised " + raised);
        }
        assertEquals(Files.readString(summaryFile, StandardCharsets.UTF_8), JsonFiles.toFileText(ResultJson.summary(e)),
                "summary bytes");
    }

    private static String call(String node, String claim, String url, int vote) {
        return node + " | " + claim + " | " + url + " | vote " + vote;
    }

    private static void apply(Evaluator e, JsonNode op, Map<String, Node> byId, List<Boolean> returns) {
        String kind = op.get("op").asText();
        switch (kind) {
            case "parallel", "sequential", "leaf", "custom" -> {
                Node parent = ref(op, "parent", byId);
                boolean hasCritical = op.has("critical");
                boolean critical = op.path("critical").asBoolean();
                String id = op.get("id").asText();
                String desc = op.get("desc").asText();
                Node n = switch (kind) {
                    case "parallel" -> e.addParallel(id, desc, parent, hasCritical && critical);
                    case "sequential" -> e.addSequential(id, desc, parent, hasCritical && critical);
                    case "leaf" -> e.addLeaf(id, desc, parent, hasCritical && critical,
                            op.has("score") ? op.get("score").doubleValue() : 0.0,
                            op.has("status") ? Status.fromValue(op.get("status").asText()) : Status.INITIALIZED);
                    default -> hasCritical
                            ? e.addCustomNode(op.get("result").asBoolean(), id, desc, parent, critical)
                            : e.addCustomNode(op.get("result").asBoolean(), id, desc, parent);
                };
                byId.put(n.id(), n);
            }
            case "verify" -> {
                Node node = ref(op, "node", byId);
                JsonNode src = op.get("sources");
                Sources sources;
                if (src == null || src.isNull()) {
                    sources = Sources.none();
                } else if (src.isTextual()) {
                    sources = Sources.url(src.asText());
                } else {
                    List<String> urls = new ArrayList<>();
                    src.forEach(u -> urls.add(u.isNull() ? null : u.asText()));
                    sources = Sources.urls(urls);
                }
                List<Node> extra = new ArrayList<>();
                if (op.has("extra_prerequisites")) {
                    op.get("extra_prerequisites").forEach(id -> extra.add(byId.get(id.asText())));
                }
                String instruction = op.has("additional_instruction") ? op.get("additional_instruction").asText() : null;
                returns.add(e.verify(op.get("claim").asText(), node, sources, extra, instruction));
            }
            case "extract" -> e.recordExtraction(op.get("name").asText(), op.get("result").deepCopy());
            case "ground_truth" -> {
                if (op.has("type")) {
                    e.addGroundTruth(op.get("info"), op.get("type").asText());
                } else {
                    e.addGroundTruth(op.get("info"));
                }
            }
            case "custom_info" -> e.addCustomInfo(op.get("info"),
                    op.has("info_type") ? op.get("info_type").asText() : "custom",
                    op.has("info_name") ? op.get("info_name").asText() : null);
            case "score" -> e.score();
            default -> throw new IllegalArgumentException("unknown op " + kind);
        }
    }

    private static Node ref(JsonNode op, String key, Map<String, Node> byId) {
        JsonNode v = op.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        Node n = byId.get(v.asText());
        assertNotNull(n, "scenario references unknown node " + v.asText());
        return n;
    }

    private static String text(JsonNode s, String key) {
        JsonNode v = s.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The oracle's scripted judge (tools/pyoracle/README.md "Scripted judge"). */
    static final class OracleJudge implements dev.regrade.rubric.port.Judge {
        private final JsonNode spec;
        private final Map<String, Integer> claimPointer = new HashMap<>();
        private final Map<String, Integer> urlPointer = new HashMap<>();

        OracleJudge(JsonNode spec) {
            this.spec = spec == null ? JsonNodeFactory.instance.objectNode() : spec;
        }

        @Override
        public JudgeReply judge(JudgeRequest r) {
            for (JsonNode c : spec.path("raise")) {
                if (c.asText().equals(r.claim())) {
                    throw new RuntimeException("scripted judge failure");
                }
            }
            boolean dflt = spec.path("default").asBoolean(true);
            if (r.url() != null) {
                JsonNode seq = spec.path("url_votes").path(r.claim()).get(r.url());
                if (seq != null) {
                    return new JudgeReply("scripted", next(seq, urlPointer, r.claim() + "\u0000" + r.url(), dflt));
                }
            }
            JsonNode seq = spec.path("votes").get(r.claim());
            return new JudgeReply("scripted", seq == null ? dflt : next(seq, claimPointer, r.claim(), dflt));
        }

        private static boolean next(JsonNode seq, Map<String, Integer> pointers, String key, boolean dflt) {
            int i = pointers.getOrDefault(key, 0);
            pointers.put(key, i + 1);
            return i < seq.size() ? seq.get(i).asBoolean() : dflt;
        }
    }
}
