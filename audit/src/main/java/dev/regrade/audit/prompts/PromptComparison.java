package dev.regrade.audit.prompts;

import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.SentPrompt;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.UnexpectedChange;
import dev.regrade.rubric.diff.ChangeClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prompt changes, a class of change of their own: the prompts one input's before and after runs sent,
 * paired by kind, subject (extraction name or node id) and occurrence, and those whose text differs,
 * each with the parts that changed and a short diff, checked against the expectations. A prompt sent
 * on one side only belongs to an extraction or check the other side does not make: a check added or
 * removed shows in the tree diff, so it is not reported here.
 */
public final class PromptComparison {
    private PromptComparison() {
    }

    /** The prompts of {@code after} that differ from the same prompt of {@code before}, in after's call order. */
    public static List<PromptChange> changes(ScriptInput input, List<SentPrompt> before, List<SentPrompt> after,
                                             Expectations expectations) {
        Map<String, SentPrompt> byKey = new LinkedHashMap<>();
        before.forEach(p -> byKey.put(key(p), p));
        List<PromptChange> out = new ArrayList<>();
        for (SentPrompt a : after) {
            SentPrompt b = byKey.get(key(a));
            if (b == null || b.text().equals(a.text())) {
                continue;
            }
            List<String> parts = PromptParts.of(a).changedFrom(PromptParts.of(b), a.kind());
            String kind = a.kind().label();
            out.add(new PromptChange(input, kind, a.subject(), a.occurrence(), a.url(), parts,
                    PromptDiff.of(b.text(), a.text()), expectations.promptExpected(input.script(), kind, a.subject())));
        }
        return out;
    }

    private static String key(SentPrompt p) {
        return p.kind().label() + "\u0000" + p.subject() + "\u0000" + p.occurrence();
    }

    /**
     * The unexpected prompt changes of one input as unexpected changes (class {@code prompt}): one per
     * prompt subject, its occurrences and changed parts in one line, e.g.
     * {@code company_1_volume_verify judge prompts (3 occurrences): instruction changed}.
     */
    public static List<UnexpectedChange> unexpected(ScriptInput input, List<PromptChange> changes) {
        Map<String, List<PromptChange>> bySubject = new LinkedHashMap<>();
        for (PromptChange p : changes) {
            if (!p.expected()) {
                bySubject.computeIfAbsent(node(p), k -> new ArrayList<>()).add(p);
            }
        }
        List<UnexpectedChange> out = new ArrayList<>();
        bySubject.forEach((node, list) -> {
            Set<String> parts = new LinkedHashSet<>();
            list.forEach(p -> parts.addAll(p.parts()));
            boolean extraction = list.get(0).kind().equals("extraction");
            String kind = list.get(0).kind() + " prompt";
            // An extraction's node already says "extraction NAME".
            String text = node + (extraction ? " prompt" : " judge prompt")
                    + (list.size() == 1 ? "" : "s (" + list.size() + " occurrences)") + ": "
                    + String.join(", ", parts) + " changed";
            out.add(new UnexpectedChange(input, node, List.of(new NodeChange(ChangeClass.PROMPT, kind, node, null,
                    null, text))));
        });
        return out;
    }

    /** How an unexpected-changes row names a prompt: the node id of a check, {@code extraction NAME} of an extraction. */
    static String node(PromptChange p) {
        if (p.kind().equals("extraction")) {
            return "extraction " + p.subject();
        }
        return p.subject().isEmpty() ? "(no node)" : p.subject();
    }

    /**
     * Adds the extraction names and checked node ids of one run's prompts to the maps, by script: what
     * the expectations' prompt globs must match (their fit check).
     */
    public static void collect(String script, Collection<SentPrompt> prompts, Map<String, Set<String>> extractions,
                               Map<String, Set<String>> checkedNodes) {
        Set<String> x = extractions.computeIfAbsent(script, k -> new LinkedHashSet<>());
        Set<String> n = checkedNodes.computeIfAbsent(script, k -> new LinkedHashSet<>());
        for (SentPrompt p : prompts) {
            (p.kind() == SentPrompt.Kind.EXTRACTION ? x : n).add(p.subject());
        }
    }
}
