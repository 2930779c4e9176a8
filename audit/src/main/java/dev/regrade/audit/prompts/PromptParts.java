package dev.regrade.audit.prompts;

import dev.regrade.audit.run.SentPrompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A prompt cut into what a script wrote and what the engine's template wrapped around it: the
 * {@code main} text (a check's claim, an extraction's instruction), the script's additional
 * instruction, and the rest (the template with the task, answer and page text), found by the
 * template's section headings. In a prompt of another wording, an extraction's whole text is its
 * main text, and a check's is all rest but for its claim.
 *
 * @param main        the claim or the extraction prompt ({@code ""} when not found)
 * @param instruction the additional instruction ({@code ""} when not found)
 * @param rest        the text with the two cut out
 */
record PromptParts(String main, String instruction, String rest) {
    private static final String EXTRACTION_HEAD = "Here is the instruction for the extraction for you:\n```\n";
    private static final String EXTRACTION_END = "\n```\n\nHere is the original task desc:";
    private static final String INSTRUCTION_HEAD = "Here are the additional instructions (if any):\n```\n";
    private static final String CLAIM_HEAD = " to be verified:\n```\n";

    /** The parts of one sent prompt. */
    static PromptParts of(SentPrompt p) {
        String text = p.text();
        int mainStart = -1;
        int mainEnd = -1;
        if (p.kind() == SentPrompt.Kind.EXTRACTION) {
            int at = text.indexOf(EXTRACTION_HEAD);
            if (at >= 0) {
                mainStart = at + EXTRACTION_HEAD.length();
                mainEnd = text.indexOf(EXTRACTION_END, mainStart);
            }
        } else if (p.claim() != null) {
            int at = text.indexOf(CLAIM_HEAD + p.claim() + "\n```");
            if (at >= 0) {
                mainStart = at + CLAIM_HEAD.length();
                mainEnd = mainStart + p.claim().length();
            }
        }
        if (mainStart < 0 || mainEnd < 0) {
            // Not the engine's template: an extraction's text is taken for the script's own.
            return p.kind() == SentPrompt.Kind.EXTRACTION ? new PromptParts(text, "", "")
                    : new PromptParts(p.claim() == null ? "" : p.claim(), "", text);
        }
        // Without a page the instruction is the last section (after the answer, which may quote
        // anything); with one it comes before the page text, which may too.
        int head = p.url() == null ? text.lastIndexOf(INSTRUCTION_HEAD) : text.indexOf(INSTRUCTION_HEAD, mainEnd);
        int start = head < mainEnd ? -1 : head + INSTRUCTION_HEAD.length();
        int end = start < 0 ? -1 : text.indexOf("\n```", start);
        String main = text.substring(mainStart, mainEnd);
        if (end < 0) {
            return new PromptParts(main, "", text.substring(0, mainStart) + "{main}" + text.substring(mainEnd));
        }
        return new PromptParts(main, text.substring(start, end), text.substring(0, mainStart) + "{main}"
                + text.substring(mainEnd, start) + "{instruction}" + text.substring(end));
    }

    /** The names of the parts that differ from {@code other}'s, in order. */
    List<String> changedFrom(PromptParts other, SentPrompt.Kind kind) {
        List<String> out = new ArrayList<>();
        if (!Objects.equals(main, other.main)) {
            out.add(kind == SentPrompt.Kind.JUDGE ? "claim" : "extraction prompt");
        }
        if (!Objects.equals(instruction, other.instruction)) {
            out.add("instruction");
        }
        if (!Objects.equals(rest, other.rest)) {
            out.add("rest");
        }
        return out;
    }
}
