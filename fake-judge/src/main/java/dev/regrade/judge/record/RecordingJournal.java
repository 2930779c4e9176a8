package dev.regrade.judge.record;

/**
 * What a {@link RecordingJudge} did with the completion requests it received since it started.
 *
 * @param requests  completion requests received
 * @param hits      answered from the recording (no upstream request)
 * @param misses    not in the recording: forwarded upstream when recording, refused (HTTP 404) when replaying
 * @param forwarded sent to the upstream (its retries not counted); always 0 when replaying
 * @param recorded  upstream answers written to the recording
 * @param failed    forwarded requests the upstream did not answer with a 2xx JSON object (after the
 *                  retries): passed to the client, never recorded
 * @param invalid   refused before any lookup: the body is not a JSON object, or the vote header not a number
 */
public record RecordingJournal(long requests, long hits, long misses, long forwarded, long recorded, long failed,
                               long invalid) {
    /**
     * One line for people, e.g. {@code 12 requests: 8 answered from the recording, 4 forwarded upstream (4
     * recorded, 0 failed, not recorded)}.
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(requests).append(requests == 1 ? " request: " : " requests: ").append(hits)
                .append(" answered from the recording, ").append(forwarded).append(" forwarded upstream");
        if (forwarded > 0) {
            b.append(" (").append(recorded).append(" recorded, ").append(failed).append(" failed, not recorded)");
        }
        if (misses > forwarded) {
            b.append(", ").append(misses - forwarded).append(" not in the recording (refused)");
        }
        if (invalid > 0) {
            b.append(", ").append(invalid).append(" invalid");
        }
        return b.toString();
    }
}
