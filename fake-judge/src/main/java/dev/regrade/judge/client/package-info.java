/**
 * The HTTP judge client: {@link dev.regrade.judge.client.HttpJudgeClient} implements the engine's
 * judge and extractor ports against the fake judge or any real OpenAI-compatible endpoint, with
 * timeouts, bounded retries and errors that never reveal the API key.
 */
package dev.regrade.judge.client;
