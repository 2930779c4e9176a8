package dev.regrade.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.VerdictRules;
import java.util.List;
import org.junit.jupiter.api.Test;

class InProcessJudgeTest {
    @Test
    void rulesWithTheSharedVerdictRulesAndTheirReasoning() {
        VerdictRules rules = VerdictRules.accept().withReject(List.of("Texaco"));
        InProcessJudge judge = new InProcessJudge(rules);
        JudgeReply yes = judge.judge(TestPrompts.simpleRequest("n", "The station is a Shell.", 1));
        JudgeReply no = judge.judge(TestPrompts.simpleRequest("n", "The station is a Texaco.", 1));
        assertTrue(yes.result());
        assertFalse(no.result());
        assertEquals(rules.reasoning("The station is a Shell.", TestPrompts.simple("The station is a Shell."), true),
                yes.reasoning());
        assertEquals("Not supported under the offline rule accept, reject [Texaco].", no.reasoning());
    }

    @Test
    void anUnloadablePageIsNotSupported() {
        InProcessJudge judge = new InProcessJudge(VerdictRules.accept());
        assertFalse(judge.judge(TestPrompts.pageRequest("n", "Open 24 hours.", "https://example.test/gone",
                VerdictRules.UNLOADABLE_PAGE_TEXT, List.of(), 1)).result());
    }

    @Test
    void claimIsFoundInForeignPrompts() {
        assertEquals("The station is a Shell.", Wire.claimFromPrompt(TestPrompts.simple("The station is a Shell.")));
        assertEquals("Line one\n```\nfenced", Wire.claimFromPrompt(TestPrompts.page("Line one\n```\nfenced",
                "https://example.test/a", "page text")));
        assertEquals(null, Wire.claimFromPrompt("Extract the station names."));
    }

    @Test
    void headerEncodingRoundTripsAnyText() {
        String claim = "Café «Ünïcode» + 50% off\nline two\t✓ /regex/?";
        String encoded = Wire.encode(claim);
        assertTrue(encoded.chars().allMatch(c -> c > 32 && c < 127), encoded);
        assertEquals(claim, Wire.decode(encoded));
    }
}
