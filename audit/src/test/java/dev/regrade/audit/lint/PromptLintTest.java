package dev.regrade.audit.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromptLintTest {
    private static List<String> tokens(String claim) {
        return PromptLint.check(claim).stream().map(PromptLint.Finding::token).toList();
    }

    @Test
    void pythonStandInsForMissingValuesAreFound() {
        assertEquals(List.of("'None'"), tokens("'None' and 'Germany' are different countries"));
        assertEquals(List.of("'None'"), tokens("The page shows a concealer product 'None'."));
        assertEquals(List.of("None"), tokens("The first author is None."));
        assertEquals(List.of("[]"), tokens("The authors are []"));
        assertEquals(List.of("{}"), tokens("Details: {}"));
        assertEquals(List.of("N/A"), tokens("The book titled 'N/A' is written by Sutton."));
    }

    @Test
    void ordinaryTextIsNotAFinding() {
        assertEquals(List.of(), tokens("None of the stations is more than 510 miles apart."));
        assertEquals(List.of(), tokens("Nonetheless the NoneType page is fine"));
        assertEquals(List.of(), tokens("The book titled 'Reinforcement Learning' is written by Sutton, Barto."));
    }
}
