package dev.regrade.vereval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Objects;

/**
 * The upstream run {@code settings}: everything that decides a score, and so the fingerprints.
 * Not in it: {@code --workers} (changing it keeps a run resumable) and the API key.
 *
 * @param backend       {@code openai} or {@code vllm}
 * @param model         the exact served judge model ID
 * @param baseUrl       the API base URL (ending in /v1)
 * @param evidenceMode  {@code evidence_based} or {@code frames}
 * @param temperature   null when not set (then not sent)
 * @param seed          null when not set (then not sent)
 * @param maxTokens     null when not set; sent as {@code max_tokens} (vllm) or {@code max_completion_tokens} (openai)
 * @param jsonMode      send {@code response_format: {"type": "json_object"}}
 * @param schemaRetries extra attempts per stage after an invalid reply
 * @param apiRetries    transport retries per request
 * @param timeout       seconds; a Python int (the default 120) or float (given on the command line),
 *                      kept apart because they serialize differently ({@code 120} vs {@code 120.0})
 * @param promptVersion {@link VerEvalPrompts#VERSION}
 * @param promptHash    {@link VerEvalPrompts#hash()}
 */
public record Settings(String backend, String model, String baseUrl, String evidenceMode, Double temperature,
                       BigInteger seed, BigInteger maxTokens, boolean jsonMode, int schemaRetries, int apiRetries,
                       Number timeout, String promptVersion, String promptHash) {
    public Settings {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(evidenceMode, "evidenceMode");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** Settings with the current prompts; base URL, timeout and unset options as the CLI defaults them. */
    public static Settings of(String backend, String model, String baseUrl, String evidenceMode, Double temperature,
                              BigInteger seed, BigInteger maxTokens, boolean jsonMode, int schemaRetries,
                              int apiRetries, Number timeout) {
        return new Settings(backend, model, baseUrl, evidenceMode, temperature, seed, maxTokens, jsonMode,
                schemaRetries, apiRetries, timeout, VerEvalPrompts.VERSION, VerEvalPrompts.hash());
    }

    /** The settings dict, keys in the upstream order. */
    public ObjectNode toJson() {
        ObjectNode o = VerEvalJson.F.objectNode();
        o.put("backend", backend);
        o.put("model", model);
        o.put("base_url", baseUrl);
        o.put("evidence_mode", evidenceMode);
        if (temperature == null) {
            o.putNull("temperature");
        } else {
            o.put("temperature", temperature.doubleValue());
        }
        if (seed == null) {
            o.putNull("seed");
        } else {
            o.put("seed", seed);
        }
        if (maxTokens == null) {
            o.putNull("max_tokens");
        } else {
            o.put("max_tokens", maxTokens);
        }
        o.put("json_mode", jsonMode);
        o.put("schema_retries", schemaRetries);
        o.put("api_retries", apiRetries);
        if (timeout instanceof Double || timeout instanceof Float) {
            o.put("timeout", timeout.doubleValue());
        } else {
            o.put("timeout", timeout.longValue());
        }
        o.put("prompt_version", promptVersion);
        o.put("prompt_hash", promptHash);
        return o;
    }

    /** The timeout in seconds. */
    public double timeoutSeconds() {
        return timeout.doubleValue();
    }
}
