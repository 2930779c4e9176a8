package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the best_selling_foundations fix (FIXES.md §A): a concealer or highlighter
 * found with an official URL but without a product name. Released quotes {@code 'None'} to the
 * judge; fixed leaves the quoted name out. Named products, the foundation claim and gated checks
 * are the same in both variants.
 */
class BestSellingFoundationsFixTest {
    private static final String RELEASED = "released";
    private static final String FIXED = "fixed";

    /** The complete, correct answer's extractions (five brands, all named, all with URLs). */
    private ObjectNode extractions;

    @BeforeEach
    void load() throws IOException {
        extractions = (ObjectNode) BestSellingFoundationsGoldenTest.golden("released__complete_correct.json")
                .get("extractions").deepCopy();
    }

    private ObjectNode product(String extractionName) {
        return (ObjectNode) extractions.get(extractionName);
    }

    private BestSellingFoundationsGoldenTest.Run run(String variant, String... rejectedClaims) {
        ObjectNode judge = BestSellingFoundationsGoldenTest.MAPPER.createObjectNode().put("default", true);
        ObjectNode table = judge.putObject("table");
        for (String c : rejectedClaims) {
            table.put(c, false);
        }
        BestSellingFoundationsGoldenTest.Run r = BestSellingFoundationsGoldenTest.run(variant, extractions, judge);
        assertNull(r.crash());
        return r;
    }

    private static List<String> claims(BestSellingFoundationsGoldenTest.Run r) {
        return BestSellingFoundationsGoldenTest.claims(r.evaluator());
    }

    private static long noneClaims(BestSellingFoundationsGoldenTest.Run r) {
        return claims(r).stream().filter(c -> c.contains("'None'")).count();
    }

    @Test
    void releasedQuotesNoneWhenConcealerAndHighlighterHaveNoName() {
        product("concealer_NARS").set("name", NullNode.getInstance());
        product("highlighter_NARS").set("name", NullNode.getInstance());
        List<String> c = claims(run(RELEASED));
        assertTrue(c.contains("The URL leads to a concealer product 'None' on the official NARS website"));
        assertTrue(c.contains("The URL leads to a highlighter product 'None' on the official NARS website"));
    }

    @Test
    void fixedLeavesTheQuotedNameOutWhenItIsMissing() {
        product("concealer_NARS").set("name", NullNode.getInstance());
        product("highlighter_NARS").set("name", NullNode.getInstance());
        BestSellingFoundationsGoldenTest.Run r = run(FIXED);
        assertEquals(0, noneClaims(r));
        assertTrue(claims(r).contains("The URL leads to a concealer product on the official NARS website"));
        assertTrue(claims(r).contains("The URL leads to a highlighter product on the official NARS website"));
    }

    @Test
    void fixedTreatsAnEmptyNameAsMissing() {
        product("concealer_Rare Beauty").put("name", "");
        assertTrue(claims(run(RELEASED))
                .contains("The URL leads to a concealer product '' on the official Rare Beauty website"));
        assertTrue(claims(run(FIXED))
                .contains("The URL leads to a concealer product on the official Rare Beauty website"));
    }

    @Test
    void namedProductsGiveTheSameClaimsInBothVariants() {
        product("highlighter_Fenty Beauty").set("name", NullNode.getInstance());
        List<String> released = claims(run(RELEASED));
        List<String> fixed = claims(run(FIXED));
        assertEquals(released.size(), fixed.size());
        for (int i = 0; i < released.size(); i++) {
            if (!released.get(i).contains("'None'")) {
                assertEquals(released.get(i), fixed.get(i), "claim " + i);
            } else {
                assertEquals("The URL leads to a highlighter product on the official Fenty Beauty website", fixed.get(i));
            }
        }
    }

    @Test
    void aJudgeRejectingTheNoneProductCostsTheReleasedScoreOnly() {
        product("concealer_Huda Beauty").set("name", NullNode.getInstance());
        product("highlighter_Huda Beauty").set("name", NullNode.getInstance());
        String[] reject = {
            "The URL leads to a concealer product 'None' on the official Huda Beauty website",
            "The URL leads to a highlighter product 'None' on the official Huda Beauty website"};
        Evaluator released = run(RELEASED, reject).evaluator();
        Evaluator fixed = run(FIXED, reject).evaluator();
        assertEquals(0.8, ResultJson.summary(released).path("final_score").asDouble(), 0.0);
        assertEquals(1.0, ResultJson.summary(fixed).path("final_score").asDouble(), 0.0);
    }

    @Test
    void nameLessProductsBehindAFailedMainTaskNeverReachTheJudge() {
        product("concealer_Fenty Beauty").set("name", NullNode.getInstance());
        product("highlighter_Fenty Beauty").set("name", NullNode.getInstance());
        product("foundation_1_mention").put("mentioned", false);
        for (String v : List.of(RELEASED, FIXED)) {
            BestSellingFoundationsGoldenTest.Run r = run(v);
            assertFalse(claims(r).stream().anyMatch(c -> c.contains("Fenty Beauty")), v);
            assertEquals(0.8, ResultJson.summary(r.evaluator()).path("final_score").asDouble(), 0.0, v);
        }
    }

    @Test
    void theFoundationClaimFallsBackToTheGroundTruthNameInBothVariants() {
        product("foundation_2_mention").set("name", NullNode.getInstance());
        String expected = "The URL leads to the foundation '#FauxFilter Luminous Matte Buildable Coverage Liquid "
                + "Foundation' on the official Huda Beauty website";
        assertTrue(claims(run(RELEASED)).contains(expected));
        assertTrue(claims(run(FIXED)).contains(expected));
    }

    @Test
    void theGroundTruthIsExtractedFromTheSephoraPage() {
        BestSellingFoundationsGoldenTest.Run r = run(RELEASED);
        assertEquals(BestSellingFoundations.DEFAULT_SEPHORA_URL, r.extractions().get(1).url());
        assertEquals("ground_truth_foundations", r.extractions().get(1).extractionName());
        JsonNode gt = ResultJson.summary(r.evaluator()).path("eval_breakdown").get(0).path("info");
        assertTrue(gt.toString().contains("\"ground_truth_best_selling\":{\"source_url\":\""
                + BestSellingFoundations.DEFAULT_SEPHORA_URL + "\""));
    }

    @Test
    void anUnknownVariantIsRejected() {
        Evaluator e = new Evaluator(EvaluationContext.of(""));
        assertThrows(IllegalArgumentException.class, () -> BestSellingFoundations.SCRIPT.evaluate(e, "instructors-last"));
    }
}
