package dev.regrade.judge.record;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.common.Json;
import com.github.tomakehurst.wiremock.matching.EqualToJsonPattern;
import com.github.tomakehurst.wiremock.matching.EqualToPattern;
import com.github.tomakehurst.wiremock.matching.MultiValuePattern;
import com.github.tomakehurst.wiremock.matching.SingleMatchMultiValuePattern;
import com.github.tomakehurst.wiremock.matching.StringValuePattern;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.regrade.judge.Wire;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A recording on disk in WireMock's own layout, so that a plain WireMock ({@code --root-dir DIR}, no
 * extension) replays it: {@code mappings/NAME.json} is one stub mapping per recorded request
 * ({@code POST /v1/chat/completions}, the body {@code equalToJson} the request as received, the
 * {@value Wire#VOTE} header equal to its vote or absent) answering with its status, {@code Content-Type:
 * application/json} and {@code bodyFileName: NAME.json}, the upstream's body in {@code __files/NAME.json}
 * byte for byte. {@value #MARKER} marks the directory. A request is found by its {@link Key}, taken
 * from each stub's own matchers when the directory is opened: the same request that plain WireMock
 * matches by {@code equalToJson}, found here by one look-up instead of a match against every stub.
 *
 * <p>Every file is written under a temporary name ({@code .partial-*.tmp}), forced to disk and
 * renamed into place, the body before its stub, so a kill never leaves half a file under a
 * recorded name nor a stub without its body; leftovers (temporary files, which WireMock never reads,
 * and a body whose stub was not written yet) are removed when the directory is next opened for
 * recording. Thread-safe.
 */
final class StubRecording {
    static final String MARKER = ".regrade-recording";
    static final String FORMAT = "regrade-judge-recording";
    static final int VERSION = 2;
    static final String MAPPINGS = "mappings";
    static final String FILES = "__files";
    static final String PATH = "/v1/chat/completions";
    private static final String TEMP_PREFIX = ".partial-";
    private static final String TEMP_SUFFIX = ".tmp";
    /** Jackson with members sorted by name at every depth: the digest's form of a body. */
    private static final ObjectMapper SORTED = new ObjectMapper().configure(JsonNodeFeature.WRITE_PROPERTIES_SORTED, true);

    /**
     * What a recorded answer is found by: the request body as a JSON tree (members in any order) and,
     * for Regrade's own client, the vote number. No other header counts. The vote counts because the
     * votes of a majority vote send the same body, and a real judge may answer them differently.
     *
     * @param body the request body, a JSON object
     * @param vote the {@value Wire#VOTE} header (1, 2, 3), or null when the request had none
     */
    record Key(JsonNode body, Integer vote) {
        Key {
            Objects.requireNonNull(body, "body");
        }

        /** A request the key cannot be taken of: the body is not a JSON object, or the vote header not a number. */
        static final class Unreadable extends Exception {
            private static final long serialVersionUID = 1L;

            Unreadable(String message) {
                super(message);
            }
        }

        /** The key of a request with this body and this {@value Wire#VOTE} header (null: none). */
        static Key of(byte[] body, String voteHeader) throws Unreadable {
            JsonNode tree;
            try {
                tree = Wire.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new Unreadable("the request body is not JSON");
            }
            if (tree == null || !tree.isObject()) {
                throw new Unreadable("the request body is not a JSON object");
            }
            Integer vote = null;
            if (voteHeader != null) {
                try {
                    vote = Integer.valueOf(voteHeader.trim());
                } catch (NumberFormatException e) {
                    vote = -1;
                }
                if (vote < 1) {
                    throw new Unreadable(Wire.VOTE + " must be a vote number (1, 2, ...), got '" + voteHeader + "'");
                }
            }
            return new Key(tree, vote);
        }

        /** Lower-case hex SHA-256 of the body written by Jackson with its members sorted by name. */
        String bodySha256() {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(SORTED.writeValueAsBytes(body)));
            } catch (NoSuchAlgorithmException | IOException e) {
                throw new IllegalStateException(e);
            }
        }

        /** {@code SHA256.json}, or {@code SHA256-voteN.json} with a vote: the stub's and the body's file name. */
        String fileName() {
            return bodySha256() + (vote == null ? "" : "-vote" + vote) + ".json";
        }

        /** {@code request body sha256 HEX} and, with a vote, {@code , vote N}: how messages name the request. */
        String describe() {
            return "request body sha256 " + bodySha256() + (vote == null ? "" : ", vote " + vote);
        }
    }

    /** A recorded answer: its status (2xx) and body, replayed byte for byte. */
    record Answer(int status, byte[] body) {
    }

    private final Path dir;
    private final Map<Key, Answer> answers;

    private StubRecording(Path dir, Map<Key, Answer> answers) {
        this.dir = dir;
        this.answers = answers;
    }

    /** An existing recording, to replay: refused unless {@code dir} holds a recording and nothing else. */
    static StubRecording forReplay(Path dir) throws RecordingException {
        if (!Files.isDirectory(dir)) {
            throw new RecordingException(dir + ": no such directory (record one with --record DIR --upstream URL)");
        }
        return new StubRecording(dir, load(dir, false));
    }

    /**
     * A recording to add to: {@code dir} is created when missing and set up when empty; a directory
     * holding anything that is not a recording is refused.
     */
    static StubRecording forRecording(Path dir) throws RecordingException {
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new RecordingException(dir + ": not a directory");
            }
            Files.createDirectories(dir);
            boolean empty;
            try (Stream<Path> entries = Files.list(dir)) {
                empty = entries.findAny().isEmpty();
            }
            if (empty) {
                Files.createDirectories(dir.resolve(MAPPINGS));
                Files.createDirectories(dir.resolve(FILES));
                ObjectNode marker = JsonNodeFactory.instance.objectNode();
                marker.put("format", FORMAT);
                marker.put("version", VERSION);
                marker.put("layout", "WireMock stub mappings: mappings/*.json, their bodies in __files/");
                marker.put("key", "the request body as JSON (equalToJson), and the X-Regrade-Vote header");
                writeAtomically(dir, MARKER, Wire.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(marker));
            }
        } catch (IOException e) {
            throw new RecordingException(dir + ": cannot be recorded into: " + e.getMessage());
        }
        return new StubRecording(dir, load(dir, true));
    }

    /** Every recorded answer in {@code dir}, after checking that it is a recording and holds nothing else. */
    private static Map<Key, Answer> load(Path dir, boolean removeLeftovers) throws RecordingException {
        checkMarker(dir);
        List<Path> leftovers = new ArrayList<>();
        Map<Key, Answer> answers = new ConcurrentHashMap<>();
        try {
            try (Stream<Path> entries = Files.list(dir)) {
                for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                    String name = p.getFileName().toString();
                    boolean known = name.equals(MARKER) || (name.equals(MAPPINGS) || name.equals(FILES)) && Files.isDirectory(p);
                    if (!known) {
                        throw new RecordingException(dir + ": holds " + name
                                + ", which is not part of a recording; refusing to use the directory");
                    }
                }
            }
            List<Path> stubs = new ArrayList<>();
            List<Path> bodies = new ArrayList<>();
            for (String sub : List.of(MAPPINGS, FILES)) {
                Path d = dir.resolve(sub);
                if (!Files.isDirectory(d)) {
                    throw new RecordingException(dir + ": not a recording (no " + sub + "/)");
                }
                try (Stream<Path> entries = Files.list(d)) {
                    for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                        String name = p.getFileName().toString();
                        if (name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX)) {
                            leftovers.add(p);
                        } else if (name.endsWith(".json") && Files.isRegularFile(p)) {
                            (sub.equals(MAPPINGS) ? stubs : bodies).add(p);
                        } else {
                            throw new RecordingException(dir + ": holds " + sub + "/" + name
                                    + ", which is not part of a recording; refusing to use the directory");
                        }
                    }
                }
            }
            for (Path stub : stubs) {
                Map.Entry<Key, Answer> e = read(dir, stub);
                answers.put(e.getKey(), e.getValue());
            }
            if (removeLeftovers) {
                // A body whose stub a kill cut off is never served: it goes with the temporary files.
                java.util.Set<String> named = new java.util.HashSet<>();
                stubs.forEach(p -> named.add(p.getFileName().toString()));
                bodies.stream().filter(p -> !named.contains(p.getFileName().toString())).forEach(leftovers::add);
                for (Path p : leftovers) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            throw new RecordingException(dir + ": cannot be read: " + e.getMessage());
        }
        return answers;
    }

    /** One stub file: its key (from its own matchers) and its answer (from its body file). */
    private static Map.Entry<Key, Answer> read(Path dir, Path file) throws RecordingException, IOException {
        String where = dir.relativize(file).toString();
        StubMapping stub;
        try {
            stub = StubMapping.buildFrom(Files.readString(file, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw new RecordingException(dir + ": " + where + " is not a WireMock stub mapping: " + e.getMessage());
        }
        var request = stub.getRequest();
        var response = stub.getResponse();
        boolean bodyByJson = request.getBodyPatterns() != null && request.getBodyPatterns().size() == 1
                && request.getBodyPatterns().get(0) instanceof EqualToJsonPattern;
        if (!bodyByJson || response.getBodyFileName() == null || response.getStatus() < 200
                || response.getStatus() > 299) {
            throw new RecordingException(dir + ": " + where + " is not a recorded answer (a body equalToJson, a 2xx "
                    + "status and a bodyFileName)");
        }
        JsonNode body = Wire.MAPPER.readTree(((EqualToJsonPattern) request.getBodyPatterns().get(0)).getExpected());
        if (body == null || !body.isObject()) {
            throw new RecordingException(dir + ": " + where + ": its equalToJson is not a JSON object");
        }
        Integer vote = null;
        Map<String, MultiValuePattern> headers = request.getHeaders();
        MultiValuePattern votePattern = headers == null ? null : headers.get(Wire.VOTE);
        StringValuePattern p = votePattern instanceof SingleMatchMultiValuePattern single ? single.getValuePattern() : null;
        if (p == null || !p.nullSafeIsAbsent()) {
            if (p == null || !p.getClass().equals(EqualToPattern.class)) {
                throw new RecordingException(dir + ": " + where + ": no " + Wire.VOTE + " header pattern (equalTo or absent)");
            }
            try {
                vote = Integer.valueOf(p.getExpected());
            } catch (NumberFormatException e) {
                throw new RecordingException(dir + ": " + where + ": its " + Wire.VOTE + " is not a vote number");
            }
        }
        Path bodyFile = dir.resolve(FILES).resolve(response.getBodyFileName()).normalize();
        if (!bodyFile.startsWith(dir.resolve(FILES).normalize()) || !Files.isRegularFile(bodyFile)) {
            throw new RecordingException(dir + ": " + where + ": its body file " + FILES + "/"
                    + response.getBodyFileName() + " is missing");
        }
        return Map.entry(new Key(body, vote), new Answer(response.getStatus(), Files.readAllBytes(bodyFile)));
    }

    private static void checkMarker(Path dir) throws RecordingException {
        Path marker = dir.resolve(MARKER);
        if (!Files.isRegularFile(marker)) {
            throw new RecordingException(dir + ": not a recording (no " + MARKER
                    + "); a recording is made by judge serve --record into a new or empty directory");
        }
        JsonNode m;
        try {
            m = Wire.MAPPER.readTree(Files.readAllBytes(marker));
        } catch (IOException e) {
            m = null;
        }
        if (m == null || !FORMAT.equals(m.path("format").asText(null))) {
            throw new RecordingException(marker + ": not a recording's marker");
        }
        if (m.path("version").asInt(-1) != VERSION) {
            throw new RecordingException(marker + ": a recording of format version " + m.path("version")
                    + ", this Regrade reads version " + VERSION);
        }
    }

    Path dir() {
        return dir;
    }

    /** How many answers the recording holds. */
    int size() {
        return answers.size();
    }

    /** The answer recorded for this key, or null when there is none. */
    Answer answer(Key key) {
        return answers.get(key);
    }

    /**
     * Records an answer: its body in {@code __files/}, then its stub in {@code mappings/}, each atomically,
     * replacing any earlier one of its key.
     *
     * @param requestBody the request body as received (the stub's {@code equalToJson})
     */
    void write(Key key, String requestBody, int status, byte[] body) throws IOException {
        if (status < 200 || status > 299) {
            throw new IllegalArgumentException("only a 2xx answer is recorded, got " + status);
        }
        String name = key.fileName();
        StubMapping stub = post(urlPathEqualTo(PATH))
                .withId(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)))
                .withName("regrade " + key.describe())
                .withHeader(Wire.VOTE, key.vote() == null ? absent() : equalTo(key.vote().toString()))
                .withRequestBody(equalToJson(requestBody))
                .willReturn(aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                        .withBodyFile(name))
                .build();
        writeAtomically(dir.resolve(FILES), name, body);
        writeAtomically(dir.resolve(MAPPINGS), name, Json.write(stub).getBytes(StandardCharsets.UTF_8));
        answers.put(key, new Answer(status, body.clone()));
    }

    private static void writeAtomically(Path dir, String name, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(dir, TEMP_PREFIX, TEMP_SUFFIX);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
