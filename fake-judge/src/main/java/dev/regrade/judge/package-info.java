/**
 * The offline judge: {@link dev.regrade.judge.InProcessJudge} (verdict rules, no HTTP), the wire
 * conventions shared by server and client ({@link dev.regrade.judge.Wire}), the OpenAI-compatible
 * fake judge server ({@code dev.regrade.judge.server}) and the HTTP client that implements the
 * engine's judge and extractor ports against it or any real OpenAI-compatible endpoint
 * ({@code dev.regrade.judge.client}).
 */
package dev.regrade.judge;
