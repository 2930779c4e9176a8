package dev.regrade.judge;

import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.VerdictRules;
import java.util.Objects;

/**
 * The offline judge without HTTP: each request is ruled by {@link VerdictRules}, with the same
 * reasoning text the fake judge server sends, so a run gives the same tree in both modes. (The
 * extractor in process is simply the active policy: nothing to wrap.)
 */
public final class InProcessJudge implements Judge {
    private final VerdictRules rules;

    public InProcessJudge(VerdictRules rules) {
        this.rules = Objects.requireNonNull(rules, "rules");
    }

    public VerdictRules rules() {
        return rules;
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        return rule(rules, request.claim(), request.prompt());
    }

    /** The reply the offline rules give for a claim and the full prompt text that carried it. */
    public static JudgeReply rule(VerdictRules rules, String claim, String prompt) {
        boolean verdict = rules.verdict(claim, prompt);
        return new JudgeReply(rules.reasoning(claim, prompt, verdict), verdict);
    }

    @Override
    public String toString() {
        return "InProcessJudge[" + rules.describe() + "]";
    }
}
