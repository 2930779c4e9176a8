package dev.regrade.audit.run;

import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the prompts one run sends, in call order, by standing between the evaluator and its judge
 * and extractor ports: every extraction, and each check once (its first vote). Not thread-safe: one run.
 */
public final class PromptRecorder {
    private final List<SentPrompt> prompts = new ArrayList<>();
    private final Map<String, Integer> occurrences = new HashMap<>();

    /** The judge, recording the prompt of each check's first vote before asking {@code judge}. */
    public Judge judge(Judge judge) {
        return request -> {
            if (request.vote() == 1) {
                add(SentPrompt.Kind.JUDGE, request.nodeId() == null ? "" : request.nodeId(), request.url(),
                        request.claim(), request.prompt());
            }
            return judge.judge(request);
        };
    }

    /** The extractor, recording each extraction's prompt before asking {@code extractor}. */
    public Extractor extractor(Extractor extractor) {
        return request -> {
            add(SentPrompt.Kind.EXTRACTION, request.extractionName(), request.url(), null, request.prompt());
            return extractor.extract(request);
        };
    }

    /** Records one prompt; its occurrence counts the earlier ones of its kind and subject. */
    public void add(SentPrompt.Kind kind, String subject, String url, String claim, String text) {
        int n = occurrences.merge(kind + "\u0000" + subject, 1, Integer::sum);
        prompts.add(new SentPrompt(kind, subject, n, url, claim, text));
    }

    /** The prompts recorded so far, in call order. */
    public List<SentPrompt> prompts() {
        return List.copyOf(prompts);
    }
}
