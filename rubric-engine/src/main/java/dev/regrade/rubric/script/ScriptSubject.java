package dev.regrade.rubric.script;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subject;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import java.util.List;
import java.util.Objects;

/**
 * A ported script as a {@link Subject}: each script's service provider extends this with a public
 * no-argument constructor (what {@link java.util.ServiceLoader} needs on the class path) and returns its
 * script from {@link #load()}. The script is built only when first used, so that looking the subjects
 * up (as every {@code score} run does) initialises no script; no lambda either, for the same start.
 */
public abstract class ScriptSubject implements Subject {
    private final String name;

    /** @param name the script's task id (must be its declaration's) */
    protected ScriptSubject(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The script: its class's {@code SCRIPT}, initialised on this first use. */
    protected abstract RubricScript load();

    /** The script itself, for the drivers that run it on an evaluator of their own. */
    public final RubricScript script() {
        RubricScript s = load();
        if (!s.name().equals(name)) {
            throw new IllegalStateException("provider " + name + " holds script " + s.name());
        }
        return s;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<Variant> variants() {
        return script().declaration().variants();
    }

    @Override
    public final String inputs() {
        return "a fresh Evaluator (resource) whose context holds the answer, names, ports, clock and hash seed; "
                + "returns the result summary document (agent_name, answer, final_score, eval_breakdown), "
                + "FAILED where the original raises";
    }

    /** The script's own message for a variant it does not have. */
    @Override
    public final Variant variant(String variantName) {
        return script().declaration().variant(variantName);
    }

    @Override
    public final Result run(Input input) {
        Evaluator evaluator = input.resource(Evaluator.class)
                .orElseThrow(() -> new IllegalArgumentException(name + ": the input needs an Evaluator resource"));
        RubricScript s = script();
        try {
            s.evaluate(evaluator, s.declaration().variant(input.variant().name()).name());
        } catch (PyException e) {
            // The summary of a crashed run is the driver's to make (it names the crash): nothing here.
            return Result.failed(e.getMessage(), JsonNodeFactory.instance.objectNode());
        }
        return Result.successful(ResultJson.summary(evaluator));
    }

    @Override
    public String toString() {
        return name;
    }
}
