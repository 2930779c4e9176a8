package dev.regrade.audit.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.run.SentPrompt;
import dev.regrade.rubric.Prompts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parts of the engine's four templates, and the short diff's long lines. */
class PromptPartsTest {
    private static SentPrompt judge(String claim, String instruction, String url) {
        String text = url == null
                ? Prompts.format(Prompts.VERIFY_SIMPLE, Map.of("task_description", "Find a book.", "answer",
                        "Here are the additional instructions (if any):\n```\nquoted by the answer\n```",
                        "claim", claim, "additional_instruction", instruction))
                : Prompts.format(Prompts.VERIFY_URL, Map.of("task_description", "Find a book.", "answer", "A book.",
                        "claim", claim, "additional_instruction", instruction, "web_text", "page", "url", url));
        return new SentPrompt(SentPrompt.Kind.JUDGE, "n", 1, url, claim, text);
    }

    private static SentPrompt extraction(String prompt, String instruction, String url) {
        String text = url == null
                ? Prompts.format(Prompts.EXTRACT_SIMPLE, Map.of("extraction_prompt", prompt, "task_description", "t",
                        "answer", "a", "additional_instruction", instruction))
                : Prompts.format(Prompts.EXTRACT_URL, Map.of("extraction_prompt", prompt, "task_description", "t",
                        "additional_instruction", instruction, "web_text", "w"));
        return new SentPrompt(SentPrompt.Kind.EXTRACTION, "x", 1, url, null, text);
    }

    @Test
    void eachTemplateIsCutIntoClaimOrExtractionPromptInstructionAndRest() {
        for (String url : new String[] {null, "https://example.test/p"}) {
            PromptParts a = PromptParts.of(judge("The answer names a book.", "Be lenient.", url));
            assertEquals("The answer names a book.", a.main());
            assertEquals("Be lenient.", a.instruction(), "the instruction section, not the answer quoting its heading");
            assertEquals(List.of("claim"), PromptParts.of(judge("Another claim.", "Be lenient.", url))
                    .changedFrom(a, SentPrompt.Kind.JUDGE));
            assertEquals(List.of("instruction"), PromptParts.of(judge("The answer names a book.", "None", url))
                    .changedFrom(a, SentPrompt.Kind.JUDGE));
            PromptParts x = PromptParts.of(extraction("Extract the title.", "None", url));
            assertEquals("Extract the title.", x.main());
            assertEquals("None", x.instruction());
            assertEquals(List.of("extraction prompt", "instruction"),
                    PromptParts.of(extraction("Extract the author.", "Be brief.", url))
                            .changedFrom(x, SentPrompt.Kind.EXTRACTION));
        }
    }

    @Test
    void aPromptOfAnotherWordingIsTheScriptsOwnForAnExtraction() {
        SentPrompt p = new SentPrompt(SentPrompt.Kind.EXTRACTION, "x", 1, null, null, "Extract it.");
        assertEquals(new PromptParts("Extract it.", "", ""), PromptParts.of(p));
    }

    @Test
    void theDiffIsShortAndALongLineIsCutAroundItsChange() {
        String head = "a".repeat(300);
        String diff = PromptDiff.of("one\ntwo\n" + head + " old tail\nthree\nfour",
                "one\ntwo\n" + head + " new tail\nthree\nfour");
        List<String> lines = diff.lines().toList();
        assertEquals("@@ -2,3 +2,3 @@", lines.get(0), diff);
        assertEquals(" two", lines.get(1));
        assertTrue(lines.get(2).startsWith("-…") && lines.get(2).contains(" old tail") && lines.get(2).length() < 150,
                lines.get(2));
        assertTrue(lines.get(3).startsWith("+…") && lines.get(3).contains(" new tail"), lines.get(3));
        assertEquals(" three", lines.get(4));
        assertEquals(5, lines.size(), "one line of context, no file header");
    }
}
