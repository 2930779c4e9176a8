package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A synthetic leaderboard in the runner's layout, for the replay's benchmark and for trying it: every
 * ported task × {@code agents} agents × {@code runs} runs, each answer evaluated by the released
 * script on one of the four policies and under a hash seed (both chosen by agent and run), written
 * as the Python runner writes it ({@code eval_results/agent_NN/<task>/answer_K/results/<ts>_answer_K.md.json},
 * the summary alone). Deterministic: the same arguments write the same bytes.
 */
public final class Leaderboard {
    /** The runner's time stamp in every file name (one evaluation session). */
    private static final String TIMESTAMP = "20251023_120000";

    private Leaderboard() {
    }

    /** Writes the leaderboard under {@code out/eval_results}; returns the number of result files. */
    public static int write(Path out, List<RubricScript> scripts, int agents, int runs) {
        List<World> worlds = List.copyOf(Policies.all());
        int written = 0;
        try (Runner runner = new Runner()) {
            for (int a = 1; a <= agents; a++) {
                String agent = String.format(java.util.Locale.ROOT, "agent_%02d", a);
                for (RubricScript script : scripts) {
                    for (int k = 1; k <= runs; k++) {
                        int n = (a - 1) * runs + (k - 1);
                        World world = worlds.get(n % worlds.size());
                        RunRecord r = runner.run(new RunSpec(script, "released", world, null, (long) (n % 8)),
                                JudgeMode.IN_PROCESS);
                        ObjectNode doc = ResultJson.toJson(r.document().summary());
                        String answerName = "answer_" + k + ".md";
                        doc.put("agent_name", agent).put("answer_name", answerName);
                        Path file = out.resolve("eval_results").resolve(agent).resolve(script.name())
                                .resolve("answer_" + k).resolve("results")
                                .resolve(TIMESTAMP + "_" + answerName + ".json");
                        Files.createDirectories(file.getParent());
                        Files.writeString(file, JsonFiles.toFileText(doc), StandardCharsets.UTF_8);
                        written++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return written;
    }
}
