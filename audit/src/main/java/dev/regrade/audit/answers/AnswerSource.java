package dev.regrade.audit.answers;

import dev.regrade.policies.Policies;
import dev.regrade.policies.Policy;
import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.audit.python.PythonScripts;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.rubric.script.RubricScripts;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.policies.Fixture;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.TreeSet;
import java.util.Objects;

/**
 * Where an audit's real answers come from ({@code --answers DIR}) and the policy that answers their
 * extractions and verdicts offline ({@code --answers-policy}, default {@code hash}) where no fixture
 * lies beside an answer.
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

    /**
     * The input of one answer: offline, the fixture beside it (checked as any fixture is, for the
     * answer's task; it may not give an {@code answer}: the file is the answer), else the policy.
     */
    public AnswerWorld world(Answer answer) {
        if (answer.fixture() == null) {
            return new AnswerWorld(answer, offlinePolicy());
        }
        Path file = dir.resolve(answer.fixture());
        Fixture fixture = Inputs.fixture(file, answer.task());
        try {
            if (JsonFiles.parse(Files.readString(file, StandardCharsets.UTF_8)).has("answer")) {
                throw BadInputException.at(file.toString(), "$.answer", "the fixture of an answer gives no answer: "
                        + "the answer is " + answer.fileName() + " beside it; remove the key");
            }
        } catch (IOException e) {
            throw BadInputException.inFile(file.toString(), "cannot read the fixture: " + IoProblems.describe(e));
        }
        return new AnswerWorld(answer, fixture, "the fixture " + file.getFileName());
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
