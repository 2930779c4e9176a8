/**
 * A real judge, recorded and replayed: {@link dev.regrade.judge.record.RecordingJudge} answers the
 * fake judge server's chat completions from a recording on disk, forwarding what is not recorded
 * to an upstream OpenAI-compatible endpoint when recording, and refusing it when replaying;
 * {@link dev.regrade.judge.record.RecordingJournal} counts what it did.
 *
 * <p>Why not WireMock's own recorder (its {@code proxiedFrom} stubs and snapshots): it finds an
 * answer by matching each request against every recorded stub's matchers, not by a digest; its
 * record mode proxies every request, where a recording must answer what it already holds without
 * paying again; it records whatever comes back, failures included; it writes its stub files in
 * place (a kill can leave half a file); and it has no retry policy or key redaction. The server
 * underneath is the fake judge's own, bound to 127.0.0.1.
 */
package dev.regrade.judge.record;
