package dev.regrade.vereval;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.Console;
import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subject;
import dev.regrade.api.Variant;
import java.util.List;

/**
 * VerEval as a {@link Subject} (registered in {@code META-INF/services/dev.regrade.api.Subject}): its
 * command line, parsed exactly as its guide's argparse does ({@link VerEvalArgs}), run by
 * {@link VerEvalMain}. It has one variant, the guide as published.
 */
public final class VerEvalSubject implements Subject {
    @Override
    public String name() {
        return "vereval";
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.RELEASED);
    }

    @Override
    public String inputs() {
        return "the arguments of 'python -m vereval' (--benchmark, --predictions, --backend, --model, …; --help "
                + "lists them) and a Console resource (default: the process's streams), where it prints as the "
                + "original; returns {exit_status}: 0 every sample scored, 1 some failed (FAILED), 2 a usage or "
                + "validation error (FAILED)";
    }

    @Override
    public Result run(Input input) {
        variant(input.variant().name());
        Console console = input.resource(Console.class).orElseGet(Console::system);
        int status = VerEvalMain.run(input.arguments().toArray(String[]::new), console.out(), console.err());
        ObjectNode doc = JsonNodeFactory.instance.objectNode().put("exit_status", status);
        return switch (status) {
            case 0 -> Result.successful(doc);
            case 1 -> Result.failed("a sample failed (its error row is in the output)", doc);
            default -> Result.failed("usage or validation error (exit status " + status + ")", doc);
        };
    }

    @Override
    public String toString() {
        return name();
    }
}
