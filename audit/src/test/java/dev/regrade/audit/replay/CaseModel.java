package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import java.util.function.Predicate;

/**
 * The model behind {@code --judge-url} in tests, played by a scripted case: its extractions by name (a
 * missing one fails, as the scripted client's does) and its verdict rule; counts what it was asked.
 */
final class CaseModel implements Judge, Extractor {
    private final JsonNode extractions;
    private final Predicate<JudgeRequest> verdict;
    int extractionsAsked;

    CaseModel(JsonNode extractions, Predicate<JudgeRequest> verdict) {
        this.extractions = extractions;
        this.verdict = verdict;
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        return new JudgeReply("scripted verdict", verdict.test(request));
    }

    @Override
    public synchronized JsonNode extract(ExtractionRequest request) {
        extractionsAsked++;
        JsonNode v = extractions.get(request.extractionName());
        if (v == null) {
            throw new IllegalStateException("scripted extraction failure for " + request.extractionName());
        }
        return v.deepCopy();
    }
}
