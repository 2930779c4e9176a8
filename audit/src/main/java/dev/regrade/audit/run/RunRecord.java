package dev.regrade.audit.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.JsonFiles;

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
 */
public record RunRecord(RunSpec spec, JudgeMode mode, ObjectNode document, boolean seedRead, boolean evaluated) {
    /** True when the original would have raised for this input. */
    public boolean crashed() {
        return "crashed".equals(document.path("regrade").path("outcome").asText());
    }

    /** The final score, or null for a crashed run. */
    public Double finalScore() {
        return crashed() ? null : document.path("final_score").doubleValue();
    }

    /** The document as Regrade writes it to a file. */
    public String fileText() {
        return JsonFiles.toFileText(document);
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
        ObjectNode copy = document.deepCopy();
        ((ObjectNode) copy.get("regrade")).put("hash_seed", seed);
        return new RunRecord(spec.withHashSeed(seed), mode, copy, false, false);
    }
}
