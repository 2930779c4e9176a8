package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyAttributeError;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A re-readable sequence of rows: a JSONL file streamed line by line ({@code load_jsonl}: lines that
 * are blank after Python's strip() are skipped, each other line is one JSON object), or a list in memory.
 */
public interface Rows {
    /** Opens a new pass over the rows. */
    RowIterator open();

    /** Rows of a JSONL file (UTF-8); the file is read anew for every pass. */
    static Rows of(Path jsonl) {
        return () -> new JsonlReader(jsonl, null);
    }

    /**
     * Rows of a JSONL file holding only the top-level {@code fields} named (absent ones stay absent); the
     * others are tokenized (so a broken line fails as it would in full) but not built.
     */
    static Rows of(Path jsonl, Set<String> fields) {
        Set<String> f = Set.copyOf(fields);
        return () -> new JsonlReader(jsonl, f);
    }

    /**
     * The rows read in one pass and held in memory, each reduced by {@code compact}. A row that
     * {@code compact} rejects is held as read, so the scorer (which compacts every row it meets) raises
     * that error at the same point as when it streamed the rows.
     */
    static Rows loaded(Rows source, UnaryOperator<ObjectNode> compact) {
        return of(collect(source, compact));
    }

    /**
     * {@link #loaded(Rows, UnaryOperator)} for the given fields of a JSONL file. A large file is read
     * as two halves split at a line end, in parallel; the rows and the first error (in file order) are
     * those of one sequential pass.
     */
    static Rows loaded(Path jsonl, Set<String> fields, UnaryOperator<ObjectNode> compact) {
        Set<String> f = Set.copyOf(fields);
        long split = ParallelSplit.at(jsonl);
        if (split < 0) {
            return loaded(of(jsonl, f), compact);
        }
        java.util.concurrent.CompletableFuture<List<ObjectNode>> second = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> collect(() -> new JsonlReader(jsonl, f, split, -1), compact), ParallelSplit.POOL);
        List<ObjectNode> rows;
        try {
            rows = collect(() -> new JsonlReader(jsonl, f, 0, split), compact);
        } catch (RuntimeException e) {
            second.cancel(false);
            second.exceptionally(x -> null).join(); // let the other half stop reading before the error surfaces
            throw e;
        }
        try {
            rows.addAll(second.join());
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
        return of(rows);
    }

    private static List<ObjectNode> collect(Rows source, UnaryOperator<ObjectNode> compact) {
        List<ObjectNode> rows = new ArrayList<>();
        try (RowIterator it = source.open()) {
            while (it.hasNext()) {
                ObjectNode r = it.next();
                try {
                    rows.add(compact.apply(r));
                } catch (RuntimeException e) {
                    rows.add(r);
                }
            }
        }
        return rows;
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
        throw notAnObject(n);
    }

    /** What the original raises when a row is not a dict (it calls {@code row.get}). */
    static PyException notAnObject(JsonNode n) {
        return new PyAttributeError("'" + PyJsonValue.typeName(n) + "' object has no attribute 'get'");
    }

    /** Parses one JSONL line as Python's json.loads would (a broken line raises JSONDecodeError). */
    static JsonNode parseLine(String line) {
        return PyJson.loads(line);
    }
}
