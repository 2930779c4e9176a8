package dev.regrade.subjects.wearable;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A re-readable sequence of rows: a JSONL file streamed line by line ({@code load_jsonl}: lines that
 * are blank after Python's strip() are skipped, each other line is one JSON object), or a list in memory.
 */
public interface Rows {
    /** Reads JSON the way Python's json.loads does: NaN/Infinity accepted, a repeated key keeps its first position and last value. */
    ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Opens a new pass over the rows. */
    RowIterator open();

    /** Rows of a JSONL file (UTF-8); the file is read anew for every pass. */
    static Rows of(Path jsonl) {
        return () -> new FileRows(jsonl);
    }

    /** Rows in memory. Each must be a JSON object. */
    static Rows of(List<? extends JsonNode> rows) {
        return () -> new RowIterator() {
            private final Iterator<? extends JsonNode> it = rows.iterator();

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public ObjectNode next() {
                return asObject(it.next());
            }

            @Override
            public void close() {
            }
        };
    }

    /** Counts the rows (one pass). */
    default int count() {
        int n = 0;
        try (RowIterator it = open()) {
            while (it.hasNext()) {
                it.next();
                n++;
            }
        }
        return n;
    }

    /** One pass over rows; close it when done. */
    interface RowIterator extends Iterator<ObjectNode>, AutoCloseable {
        @Override
        void close();
    }

    private static ObjectNode asObject(JsonNode n) {
        if (n instanceof ObjectNode o) {
            return o;
        }
        throw new ScoringError("AttributeError", "'" + Py.typeName(n) + "' object has no attribute 'get'");
    }

    /** Parses one JSONL line as Python's json.loads would. */
    static JsonNode parseLine(String line) {
        try {
            return MAPPER.readTree(line);
        } catch (IOException e) {
            throw new ScoringError("json.decoder.JSONDecodeError", e.getMessage());
        }
    }

    /** The streaming file reader behind {@link #of(Path)}. */
    final class FileRows implements RowIterator {
        private final BufferedReader reader;
        private ObjectNode pending;

        FileRows(Path path) {
            try {
                this.reader = Files.newBufferedReader(path, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new ScoringError("FileNotFoundError", "[Errno 2] No such file or directory: '" + path + "'");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public boolean hasNext() {
            if (pending != null) {
                return true;
            }
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (!Py.strip(line).isEmpty()) {
                        pending = asObject(parseLine(line));
                        return true;
                    }
                }
                return false;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public ObjectNode next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ObjectNode n = pending;
            pending = null;
            return n;
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
