package dev.regrade.rubric.script;

import dev.regrade.api.Variant;
import dev.regrade.rubric.Evaluator;
import java.util.List;
import java.util.Objects;

/**
 * One ported Mind2Web 2 evaluation script: its {@link ScriptDeclaration} and its body, the
 * original's {@code evaluate_answer}, which receives the parsed {@link Variant}.
 */
public final class RubricScript {
    /** The original's {@code evaluate_answer}, for one variant of the script. */
    @FunctionalInterface
    public interface Body {
        /**
         * Runs on a fresh evaluator (not yet initialised): the answer, names, ports, clock and hash
         * seed come from {@code evaluator.context()}; the caller takes the summary afterwards. Throws a
         * {@link dev.regrade.pycompat.PyException} exactly where the original raises.
         */
        void evaluate(Evaluator evaluator, Variant variant);
    }

    private final ScriptDeclaration declaration;
    private final Body body;

    public RubricScript(ScriptDeclaration declaration, Body body) {
        this.declaration = Objects.requireNonNull(declaration, "declaration");
        this.body = Objects.requireNonNull(body, "body");
    }

    public ScriptDeclaration declaration() {
        return declaration;
    }

    /** The task id, e.g. {@code gas_stations}: the original script's file name. */
    public String name() {
        return declaration.taskId();
    }

    /** The variant names, {@code released} first, then {@code fixed}, then any alternatives. */
    public List<String> variantNames() {
        return declaration.variantNames();
    }

    /**
     * Runs the variant of that name (see {@link Body#evaluate}).
     *
     * @throws IllegalArgumentException for a variant name this script does not have
     */
    public void evaluate(Evaluator evaluator, String variant) {
        body.evaluate(evaluator, declaration.variant(variant));
    }

    @Override
    public String toString() {
        return name();
    }
}
