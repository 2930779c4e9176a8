package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.api.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The first-author fix (FIXES.md §A, paper_collaboration): released raises AttributeError when the
 * answer gives no first author; fixed scores that answer 0; nothing else changes.
 */
class PaperCollaborationFixTest {
    private static final String R = Variant.RELEASED.name();
    private static final String F = Variant.FIXED.name();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String CRASH = "AttributeError: 'NoneType' object has no attribute 'lower'";

    private static final String ARXIV = "https://arxiv.org/abs/2210.04325";
    private static final List<String> NAMES = List.of("Zhengzhong Liu", "Eric P. Xing", "Tianhua Tao");

    /** A complete correct extraction set, with the given first author (null = JSON null). */
    private static ObjectNode extractions(String firstAuthor) {
        ObjectNode ex = MAPPER.createObjectNode();
        ObjectNode basic = ex.putObject("basic_paper_info");
        basic.put("arxiv_link", ARXIV);
        basic.put("first_author", firstAuthor);
        ObjectNode adv = ex.putObject("advisor_info");
        adv.put("advisor_name", "Zhiting Hu");
        adv.put("advisor_homepage", "https://zhiting.ucsd.edu/");
        adv.put("advisor_research_interests", "Machine learning, NLP, world models and agent models");
        NAMES.forEach(ex.putObject("collaborator_names").putArray("collaborator_names")::add);
        for (int i = 0; i < 3; i++) {
            ObjectNode p = ex.putObject("collaborator_" + i + "_papers");
            p.putArray("paper_titles").add("Paper A").add("Paper B").add("Paper C");
            p.putArray("arxiv_links").add("https://arxiv.org/abs/2305.10626")
                    .add("https://arxiv.org/abs/2406.09455").add("https://arxiv.org/abs/2310.16355");
        }
        return ex;
    }

    private static JsonNode acceptAll() {
        return MAPPER.createObjectNode().put("default", true);
    }

    private static PaperCollaborationGoldenTest.Run run(String variant, ObjectNode extractions) {
        return PaperCollaborationGoldenTest.run(variant, "answer text", extractions, acceptAll());
    }

    private static JsonNode summary(PaperCollaborationGoldenTest.Run r) throws IOException {
        assertNull(r.crash(), "unexpected crash");
        return MAPPER.readTree(MAPPER.writeValueAsString(ResultJson.summary(r.evaluator())));
    }

    private static JsonNode node(JsonNode tree, String id) {
        if (id.equals(tree.path("id").asText())) {
            return tree;
        }
        for (JsonNode c : tree.path("children")) {
            JsonNode found = node(c, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static JsonNode tree(JsonNode summary) {
        return summary.get("eval_breakdown").get(0).get("verification_tree");
    }

    @Test
    void releasedRaisesAttributeErrorWhenTheAnswerGivesNoFirstAuthor() {
        PaperCollaborationGoldenTest.Run r = run(R, extractions(null));
        assertEquals(CRASH, r.crash());
        assertTrue(r.evaluator().judgeRequests().isEmpty(), "it raises before any judge call");
        assertEquals(6, r.extractionPrompts().size(), "every extraction ran before the tree was built");
    }

    @Test
    void releasedRaisesOnAnEmptyAnswerToo() {
        ObjectNode empty = MAPPER.createObjectNode();
        assertEquals(CRASH, PaperCollaborationGoldenTest.run(R, "", empty, acceptAll()).crash());
    }

    @Test
    void fixedScoresAnAnswerWithNoFirstAuthorZeroInsteadOfRaising() throws IOException {
        JsonNode s = summary(run(F, extractions(null)));
        assertEquals(0.0, s.get("final_score").asDouble());
        JsonNode author = node(tree(s), "first_author_correct");
        assertNotNull(author);
        assertEquals("failed", author.get("status").asText());
        assertEquals("First author name matches ground truth:  vs Jiannan Xiang", author.get("desc").asText());
        assertEquals("failed", node(tree(s), "paper_info_exists").get("status").asText());
        // paper_info failed, so the SEQUENTIAL gates skip the advisor and every collaborator check
        assertEquals("skipped", node(tree(s), "advisor_name_correct").get("status").asText());
        assertEquals("skipped", node(tree(s), "collaborator_0_paper_0").get("status").asText());
    }

    @Test
    void fixedTreatsNoFirstAuthorExactlyAsAnEmptyOne() throws IOException {
        JsonNode none = summary(run(F, extractions(null)));
        JsonNode empty = summary(run(F, extractions("")));
        // Only the recorded extraction differs (null vs ""); the tree and the score are the same.
        assertEquals(tree(empty), tree(none));
        assertEquals(empty.get("final_score"), none.get("final_score"));
        assertEquals(empty.get("tree_statistics"), none.get("tree_statistics"));
    }

    @Test
    void anEmptyStringFirstAuthorIsScoredZeroInBothVariants() throws IOException {
        JsonNode released = summary(run(R, extractions("")));
        JsonNode fixed = summary(run(F, extractions("")));
        assertEquals(0.0, released.get("final_score").asDouble());
        assertEquals(released, fixed);
    }

    @Test
    void aCompleteCorrectAnswerScoresOneAndTheFixDoesNotChangeIt() throws IOException {
        PaperCollaborationGoldenTest.Run released = run(R, extractions("Jiannan Xiang"));
        PaperCollaborationGoldenTest.Run fixed = run(F, extractions("Jiannan Xiang"));
        assertEquals(1.0, summary(released).get("final_score").asDouble());
        assertEquals(summary(released), summary(fixed));
        assertEquals(PaperCollaborationGoldenTest.claims(released.evaluator()),
                PaperCollaborationGoldenTest.claims(fixed.evaluator()));
    }

    @Test
    void theFirstAuthorIsComparedAfterLowerAndStripOnly() throws IOException {
        assertEquals(1.0, summary(run(F, extractions(" JIANNAN XIANG\u00a0"))).get("final_score").asDouble());
        assertEquals(0.0, summary(run(F, extractions("Jiannan  Xiang"))).get("final_score").asDouble());
    }

    @Test
    void anUnknownVariantIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> run("instructors-last", extractions("Jiannan Xiang")));
    }

    /** On every recorded input where released does not raise, fixed gives the same summary and claims. */
    @Test
    void theFixChangesNothingWhereReleasedDoesNotRaise() throws IOException {
        Path dir = PaperCollaborationGoldenTest.resources("golden");
        List<Path> released;
        try (Stream<Path> s = Files.list(dir)) {
            released = s.filter(p -> p.getFileName().toString().startsWith("released__")).sorted().toList();
        }
        List<String> compared = new ArrayList<>();
        for (Path p : released) {
            JsonNode g = MAPPER.readTree(p.toFile());
            if (g.get("expected").has("crash")) {
                assertEquals(CRASH, g.get("expected").get("crash").asText(), p.toString());
                continue;
            }
            PaperCollaborationGoldenTest.Run r = PaperCollaborationGoldenTest.run(R, g.get("answer").asText(),
                    g.path("extractions"), g.path("judge"));
            PaperCollaborationGoldenTest.Run f = PaperCollaborationGoldenTest.run(F, g.get("answer").asText(),
                    g.path("extractions"), g.path("judge"));
            assertEquals(summary(r), summary(f), p.toString());
            assertEquals(PaperCollaborationGoldenTest.claims(r.evaluator()),
                    PaperCollaborationGoldenTest.claims(f.evaluator()), p.toString());
            compared.add(p.getFileName().toString());
        }
        assertTrue(compared.size() >= 20, "compared " + compared.size());
    }
}
