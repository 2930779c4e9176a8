package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A pass over rows {@code 0..count-1} built by index ({@link #row}); {@link Rows.RowIterator#lastIndex()} is
 * the index of the row last returned.
 */
abstract class IndexPass implements Rows.RowIterator {
    private final int count;
    private int next;

    IndexPass(int count) {
        this.count = count;
    }

    abstract JsonNode row(int i);

    @Override
    public boolean hasNext() {
        return next < count;
    }

    @Override
    public JsonNode next() {
        if (!hasNext()) {
            throw new java.util.NoSuchElementException();
        }
        return row(next++);
    }

    @Override
    public int lastIndex() {
        return next - 1;
    }

    @Override
    public void close() {
    }
}
