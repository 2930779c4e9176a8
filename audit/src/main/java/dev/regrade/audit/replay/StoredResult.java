package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.BadJsonException;
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

    /** Reads a parsed document; shape problems are {@link BadJsonException}s naming the key. */
    public static StoredResult read(Path file, JsonNode doc) {
        if (doc == null || !doc.isObject()) {
            throw new BadJsonException("$", "expected a result object");
        }
        String agent = text(doc, "agent_name");
        String answer = text(doc, "answer_name");
        JsonNode fs = doc.get("final_score");
        Double finalScore;
        if (fs == null || fs.isNull()) {
            finalScore = null;
        } else if (fs.isNumber() && Double.isFinite(fs.doubleValue())) {
            finalScore = fs.doubleValue();
        } else {
            throw new BadJsonException("$.final_score", "expected a finite number or null");
        }
        JsonNode treeJson = ResultJson.treeOf(doc);
        ResultNode tree = treeJson == null ? null : TreeJson.readStored(treeJson, "$.eval_breakdown[0].verification_tree");
        List<JsonNode> info = new ArrayList<>();
        if (treeJson != null) {
            JsonNode list = doc.get("eval_breakdown").get(0).get("info");
            if (list == null || !list.isArray()) {
                throw new BadJsonException("$.eval_breakdown[0].info", "expected a list");
            }
            for (int i = 0; i < list.size(); i++) {
                JsonNode record = list.get(i);
                if (!record.isObject() || record.size() != 1) {
                    throw new BadJsonException("$.eval_breakdown[0].info[" + i + "]", "expected an object with one key");
                }
                info.add(record);
            }
        }
        JsonNode meta = doc.get("regrade");
        String task = null;
        String evalDate = null;
        Long seed = null;
        if (meta != null && meta.isObject()) {
            task = meta.path("script").isTextual() ? meta.get("script").textValue() : null;
            evalDate = meta.path("eval_date").isTextual() ? meta.get("eval_date").textValue() : null;
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

    private static String text(JsonNode doc, String key) {
        JsonNode v = doc.get(key);
        if (v == null || !v.isTextual()) {
            throw new BadJsonException("$." + key, "expected a string");
        }
        return v.textValue();
    }
}
