package dev.regrade.audit.python;

import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.ScriptDeclaration;
import dev.regrade.api.Variant;
import dev.regrade.rubric.script.RubricScripts;
import java.util.List;

/**
 * The tasks a Python audit runs: a ported task is its port (its declaration names its extractions,
 * so fixtures are checked as in a Java audit); any other task is known by its script file alone and
 * answered by the policies from the JSON schema of each request.
 */
public final class PythonScripts {
    private PythonScripts() {
    }

    /** The port of that task, else the task as only its Python original knows it. */
    public static RubricScript script(String task) {
        return RubricScripts.byName(task).orElseGet(() -> new RubricScript(
                new ScriptDeclaration(task, Variant.RELEASED_AND_FIXED), (evaluator, variant) -> {
                    throw new IllegalStateException(task + " is not ported to Java: it runs only as its Python original");
                }));
    }

    /** Whether Regrade has a Java port of the task. */
    public static boolean ported(String task) {
        return RubricScripts.byName(task).isPresent();
    }

    /** The tasks ({@code <task>.py}) of every directory given, sorted: what {@code --scripts all} runs. */
    public static List<String> common(java.nio.file.Path... dirs) {
        java.util.TreeSet<String> tasks = null;
        for (java.nio.file.Path dir : dirs) {
            java.util.TreeSet<String> here = new java.util.TreeSet<>();
            try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(dir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".py") && !n.startsWith("__"))
                        .forEach(n -> here.add(n.substring(0, n.length() - 3)));
            } catch (java.io.IOException e) {
                throw new dev.regrade.api.BadInputException(dir + ": cannot list the scripts (" + e.getMessage() + ")");
            }
            if (tasks == null) {
                tasks = here;
            } else {
                tasks.retainAll(here);
            }
        }
        if (tasks == null || tasks.isEmpty()) {
            throw new dev.regrade.api.BadInputException("no <task>.py script is in every scripts directory given");
        }
        return List.copyOf(tasks);
    }
}
