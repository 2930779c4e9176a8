package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.JudgeRequest;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the active_stock fix (FIXES.md §A): only the two tolerance notes of the
 * judge instructions change. Released: volume "(+ 0.2 million), such as "10.1 million"" and market
 * cap "(+ 0.2 billion), such as "15.1 million""; fixed: "(- 0.2 million), such as "9.9 million""
 * and "(+ 0.2 billion), such as "15.1 billion"". The input they are about: a market cap of $15.1B
 * and an average volume of 9.9M shares.
 */
class ActiveStockFixTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String EDGE = "Edgewater Motors Inc."; // market cap $15.1B, volume 9.9M shares
    private static final String ANSWER = "1. Edgewater Motors Inc. (EDGW), CIK 0001999999: market cap $15.1B, "
            + "average volume 9.9M shares. https://finance.yahoo.com/quote/EDGW/\n";

    private static final String RELEASED_VOLUME_NOTE =
            "By the way, allow minor reasonable violations (+ 0.2 million), such as \"10.1 million\"\n        ";
    private static final String FIXED_VOLUME_NOTE =
            "By the way, allow minor reasonable violations (- 0.2 million), such as \"9.9 million\"\n        ";
    private static final String RELEASED_MARKET_CAP_NOTE =
            "By the way, allow minor reasonable violations (+ 0.2 billion), such as \"15.1 million\"\n        ";
    private static final String FIXED_MARKET_CAP_NOTE =
            "By the way, allow minor reasonable violations (+ 0.2 billion), such as \"15.1 billion\"\n        ";

    /** The answer's one company, $15.1B market cap and 9.9M shares volume, with one quote page. */
    private static JsonNode edgewaterOnly() {
        ObjectNode ex = F.objectNode();
        ex.putObject("company_names").putArray("companies").add(EDGE);
        ObjectNode info = ex.putObject("company_1_info");
        info.put("name", EDGE).put("ticker", "EDGW").put("cik", "0001999999");
        info.putArray("urls").add("https://finance.yahoo.com/quote/EDGW/");
        return ex;
    }

    private static ActiveStockGoldenTest.Run run(String variant, Function<JudgeRequest, Boolean> judge) {
        return ActiveStockGoldenTest.run(variant, ANSWER, edgewaterOnly(), judge, "2025-10-23", 0L);
    }

    private static JudgeRequest requestFor(ActiveStockGoldenTest.Run r, String claim) {
        return r.judgeRequests().stream().filter(q -> q.claim().equals(claim)).findFirst().orElseThrow();
    }

    private static String volumeClaim() {
        return "This page confirms that " + EDGE + " has an average daily trading volume of over 10 million shares";
    }

    private static String marketCapClaim() {
        return EDGE + "  has a market capitalization of no more than $15 billion";
    }

    /**
     * A judge that takes the tolerance note at its word for the page's figures (9.9M shares, $15.1B):
     * it accepts the volume claim only when the note tolerates 9.9 million, the market-cap claim only
     * when the note tolerates 15.1 billion, and every other claim.
     */
    private static boolean literalJudge(JudgeRequest r) {
        if (r.claim().equals(volumeClaim())) {
            return r.prompt().contains("such as \"9.9 million\"");
        }
        if (r.claim().equals(marketCapClaim())) {
            return r.prompt().contains("such as \"15.1 billion\"");
        }
        return true;
    }

    @Test
    void volumeNoteToleratesNinePointNineMillionOnlyInTheFixedVariant() {
        String released = requestFor(run("released", r -> true), volumeClaim()).prompt();
        String fixed = requestFor(run("fixed", r -> true), volumeClaim()).prompt();
        assertTrue(released.contains(RELEASED_VOLUME_NOTE), released);
        assertFalse(released.contains("9.9 million"));
        assertTrue(fixed.contains(FIXED_VOLUME_NOTE), fixed);
        assertFalse(fixed.contains("10.1 million"));
    }

    @Test
    void marketCapNoteSaysBillionOnlyInTheFixedVariant() {
        String released = requestFor(run("released", r -> true), marketCapClaim()).prompt();
        String fixed = requestFor(run("fixed", r -> true), marketCapClaim()).prompt();
        assertTrue(released.contains(RELEASED_MARKET_CAP_NOTE), released);
        assertFalse(released.contains("15.1 billion"));
        assertTrue(fixed.contains(FIXED_MARKET_CAP_NOTE), fixed);
        assertFalse(fixed.contains("15.1 million"));
    }

    @Test
    void theTwoNotesAreTheWholePromptDifference() {
        List<JudgeRequest> released = run("released", r -> true).judgeRequests();
        List<JudgeRequest> fixed = run("fixed", r -> true).judgeRequests();
        assertEquals(released.size(), fixed.size());
        int changed = 0;
        for (int i = 0; i < released.size(); i++) {
            assertEquals(released.get(i).claim(), fixed.get(i).claim(), "claims are identical");
            String r = released.get(i).prompt();
            String f = fixed.get(i).prompt();
            if (!r.equals(f)) {
                changed++;
            }
            assertEquals(r.replace(RELEASED_VOLUME_NOTE, FIXED_VOLUME_NOTE)
                    .replace(RELEASED_MARKET_CAP_NOTE, FIXED_MARKET_CAP_NOTE), f);
        }
        assertEquals(4, changed, "volume and market-cap prompts, two votes each");
    }

    @Test
    void withClaimVerdictsTheScoreIsTheSameInBothVariants() throws Exception {
        for (boolean volumeAccepted : new boolean[] {true, false}) {
            Function<JudgeRequest, Boolean> byClaim = r -> volumeAccepted || !r.claim().equals(volumeClaim());
            String released = ActiveStockGoldenTest.MAPPER.writeValueAsString(ResultJson.summary(run("released", byClaim).evaluator()));
            String fixed = ActiveStockGoldenTest.MAPPER.writeValueAsString(ResultJson.summary(run("fixed", byClaim).evaluator()));
            assertEquals(released, fixed);
        }
    }

    @Test
    void aJudgeFollowingTheNotesPassesFifteenPointOneBillionAndNinePointNineMillionOnlyWhenFixed() {
        ActiveStockGoldenTest.Run released = run("released", ActiveStockFixTest::literalJudge);
        ActiveStockGoldenTest.Run fixed = run("fixed", ActiveStockFixTest::literalJudge);
        assertNull(released.crash());
        assertNull(fixed.crash());
        // one slot of ten: released fails at the volume check (market cap skipped), fixed passes all
        assertEquals(0.0, released.evaluator().score(), 0.0);
        assertEquals(0.1, fixed.evaluator().score(), 0.0);
        assertFalse(ActiveStockGoldenTest.claims(released.evaluator()).contains(marketCapClaim()),
                "market cap is skipped after the failed volume check");
        assertTrue(ActiveStockGoldenTest.claims(fixed.evaluator()).contains(marketCapClaim()));
    }

    @Test
    void tickerCheckKeepsTheOriginalsDuplicateIdSuffix() {
        Evaluator ev = run("fixed", r -> true).evaluator();
        List<String> ids = ev.root().children().get(0).children().stream().map(n -> n.id()).toList();
        assertEquals(List.of("company_1_exists", "company_1_info_provenance", "company_1_info_provenance_1",
                "company_1_volume_verify", "company_1_market_cap_verify"), ids);
        assertEquals("Company 2: [Missing]", ev.root().children().get(1).desc());
        assertEquals("skipped", ev.root().children().get(1).status().value());
    }

    @Test
    void unknownVariantIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> ActiveStock.SCRIPT.evaluate(new Evaluator(EvaluationContext.of("")), "instructors-last"));
    }
}
