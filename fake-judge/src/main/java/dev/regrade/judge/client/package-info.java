/**
 * Regrade's OpenAI clients and their one transport. {@link dev.regrade.judge.client.OpenAiTransport}
 * posts chat completions as an {@link dev.regrade.judge.client.HttpJudgeConfig} says (base URL,
 * model, {@link dev.regrade.judge.client.ApiKey}, timeouts, a named
 * {@link dev.regrade.judge.client.RetryPolicy} per upstream, a {@link dev.regrade.judge.client.Sleeper});
 * the clients build the bodies and word the errors as their upstreams do:
 * {@link dev.regrade.judge.client.HttpJudgeClient} implements the engine's judge and extractor ports,
 * and the subjects module adapts VerEval's and the wearable scorers' judges. No message reveals the
 * API key.
 */
package dev.regrade.judge.client;
