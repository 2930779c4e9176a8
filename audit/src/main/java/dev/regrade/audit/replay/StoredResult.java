package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.TreeJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One stored result document as a replay reads it: written by the Mind2Web 2 runner (the summary
 * alone) or by Regrade (the summary and its {@code regrade} object).
 *
 * @param file       the file it was read from, as given
 * @param task       the task id: Regrade's {@code regrade.script}, else the runner's
 *                   {@code eval_results/<agent>/<task>/<answer>/results/} folder, else null
 * @param agent      {@code agent_name}
 * @param answer     {@code answer_name}
 * @param finalScore {@code final_score}; null when the run crashed
 * @param info       {@code eval_breakdown[0].info}, one one-key object per record; empty without a tree
 * @param tree       {@code eval_breakdown[0].verification_tree}; null without one
 * @param evalDate   Regrade's {@code regrade.eval_date}, else null (the runner does not store it)
 * @param hashSeed   Regrade's {@code regrade.hash_seed}, else null (the runner's seed is random)
 * @param answerText the answer evaluated, where the runner's layout keeps its copy, else null
 */
public record StoredResult(String file, String task, String agent, String answer, Double finalScore,
                           List<JsonNode> info, ResultNode tree, String evalDate, Long hashSeed, String answerText) {
    public StoredResult {
        info = List.copyOf(info);
    }

    /** Reads a parsed document; shape problems are {@link BadInputException}s naming the file and JSON path. */
    public static StoredResult read(Path file, JsonNode json) {
        JsonField doc = JsonField.root(file.toString(), json);
        doc.as(JsonField.Kind.OBJECT.as("a result object"));
        String agent = doc.get("agent_name").text();
        String answer = doc.get("answer_name").text();
        // present in every result the runner or Regrade writes (null when the run crashed): absent is "missing"
        Double finalScore = doc.get("final_score").asOrNull(JsonField.Kind.NUMBER.where(
                v -> Double.isFinite(v.doubleValue()), "a finite number"));
        JsonField treeJson = ResultJson.treeOf(doc);
        ResultNode tree = treeJson == null ? null : TreeJson.readStored(treeJson);
        List<JsonNode> info = new ArrayList<>();
        if (treeJson != null) {
            for (JsonField record : doc.get("eval_breakdown").get(0).get("info").elements()) {
                info.add(record.as(JsonField.Kind.OBJECT.where(r -> r.size() == 1, "an object with one key")));
            }
        }
        JsonNode meta = json.get("regrade");
        String task = null;
        String evalDate = null;
        Long seed = null;
        if (meta != null && meta.isObject()) {
            // the runner's own documents have no regrade object; a partial one is read as far as it goes
            task = meta.path("script").isTextual() ? meta.get("script").textValue() : null;
            evalDate = meta.path("eval_date").isTextual() ? meta.get("eval_date").textValue() : null;
            if (evalDate != null) {
                try {
                    java.time.LocalDate.parse(evalDate);
                } catch (java.time.format.DateTimeParseException e) {
                    throw new BadInputException(file + ": $.regrade.eval_date: expected a date YYYY-MM-DD, got \""
                            + evalDate + "\"");
                }
            }
            seed = meta.path("hash_seed").canConvertToLong() ? meta.get("hash_seed").longValue() : null;
        }
        if (task == null) {
            task = taskFromPath(file);
        }
        return new StoredResult(file.toString(), task, agent, answer, finalScore, info, tree, evalDate, seed, null);
    }

    /** The same result with the answer's text. */
    public StoredResult withAnswerText(String text) {
        return new StoredResult(file, task, agent, answer, finalScore, info, tree, evalDate, hashSeed, text);
    }

    /** The runner's layout: {@code <task>/<answer>/results/<timestamp>_<answer>.json}. */
    static String taskFromPath(Path file) {
        Path results = file.toAbsolutePath().normalize().getParent();
        if (results == null || results.getFileName() == null || !results.getFileName().toString().equals("results")) {
            return null;
        }
        Path answerDir = results.getParent();
        Path taskDir = answerDir == null ? null : answerDir.getParent();
        return taskDir == null || taskDir.getFileName() == null ? null : taskDir.getFileName().toString();
    }
}
