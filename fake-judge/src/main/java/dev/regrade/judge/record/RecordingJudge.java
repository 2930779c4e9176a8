package dev.regrade.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.client.OpenAiTransport;
import dev.regrade.judge.client.TransportException;
import dev.regrade.judge.server.CompletionHandler;
import dev.regrade.judge.server.Reply;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A real judge, recorded and replayed: the {@link CompletionHandler} behind {@code judge serve
 * --record DIR --upstream URL} and {@code judge serve --replay DIR}. Requests are found in the
 * {@link StubRecording} (WireMock's stub mappings and body files, which a plain WireMock replays too) by
 * their {@link StubRecording.Key} (the body as JSON, members in any order, and the vote header).
 *
 * <p>Recording: a recorded request is answered from the recording, with no upstream request; any
 * other is forwarded (the body as received, Regrade's {@code X-Regrade-*} headers, and the API key
 * of the upstream's config as the bearer token, never the client's) through an {@link OpenAiTransport}
 * retrying as its policy says. A 2xx answer whose body is a JSON object is written to the recording
 * and passed on; any other final answer is passed on as it came (status and body) and not recorded,
 * and no answer at all (a timeout, a refused or cut connection) is an HTTP 504 or 502 error object.
 * Requests for the same key wait for each other, so each key is forwarded once.
 *
 * <p>Replaying: the recorded answer, byte for byte; a request that was not recorded gets HTTP 404,
 * an OpenAI error object ({@code code: not_recorded}) naming its digest, never a made-up answer.
 * No request ever leaves the machine.
 *
 * <p>The API key is never written to the recording, to the {@link #journal() journal} or into any
 * message: every body passed on or recorded has it redacted. Thread-safe.
 */
public final class RecordingJudge implements CompletionHandler {
    private static final List<String> REGRADE_HEADERS = List.of(Wire.KIND, Wire.CLAIM, Wire.NODE, Wire.VOTE,
            Wire.URL, Wire.EXTRACTION);
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    private final StubRecording recording;
    private final OpenAiTransport upstream;
    private final Map<StubRecording.Key, Object> keyLocks = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong recorded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong invalid = new AtomicLong();

    private RecordingJudge(StubRecording recording, OpenAiTransport upstream) {
        this.recording = recording;
        this.upstream = upstream;
    }

    /**
     * Records into {@code dir} (created when missing) from this upstream.
     *
     * @throws RecordingException when {@code dir} holds anything that is not a recording
     */
    public static RecordingJudge record(Path dir, HttpJudgeConfig upstream) throws RecordingException {
        return new RecordingJudge(StubRecording.forRecording(dir), new OpenAiTransport(upstream));
    }

    /**
     * Replays the recording in {@code dir}.
     *
     * @throws RecordingException when {@code dir} is not a recording, or holds anything else
     */
    public static RecordingJudge replay(Path dir) throws RecordingException {
        return new RecordingJudge(StubRecording.forReplay(dir), null);
    }

    /** True when recording (misses go upstream), false when replaying. */
    public boolean recording() {
        return upstream != null;
    }

    /** What was done since the start. */
    public RecordingJournal journal() {
        return new RecordingJournal(requests.get(), hits.get(), misses.get(), forwarded.get(), recorded.get(),
                failed.get(), invalid.get());
    }

    @Override
    public Reply handle(Function<String, String> header, byte[] body) {
        requests.incrementAndGet();
        StubRecording.Key key;
        try {
            key = StubRecording.Key.of(body, header.apply(Wire.VOTE));
        } catch (StubRecording.Key.Unreadable e) {
            invalid.incrementAndGet();
            return Reply.error(400, e.getMessage(), "invalid_request_error", null);
        }
        if (upstream == null) {
            Reply recorded = fromRecording(key);
            if (recorded != null) {
                return recorded;
            }
            misses.incrementAndGet();
            return Reply.error(404, "No recorded answer for this request (" + key.describe() + ") in "
                    + recording.dir() + "; record it with judge serve --record " + recording.dir() + " --upstream URL.",
                    "invalid_request_error", "not_recorded");
        }
        synchronized (keyLocks.computeIfAbsent(key, k -> new Object())) {
            Reply recorded = fromRecording(key);
            if (recorded != null) {
                return recorded;
            }
            misses.incrementAndGet();
            return forward(key, header, body);
        }
    }

    /** The recorded answer, or null when not recorded. */
    private Reply fromRecording(StubRecording.Key key) {
        StubRecording.Answer answer = recording.answer(key);
        if (answer == null) {
            return null;
        }
        hits.incrementAndGet();
        return new Reply(answer.status(), JSON, answer.body(), 0, false);
    }

    private Reply forward(StubRecording.Key key, Function<String, String> header, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : REGRADE_HEADERS) {
            String value = header.apply(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        forwarded.incrementAndGet();
        OpenAiTransport.Response response;
        try {
            response = upstream.post(new String(body, StandardCharsets.UTF_8), headers);
        } catch (TransportException e) {
            failed.incrementAndGet();
            boolean timeout = e.failure() == TransportException.Failure.TIMEOUT
                    || e.failure() == TransportException.Failure.CONNECT_TIMEOUT;
            Throwable cause = e.getCause();
            return Reply.error(timeout ? 504 : 502, upstream.redact("The upstream judge at " + upstream.endpoint()
                    + " gave no answer: " + e.getMessage().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + (cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")")
                    + "; nothing was recorded."), "upstream_error",
                    timeout ? "upstream_timeout" : "upstream_unreachable");
        }
        // The key is ASCII, so redacting through ISO-8859-1 changes nothing else, whatever the bytes.
        byte[] passed = upstream.redact(new String(response.body(), StandardCharsets.ISO_8859_1))
                .getBytes(StandardCharsets.ISO_8859_1);
        if (!response.ok() || !isJsonObject(passed)) {
            failed.incrementAndGet();
            return new Reply(response.status(), JSON, passed, 0, false);
        }
        try {
            recording.write(key, new String(body, StandardCharsets.UTF_8), response.status(), passed);
        } catch (IOException e) {
            failed.incrementAndGet();
            return Reply.error(500, "The upstream's answer could not be recorded in " + recording.dir() + ": "
                    + e.getMessage() + ".", "server_error", "recording_failed");
        }
        recorded.incrementAndGet();
        return new Reply(response.status(), JSON, passed, 0, false);
    }

    /** True when the body is UTF-8 holding one JSON object and nothing else (an answer to record). */
    private static boolean isJsonObject(byte[] body) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body));
            try (var parser = Wire.MAPPER.createParser(body)) {
                JsonNode tree = Wire.MAPPER.readTree(parser);
                return tree != null && tree.isObject() && parser.nextToken() == null;
            }
        } catch (IOException e) { // CharacterCodingException included
            return false;
        }
    }

    /** Where requests are answered from, for people; names the API key's source, never the key. */
    public String describe() {
        if (upstream == null) {
            return "replaying " + recording.dir() + " (" + answers() + "); no upstream";
        }
        ApiKey key = upstream.config().apiKey();
        return "recording into " + recording.dir() + " (" + answers() + ") from "
                + upstream.endpoint() + ", " + (upstream.hasApiKey() ? "API key " + key
                : "no API key" + (key == ApiKey.none() ? "" : " (" + key + ": not set)"));
    }

    private String answers() {
        return recording.size() + (recording.size() == 1 ? " recorded answer" : " recorded answers");
    }

    @Override
    public String toString() {
        return "RecordingJudge[" + describe() + "]";
    }
}
