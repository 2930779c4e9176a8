package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Rows held in memory as columns rather than as objects: per row, the values of its fields (named in
 * advance) and the order the fields came in, a text that recurs across rows (a task name) once. {@link #get} builds the row again, equal to the one added and
 * with its fields in the same order, each time it is asked for. Only the values then live through the
 * garbage collections, which copy everything live: an ObjectNode of one short string costs about four
 * times the string, and at 100× the val size the held rows made most of each collection's work.
 * A row that is not an object, or has a field beyond the names, is held as it is.
 */
final class HeldRows implements Rows.Indexed {
    /** Distinct texts of one field kept once until there are this many; then the field's texts are kept as read. */
    private static final int SHARED_TEXTS = 256;

    /** The field names, sorted: a field's slot is its index here. */
    private final String[] names;
    /** Per row, per slot: the field's value, or null when absent. */
    private JsonNode[] cells;
    /** Per row: the slots of its fields in the row's order, ended by -1 when it has fewer than all. */
    private byte[] order;
    /** The rows held as they are, by index. */
    private final Map<Integer, JsonNode> whole;
    /** Per slot while adding: one node for each distinct text seen (null once there were too many). */
    private final Map<String, JsonNode>[] texts;
    private int size;

    HeldRows(Set<String> fields) {
        this(fields.stream().sorted().toArray(String[]::new), new HashMap<>(), 0);
    }

    @SuppressWarnings("unchecked")
    private HeldRows(String[] names, Map<Integer, JsonNode> whole, int capacity) {
        if (names.length > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("too many fields to hold as columns: " + names.length);
        }
        this.names = names;
        this.whole = whole;
        this.cells = new JsonNode[Math.max(capacity, 1024) * names.length];
        this.order = new byte[Math.max(capacity, 1024) * names.length];
        this.texts = new Map[names.length];
        for (int s = 0; s < names.length; s++) {
            texts[s] = new HashMap<>();
        }
    }

    /** Appends a row. */
    void add(JsonNode row) {
        int w = names.length;
        if ((size + 1) * w > cells.length) {
            int room = Math.max(cells.length * 2, 1024 * w); // a trimmed empty one has no room at all
            cells = Arrays.copyOf(cells, room);
            order = Arrays.copyOf(order, room);
        }
        if (!(row instanceof ObjectNode) || !columns(row, size * w)) {
            whole.put(size, row);
        }
        size++;
    }

    /** Records the row's fields at {@code at}; false (and nothing kept) when one is not among the names. */
    private boolean columns(JsonNode row, int at) {
        int w = names.length;
        int j = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext(); j++) {
            Map.Entry<String, JsonNode> e = it.next();
            int slot = Arrays.binarySearch(names, e.getKey());
            if (slot < 0 || j == w) {
                Arrays.fill(cells, at, at + w, null);
                return false;
            }
            cells[at + slot] = cell(slot, e.getValue());
            order[at + j] = (byte) slot;
        }
        if (j < w) {
            order[at + j] = -1;
        }
        return true;
    }

    private JsonNode cell(int slot, JsonNode v) {
        if (v.isTextual()) {
            Map<String, JsonNode> seen = texts[slot];
            if (seen == null) {
                return v;
            }
            JsonNode first = seen.putIfAbsent(v.textValue(), v);
            if (first != null) {
                return first;
            }
            if (seen.size() > SHARED_TEXTS) {
                texts[slot] = null; // an id, not a label: every row has its own
            }
            return v;
        }
        return v;
    }

    @Override
    public int count() {
        return size;
    }

    /** Row {@code i}, built again. */
    JsonNode get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        JsonNode kept = whole.isEmpty() ? null : whole.get(i);
        if (kept != null) {
            return kept;
        }
        int w = names.length;
        int n = 0;
        while (n < w && order[i * w + n] >= 0) {
            n++;
        }
        ObjectNode row = LineParser.object(n);
        for (int j = 0; j < w && order[i * w + j] >= 0; j++) {
            int slot = order[i * w + j];
            row.set(names[slot], cells[i * w + slot]);
        }
        return row;
    }

    /** The rows in order; {@link RowIterator#lastIndex()} is the index {@link #get} takes. */
    @Override
    public RowIterator open() {
        return new IndexPass(size) {
            @Override
            JsonNode row(int i) {
                return get(i);
            }
        };
    }

    @Override
    public Lookup lookup() {
        return new Lookup() {
            @Override
            public JsonNode row(int i) {
                return get(i);
            }

            @Override
            public void close() {
            }
        };
    }

    /** This one's rows, then {@code b}'s (rows of the same names); both stay as they are. */
    HeldRows concat(HeldRows b) {
        if (!Arrays.equals(names, b.names)) {
            throw new IllegalArgumentException("rows of other fields");
        }
        Map<Integer, JsonNode> w = new HashMap<>(whole);
        b.whole.forEach((i, v) -> w.put(size + i, v));
        HeldRows c = new HeldRows(names, w, size + b.size);
        int n = names.length;
        System.arraycopy(cells, 0, c.cells, 0, size * n);
        System.arraycopy(b.cells, 0, c.cells, size * n, b.size * n);
        System.arraycopy(order, 0, c.order, 0, size * n);
        System.arraycopy(b.order, 0, c.order, size * n, b.size * n);
        c.size = size + b.size;
        c.trim();
        return c;
    }

    /** Drops the spare room and the maps used while adding. */
    HeldRows trim() {
        cells = Arrays.copyOf(cells, size * names.length);
        order = Arrays.copyOf(order, size * names.length);
        Arrays.fill(texts, null);
        return this;
    }
}
