/**
 * The fake judge: an OpenAI-compatible {@code POST /v1/chat/completions} and {@code GET /v1/models} server
 * (WireMock: one catch-all stub whose transformer routes every request), bound to 127.0.0.1 only, answering verifications by {@link dev.regrade.rubric.port.VerdictRules}
 * and extractions by a pluggable {@link dev.regrade.rubric.port.Extractor}, plain chat by an optional
 * {@link dev.regrade.judge.server.ChatResponder} ({@link dev.regrade.judge.server.ChatCall} in,
 * {@link dev.regrade.judge.server.ChatReply} out) or else {@link dev.regrade.judge.server.PlainReplies},
 * streamed on request, with fault injection
 * ({@link dev.regrade.judge.server.Faults}) and a request journal
 * ({@link dev.regrade.judge.server.JournalEntry}). Start it with
 * {@link dev.regrade.judge.server.FakeJudgeServer}.
 */
package dev.regrade.judge.server;
