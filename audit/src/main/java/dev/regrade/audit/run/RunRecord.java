package dev.regrade.audit.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.PyJson;

/**
 * One finished run: its result document (summary shape plus the {@code regrade} object).
 *
 * @param spec     what was run
 * @param mode     how the judge was reached
 * @param document the result document
 */
public record RunRecord(RunSpec spec, JudgeMode mode, ObjectNode document) {
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
        return PyJson.toFileText(document);
    }
}
