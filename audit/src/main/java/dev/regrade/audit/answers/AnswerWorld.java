package dev.regrade.audit.answers;

import dev.regrade.policies.Policy;
import dev.regrade.policies.World;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A real answer as an audit input (kind {@code answer}): its text is the answer; everything else a
 * run needs offline (the extractions, the verdicts, the maps) comes from a policy or the fixture beside
 * the answer, unless the audit
 * sends every request to a real judge ({@code --judge-url}), which then extracts and rules itself.
 */
public final class AnswerWorld implements World {
    /** The input kind of a real answer. */
    public static final String KIND = "answer";

    private final Answer answer;
    private final World offline;
    private final String offlineLabel;

    /** A real answer whose extractions and verdicts come from a policy offline. */
    public AnswerWorld(Answer answer, Policy policy) {
        this(answer, policy, "extractions and verdicts of the " + policy.name() + " policy");
    }

    /**
     * A real answer whose extractions, verdicts, pages, maps, date and seed come from {@code offline}
     * (a policy, or the fixture beside the answer), described by {@code offlineLabel}.
     */
    public AnswerWorld(Answer answer, World offline, String offlineLabel) {
        this.answer = Objects.requireNonNull(answer, "answer");
        this.offline = Objects.requireNonNull(offline, "offline");
        this.offlineLabel = Objects.requireNonNull(offlineLabel, "offlineLabel");
    }

    /** The answer file. */
    public Answer answerFile() {
        return answer;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String name() {
        return answer.inputName();
    }

    @Override
    public String description() {
        return answer.path() + " (offline: " + offlineLabel + ")";
    }

    @Override
    public String answer(String script) {
        return answer.text();
    }

    @Override
    public Extractor extractor(String script) {
        return offline.extractor(script);
    }

    @Override
    public VerdictRules verdictRules() {
        return offline.verdictRules();
    }

    @Override
    public Map<String, String> pages() {
        return offline.pages();
    }

    @Override
    public List<String> missingPages() {
        return offline.missingPages();
    }

    @Override
    public MapsTool maps(String script) {
        return offline.maps(script);
    }

    @Override
    public Optional<LocalDate> evalDate() {
        return offline.evalDate();
    }

    @Override
    public OptionalLong hashSeed() {
        return offline.hashSeed();
    }

    /** The runner's names: the agent folder and the file name, e.g. {@code answer_1.md}. */
    @Override
    public Optional<Map.Entry<String, String>> runnerNames() {
        return Optional.of(Map.entry(answer.agent(), answer.fileName()));
    }
}
