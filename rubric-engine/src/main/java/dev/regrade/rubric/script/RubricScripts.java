package dev.regrade.rubric.script;

import dev.regrade.api.Subjects;
import java.util.List;
import java.util.Optional;

/**
 * The ported scripts among the {@link Subjects#installed() installed subjects}, sorted by name: the
 * drivers' view of them, without knowing which release module provides them.
 */
public final class RubricScripts {
    private RubricScripts() {
    }

    /** Every ported script, sorted by name. */
    public static List<RubricScript> all() {
        return Subjects.installed().all(ScriptSubject.class).stream().map(ScriptSubject::script).toList();
    }

    /** The script of that name, if ported. */
    public static Optional<RubricScript> byName(String name) {
        return Subjects.installed().find(name).filter(ScriptSubject.class::isInstance)
                .map(s -> ((ScriptSubject) s).script());
    }

    /** The names of every ported script, sorted. */
    public static List<String> names() {
        return Subjects.installed().names(ScriptSubject.class);
    }
}
