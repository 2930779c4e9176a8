package dev.regrade.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A recording on disk: a directory holding the marker {@value #MARKER} and one {@link Exchange}
 * file per {@link RequestKey} ({@code SHA256.json} or {@code SHA256-voteN.json}), nothing else.
 * Every file is written under a temporary name ({@code .partial-*.tmp}), forced to disk and renamed
 * into place in one atomic step, so a kill leaves either the whole file or none: a leftover
 * temporary file is never read, and is deleted when the directory is next opened for recording.
 * Thread-safe.
 */
final class Recording {
    static final String MARKER = ".regrade-recording";
    static final String FORMAT = "regrade-judge-recording";
    static final int VERSION = 1;
    private static final String TEMP_PREFIX = ".partial-";
    private static final String TEMP_SUFFIX = ".tmp";

    private final Path dir;
    private final Set<RequestKey> keys;

    private Recording(Path dir, Set<RequestKey> keys) {
        this.dir = dir;
        this.keys = keys;
    }

    /** An existing recording, to replay: refused unless {@code dir} holds a recording and nothing else. */
    static Recording forReplay(Path dir) throws RecordingException {
        if (!Files.isDirectory(dir)) {
            throw new RecordingException(dir + ": no such directory (record one with --record DIR --upstream URL)");
        }
        return new Recording(dir, scan(dir, false));
    }

    /**
     * A recording to add to: {@code dir} is created when missing and marked when empty; a directory
     * holding anything that is not a recording is refused.
     */
    static Recording forRecording(Path dir) throws RecordingException {
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
                ObjectNode marker = JsonNodeFactory.instance.objectNode();
                marker.put("format", FORMAT);
                marker.put("version", VERSION);
                marker.put("key", "SHA-256 of the request body's canonical JSON, and the X-Regrade-Vote header");
                writeAtomically(dir, MARKER, Wire.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(marker));
            }
        } catch (IOException e) {
            throw new RecordingException(dir + ": cannot be recorded into: " + e.getMessage());
        }
        return new Recording(dir, scan(dir, true));
    }

    /** The keys recorded in {@code dir}, after checking that it is a recording and holds nothing else. */
    private static Set<RequestKey> scan(Path dir, boolean removeLeftovers) throws RecordingException {
        checkMarker(dir);
        Set<RequestKey> keys = ConcurrentHashMap.newKeySet();
        List<Path> leftovers = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                String name = p.getFileName().toString();
                RequestKey key = RequestKey.ofFileName(name);
                if (key != null && Files.isRegularFile(p)) {
                    keys.add(key);
                } else if (name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX)) {
                    leftovers.add(p);
                } else if (!name.equals(MARKER)) {
                    throw new RecordingException(dir + ": holds " + name
                            + ", which is not part of a recording; refusing to use the directory");
                }
            }
            if (removeLeftovers) {
                for (Path p : leftovers) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            throw new RecordingException(dir + ": cannot be read: " + e.getMessage());
        }
        return keys;
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

    /** How many exchanges the recording holds. */
    int size() {
        return keys.size();
    }

    boolean contains(RequestKey key) {
        return keys.contains(key);
    }

    /**
     * The exchange recorded for this key, or null when there is none.
     *
     * @throws Exchange.Damaged when its file is not a whole exchange of its name (edited by hand: a
     *                          file this class wrote is always whole)
     * @throws IOException      when it cannot be read
     */
    Exchange read(RequestKey key) throws Exchange.Damaged, IOException {
        if (!keys.contains(key)) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(dir.resolve(key.fileName()));
        } catch (NoSuchFileException e) {
            throw new Exchange.Damaged("the file was removed");
        }
        return Exchange.fromJson(key, bytes);
    }

    /** Writes an exchange, atomically, replacing any earlier one of its key. */
    void write(Exchange exchange) throws IOException {
        writeAtomically(dir, exchange.key().fileName(), exchange.toJson());
        keys.add(exchange.key());
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
