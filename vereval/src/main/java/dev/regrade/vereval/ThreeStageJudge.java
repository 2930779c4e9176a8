package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyTypeError;
import dev.regrade.pycompat.PyValueError;

/**
 * The upstream {@code score_answer}: fact, then logic, then consistency (which also sees both earlier
 * {score, reason}); each reply validated, an invalid one retried with only the latest bad reply and a
 * repair request appended; final {@code vereval = 0.9·consistency + 0.1·logic}.
 */
public final class ThreeStageJudge {
    /** The repair turn sent after an invalid reply. */
    public static final String REPAIR = "Return valid JSON with score in [0,1] and a nonempty reason. "
            + "Correct the formatting; use the same evidence.";

    private ThreeStageJudge() {
    }

    /**
     * Scores one job.
     *
     * @return the ok row (without {@code fingerprint} and {@code completed_at})
     * @throws PyValueError "{stage}: invalid response after K attempts: …" when every attempt was invalid
     * @throws PyException  whatever the client throws (transport/HTTP failures are not schema-retried)
     */
    public static ObjectNode scoreAnswer(ObjectNode job, ChatClient client, Settings settings) {
        ObjectNode evidence = VerEvalJson.F.objectNode();
        evidence.set("question", Alignment.need(job, "question"));
        evidence.set("ground_truth", Alignment.need(job, "answer"));
        evidence.set("answer", Alignment.need(job, "prediction"));
        evidence.put("evidence_mode", settings.evidenceMode());
        evidence.set("reference_text", job.has("reference_text") ? job.get("reference_text") : VerEvalJson.F.textNode(""));
        evidence.set("frame_timestamps_seconds",
                job.has("frame_timestamps") ? job.get("frame_timestamps") : VerEvalJson.F.arrayNode());
        ObjectNode judgments = VerEvalJson.F.objectNode();
        for (String stage : VerEvalPrompts.STAGES) {
            ObjectNode inputs = evidence.deepCopy();
            if (stage.equals("consistency")) {
                inputs.set("fact_judgment", scoreAndReason((ObjectNode) judgments.get("fact")));
                inputs.set("logic_judgment", scoreAndReason((ObjectNode) judgments.get("logic")));
            }
            ArrayNode content = VerEvalJson.F.arrayNode();
            content.addObject().put("type", "text").put("text", PyJson.dumps(inputs, VerEvalJson.TEXT));
            JsonNode urls = job.get("frame_urls");
            if (urls != null) {
                for (JsonNode url : urls) {
                    ObjectNode part = content.addObject();
                    part.put("type", "image_url");
                    part.putObject("image_url").set("url", url);
                }
            }
            ArrayNode messages = VerEvalJson.F.arrayNode();
            messages.addObject().put("role", "system").put("content", VerEvalPrompts.prompt(stage));
            ObjectNode user = messages.addObject();
            user.put("role", "user");
            user.set("content", content);
            ObjectNode kwargs = VerEvalJson.F.objectNode();
            kwargs.put("model", settings.model());
            kwargs.set("messages", messages);
            if (settings.jsonMode()) {
                kwargs.putObject("response_format").put("type", "json_object");
            }
            if (settings.temperature() != null) {
                kwargs.put("temperature", settings.temperature().doubleValue());
            }
            if (settings.seed() != null) {
                kwargs.put("seed", settings.seed());
            }
            if (settings.maxTokens() != null && settings.maxTokens().signum() != 0) {
                kwargs.put(settings.backend().equals("vllm") ? "max_tokens" : "max_completion_tokens",
                        settings.maxTokens());
            }
            for (int attempt = 0; attempt <= settings.schemaRetries(); attempt++) {
                JsonNode response = client.create(kwargs.deepCopy());
                JsonNode choice = firstChoice(response);
                JsonNode rawNode = choice.path("message").get("content");
                String raw = rawNode != null && rawNode.isTextual() ? rawNode.textValue() : null;
                try {
                    Judgments.Judgment j = Judgments.parse(raw);
                    JsonNode finish = choice.get("finish_reason");
                    if (finish != null && !finish.isNull() && !(finish.isTextual() && finish.textValue().equals("stop"))) {
                        throw new PyValueError("Judge response truncated or filtered");
                    }
                    ObjectNode judgment = judgments.putObject(stage);
                    judgment.put("score", j.score());
                    judgment.put("reason", j.reason());
                    judgment.put("raw", raw);
                    judgment.set("response_id", response.has("id") ? response.get("id") : VerEvalJson.F.nullNode());
                    judgment.set("usage", usage(response.get("usage")));
                    break;
                } catch (PyValueError | PyTypeError | PyKeyError e) {
                    if (attempt == settings.schemaRetries()) {
                        throw new PyValueError(stage + ": invalid response after " + (attempt + 1) + " attempts: "
                                + e.getMessage());
                    }
                    ArrayNode repaired = messages.deepCopy();
                    repaired.addObject().put("role", "assistant").put("content", raw == null ? "" : raw);
                    repaired.addObject().put("role", "user").put("content", REPAIR);
                    kwargs.set("messages", repaired);
                }
            }
        }
        double consistency = judgments.get("consistency").get("score").doubleValue();
        double logic = judgments.get("logic").get("score").doubleValue();
        double value = 0.9 * consistency + 0.1 * logic;
        ObjectNode row = VerEvalJson.F.objectNode();
        row.set("question_id", job.get("question_id"));
        row.set("input_question_id", Alignment.need(job, "input_question_id"));
        row.set("task_id", Alignment.need(job, "task_id"));
        row.set("level", Alignment.need(job, "level"));
        row.set("video_path", Alignment.need(job, "video_path"));
        row.set("question", job.get("question"));
        row.set("ground_truth", job.get("answer"));
        row.set("prediction", job.get("prediction"));
        row.put("status", "ok");
        row.set("judgments", judgments);
        row.put("vereval", PyRound.round(value, 10));
        row.put("vereval_100", PyRound.round(value * 100, 8));
        return row;
    }

    private static ObjectNode scoreAndReason(ObjectNode judgment) {
        ObjectNode o = VerEvalJson.F.objectNode();
        o.set("score", judgment.get("score"));
        o.set("reason", judgment.get("reason"));
        return o;
    }

    /** {@code response.choices[0]}; no choice fails the sample without a schema retry, as in Python. */
    private static JsonNode firstChoice(JsonNode response) {
        JsonNode choices = response == null ? null : response.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty() || !choices.get(0).isObject()) {
            throw new PyException("IndexError", "list index out of range");
        }
        return choices.get(0);
    }

    /**
     * {@code response.usage.model_dump()}: the SDK's declared fields first (absent ones null), then any
     * extra fields the server sent; null when the reply has no usage.
     */
    static JsonNode usage(JsonNode u) {
        if (u == null || u.isNull()) {
            return VerEvalJson.F.nullNode();
        }
        if (!u.isObject()) {
            return u;
        }
        ObjectNode o = VerEvalJson.F.objectNode();
        for (String k : new String[] {"completion_tokens", "prompt_tokens", "total_tokens"}) {
            o.set(k, u.has(k) ? u.get(k) : VerEvalJson.F.nullNode());
        }
        o.set("completion_tokens_details", details(u.get("completion_tokens_details"),
                "accepted_prediction_tokens", "audio_tokens", "reasoning_tokens", "rejected_prediction_tokens"));
        o.set("prompt_tokens_details", details(u.get("prompt_tokens_details"), "audio_tokens", "cached_tokens"));
        u.properties().forEach(e -> {
            if (!o.has(e.getKey())) {
                o.set(e.getKey(), e.getValue());
            }
        });
        return o;
    }

    private static JsonNode details(JsonNode d, String... fields) {
        if (d == null || !d.isObject()) {
            return d == null ? VerEvalJson.F.nullNode() : d;
        }
        ObjectNode o = VerEvalJson.F.objectNode();
        for (String k : fields) {
            o.set(k, d.has(k) ? d.get(k) : VerEvalJson.F.nullNode());
        }
        d.properties().forEach(e -> {
            if (!o.has(e.getKey())) {
                o.set(e.getKey(), e.getValue());
            }
        });
        return o;
    }
}
