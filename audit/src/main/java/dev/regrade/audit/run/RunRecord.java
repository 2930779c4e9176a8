package dev.regrade.audit.run;

import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultJson;
import java.util.List;

/**
 * One finished run: its result document (summary shape plus the {@code regrade} object).
 *
 * @param spec     what was run
 * @param mode     how the judge was reached
 * @param document the result document
 * @param seedRead whether the outcome may depend on the hash seed: the script read it (to order a
 *                 Python set) or a page lookup found two stored pages among a URL's variants.
 *                 False means the run gives this document under every seed but for its
 *                 {@code hash_seed} field.
 * @param evaluated false for a copy made by {@link #underSeed} instead of a run
 * @param prompts   the prompts the run sent, in call order (kept out of the document, whose file must
 *                  not change); empty when not recorded
 */
public record RunRecord(RunSpec spec, JudgeMode mode, ResultDocument document, boolean seedRead, boolean evaluated,
                        List<SentPrompt> prompts) {
    public RunRecord {
        prompts = List.copyOf(prompts);
    }

    /** A run whose prompts were not recorded. */
    public RunRecord(RunSpec spec, JudgeMode mode, ResultDocument document, boolean seedRead, boolean evaluated) {
        this(spec, mode, document, seedRead, evaluated, List.of());
    }

    /** True when the original would have raised for this input. */
    public boolean crashed() {
        return document.crashed();
    }

    /** The final score, or null for a crashed run. */
    public Double finalScore() {
        return document.finalScore();
    }

    /** The document as Regrade writes it to a file. */
    public String fileText() {
        return ResultJson.toFileText(document);
    }

    /**
     * This run as it would have come out under another hash seed, for a run that did not read its
     * seed: the same document with only {@code regrade.hash_seed} changed.
     *
     * @throws IllegalStateException for a run that read its seed (it must be run again)
     */
    public RunRecord underSeed(long seed) {
        if (seedRead) {
            throw new IllegalStateException("a run that read its hash seed cannot be reused for another seed");
        }
        return new RunRecord(spec.withHashSeed(seed), mode, document.withHashSeed(seed), false, false,
                prompts);
    }
}
