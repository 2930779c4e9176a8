package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyJson;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The one way the scorers read rows (the fast input path's only public interface; its classes are
 * package-private). A re-readable sequence of rows: a JSONL file streamed line by line ({@code load_jsonl}: lines that
 * are blank after Python's strip() are skipped, each other line is one JSON value), or a list in memory.
 * A row is whatever json.loads gives, an object or not: the scorers meet a row that is not an object
 * with the error of the first operation the original applies to it ({@code row.get} or {@code row[key]}).
 */
public interface Rows {
    /** Opens a new pass over the rows. */
    RowIterator open();

    /** Rows of a JSONL file (UTF-8); the file is read anew for every pass. */
    static Rows of(Path jsonl) {
        return () -> new JsonlReader(jsonl, null);
    }

    /**
     * Rows of a JSONL file, objects holding only the top-level {@code fields} named (absent ones stay
     * absent); the others are tokenized (so a broken line fails as it would in full) but not built.
     */
    static Rows of(Path jsonl, Set<String> fields) {
        Set<String> f = Set.copyOf(fields);
        return () -> new JsonlReader(jsonl, f);
    }

    /**
     * The rows of a JSONL file read once, held as their {@code keyFields} and the places of their
     * {@code scoredFields} ({@link IndexedRows}); a large file is read in two halves at once.
     */
    static FileIndex index(Path jsonl, Set<String> keyFields, Set<String> scoredFields) {
        return IndexedRows.of(jsonl, keyFields, scoredFields);
    }

    /**
     * Reduces a row from its line's bytes: {@code built} is the row with the built fields, {@code b[start,
     * end)} the value of the located field (start -1 when absent). Returns the row {@code compact} would make
     * of the full row, or null when that takes the full row.
     */
    interface FromBytes {
        JsonNode reduce(JsonNode built, byte[] b, int start, int end);
    }

    /**
     * The rows of a JSONL file read once and held in memory as columns of {@code heldFields}
     * ({@link HeldRows}), each reduced: a row the scanner took by {@code fromBytes}, from its {@code built}
     * fields and the bytes of the field {@code located}; any other row (and one {@code fromBytes} leaves) is
     * read again with all those fields and reduced by {@code compact}, which returns a row it cannot reduce
     * (not an object, a field of an unusual type) as read: the scorer meets that row raw and raises what the
     * original raises on it, where the original reaches it. A large file is read as two halves split at a
     * line end, in parallel; the rows and the first error (in file order) are those of one sequential pass.
     */
    static Indexed loaded(Path jsonl, Set<String> built, String located, FromBytes fromBytes,
                           UnaryOperator<JsonNode> compact, Set<String> heldFields) {
        Set<String> b = Set.copyOf(built);
        Set<String> all = new java.util.HashSet<>(b);
        all.add(located);
        Set<String> full = Set.copyOf(all);
        return ParallelSplit.read(jsonl, (start, end) -> {
            HeldRows rows = new HeldRows(heldFields);
            LineParser parser = new LineParser(b, Set.of(located));
            LineParser again = new LineParser(full);
            int slot = java.util.Arrays.asList(parser.names).indexOf(located);
            try (JsonlReader it = new JsonlReader(jsonl, parser, start, end)) {
                while (it.hasNext()) {
                    JsonNode row = it.next();
                    JsonNode reduced = null;
                    byte[] line = it.lastBuffer();
                    if (parser.scanned) {
                        int s = parser.scanner.start[slot];
                        reduced = fromBytes.reduce(row, line, s, s < 0 ? -1 : parser.scanner.end[slot]);
                    }
                    if (reduced == null) {
                        reduced = compact.apply(again.reread(line, it.lastLineStartInBuffer(), it.lastLength()));
                    }
                    rows.add(reduced);
                }
            }
            return rows.trim();
        }, HeldRows::concat);
    }

    /** Rows in memory. */
    static Rows of(List<? extends JsonNode> rows) {
        return () -> new RowIterator() {
            private final Iterator<? extends JsonNode> it = rows.iterator();

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public JsonNode next() {
                return it.next();
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

    /**
     * Rows a pass reports the index of ({@link RowIterator#lastIndex()}), so that a row met in a pass can
     * be built again later from its index instead of held.
     */
    interface Indexed extends Rows {
        /** Opens a lookup of the rows by index (for a {@link FileIndex}, its scored rows); close it when done. */
        Lookup lookup();
    }

    /** Rows built by index; close it when done. */
    interface Lookup extends AutoCloseable {
        /** Row {@code i}, built again. */
        JsonNode row(int i);

        @Override
        void close();
    }

    /**
     * A JSONL file read once ({@link #index}): its passes give the rows with their key fields only; the
     * rows with their scored fields are built again from the file when they are needed.
     */
    interface FileIndex extends Indexed {
        /** The rows with their scored fields, in file order (each built again from the file). */
        Rows scored();

        /**
         * {@link #scored()} with each row the scanner took reduced by {@code reduce} from the bytes of
         * {@code field}'s value, the other scored fields built; a row it does not reduce (or whose field is
         * absent, or that the scanner did not take) is built in full.
         */
        Rows scored(String field, FromBytes reduce);
    }

    /** Takes the content b[from, to) of one string item of an array (escapes as written). */
    interface StringItem {
        /** False to stop the walk. */
        boolean take(byte[] b, int from, int to);
    }

    /**
     * Walks the array b[start, end) that the scanner checked (a {@link FromBytes} value), handing each
     * item's content to {@code item} while the items are strings: true when every item was a string and
     * taken, false at the first that is not a string or is refused.
     */
    static boolean strings(byte[] b, int start, int end, StringItem item) {
        return LineParser.strings(b, start, end, item);
    }

    /** One pass over rows; close it when done. */
    interface RowIterator extends Iterator<JsonNode>, AutoCloseable {
        @Override
        void close();

        /** The index of the row last returned in {@link Indexed} rows, which can build it again; else -1. */
        default int lastIndex() {
            return -1;
        }
    }

    /** Parses one JSONL line as Python's json.loads would (a broken line raises JSONDecodeError). */
    static JsonNode parseLine(String line) {
        return PyJson.loads(line);
    }
}
