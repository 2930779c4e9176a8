package dev.regrade.audit.answers;

import dev.regrade.policies.Policies;
import dev.regrade.policies.Policy;
import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.audit.python.PythonScripts;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.TreeSet;
import java.util.Objects;

/**
 * Where an audit's real answers come from ({@code --answers DIR}) and the policy that answers their
 * extractions and verdicts offline ({@code --answers-policy}, default {@code hash}).
 *
 * @param dir    the answers directory, the runner's {@code DIR/<agent>/<task>/*.md}
 * @param policy the built-in policy's name
 */
public record AnswerSource(Path dir, String policy) {
    /** The policy used when none is named. */
    public static final String DEFAULT_POLICY = "hash";

    public AnswerSource {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(policy, "policy");
    }

    /** The policy, or bad input naming {@code --answers-policy} with "did you mean". */
    public Policy offlinePolicy() {
        return Policies.byName(policy).orElseThrow(() -> new BadInputException("--answers-policy: no policy '" + policy
                + "'" + DidYouMean.suffix(policy, Policies.names()) + " (policies: "
                + String.join(", ", Policies.names()) + ")"));
    }

    /** Reads the directory for an audit of {@code audited}, {@code known} being every task a script exists for. */
    public AnswersDir.Read read(Collection<String> known, Collection<String> audited) {
        offlinePolicy();
        return AnswersDir.read("--answers", dir, known, audited);
    }

    /**
     * Every task a script exists for: the ported scripts, or (Python originals) the {@code <task>.py}
     * of either scripts directory.
     */
    public Collection<String> knownTasks(PythonSetup python) {
        if (python == null) {
            return RubricScripts.names();
        }
        TreeSet<String> tasks = new TreeSet<>();
        for (Path d : python.scriptDirs().values()) {
            if (Files.isDirectory(d)) {
                tasks.addAll(PythonScripts.common(d));
            }
        }
        return tasks;
    }
}
