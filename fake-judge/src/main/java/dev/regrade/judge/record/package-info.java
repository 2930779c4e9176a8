/**
 * A real judge, recorded and replayed: {@link dev.regrade.judge.record.RecordingJudge} answers the
 * fake judge server's chat completions from a recording on disk, forwarding what is not recorded
 * to an upstream OpenAI-compatible endpoint when recording, and refusing it when replaying;
 * {@link dev.regrade.judge.record.RecordingJournal} counts what it did.
 *
 * <p>The recording is WireMock's own format (stub mappings in {@code mappings/}, bodies in {@code __files/}),
 * so a plain WireMock replays it; what is Regrade's own is the record mode: a recorded request is answered
 * without paying again (WireMock's {@code proxiedFrom} record mode forwards every request), only 2xx JSON
 * answers are recorded, each file is written atomically, failures are retried, and the key is redacted.
 */
package dev.regrade.judge.record;
