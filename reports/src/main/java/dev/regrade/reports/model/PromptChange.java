package dev.regrade.reports.model;

import java.util.List;

/**
 * A prompt a script sends that differs between before and after, for the same input (the first
 * seed's runs): an extraction's (by extraction name and occurrence) or a check's (by node and
 * occurrence). Offline an extraction ignores its prompt and a changed claim may keep its verdict, so
 * no tree shows such a change; with a real model it can move scores.
 *
 * @param input      the script and input
 * @param kind       {@code extraction} or {@code judge}
 * @param subject    the extraction name, or the node id checked ({@code ""} for a standalone check)
 * @param occurrence 1-based: which prompt of this kind and subject within the run
 * @param url        the page extracted from or checked against (the after side's), or null
 * @param parts      which parts differ, in this order: {@code claim} (a check's) or {@code extraction prompt}
 *                   (the script's instruction of an extraction), {@code instruction} (the script's
 *                   additional instruction), {@code rest} (the rest of the text)
 * @param diff       a short unified diff of the prompt text (1 line of context, long lines shortened
 *                   around the change)
 * @param expected   whether the expectations allow it
 */
public record PromptChange(ScriptInput input, String kind, String subject, int occurrence, String url,
                           List<String> parts, String diff, boolean expected) {
    public PromptChange {
        parts = List.copyOf(parts);
    }

    /** The prompt for people: {@code extraction price_info}, {@code judge station_1_check #2}. */
    public String label() {
        String who = subject.isEmpty() ? "(no node)" : subject;
        return kind + " " + who + (occurrence > 1 ? " #" + occurrence : "");
    }

    /** The parts that changed, for people: {@code claim, instruction}. */
    public String partsText() {
        return String.join(", ", parts);
    }
}
