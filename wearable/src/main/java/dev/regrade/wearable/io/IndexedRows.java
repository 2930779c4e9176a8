package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyOSError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;

/**
 * A JSONL file read once: per row, its key fields (what pairing looks at) and where its line and the
 * values of its scored fields lie, so that the scored row can be built again when it is needed
 * ({@link #row(Reader, int)}) instead of held. Every line is checked in this pass, so its errors come
 * first, as when the original loads the whole file; building a row again reads only the bytes of its
 * scored values (the whole line when the scanner did not take it).
 */
final class IndexedRows implements Rows.FileIndex {
    private final Path path;
    private final Set<String> scoredFields;
    /** The scored fields in the order of the span arrays. */
    private final String[] scoredNames;
    /** The rows with their key fields only. */
    private final HeldRows keys;
    private final long[] offsets;
    private final int[] lengths;
    /** Per row, per scored field: value start and end relative to the line (-1: absent), first-appearance rank. */
    private final int[] start;
    private final int[] end;
    private final int[] rank;
    /** Per row: whether the scanner took its line (else the spans are unused and the line is parsed again). */
    private final boolean[] located;

    private IndexedRows(Path path, Set<String> scoredFields, String[] scoredNames, HeldRows keys, long[] offsets,
                        int[] lengths, int[] start, int[] end, int[] rank, boolean[] located) {
        this.path = path;
        this.scoredFields = scoredFields;
        this.scoredNames = scoredNames;
        this.keys = keys;
        this.offsets = offsets;
        this.lengths = lengths;
        this.start = start;
        this.end = end;
        this.rank = rank;
        this.located = located;
    }

    /**
     * Reads {@code jsonl} with only {@code keyFields} built and the places of {@code scoredFields} noted. A
     * large file is read as two halves split at a line end, in parallel; the rows and the first error (in
     * file order) are those of one sequential pass.
     */
    static IndexedRows of(Path jsonl, Set<String> keyFields, Set<String> scoredFields) {
        Set<String> k = Set.copyOf(keyFields);
        Set<String> s = Set.copyOf(scoredFields);
        return ParallelSplit.read(jsonl, (start, end) -> read(jsonl, k, s, start, end), IndexedRows::concat);
    }

    private IndexedRows concat(IndexedRows o) {
        return new IndexedRows(path, scoredFields, scoredNames, keys.concat(o.keys), cat(offsets, o.offsets), cat(lengths, o.lengths),
                cat(start, o.start), cat(end, o.end), cat(rank, o.rank), cat(located, o.located));
    }

    private static IndexedRows read(Path jsonl, Set<String> keyFields, Set<String> scoredFields, long from, long to) {
        LineParser parser = new LineParser(keyFields, scoredFields);
        String[] names = scoredFields.stream().sorted().toArray(String[]::new);
        int w = names.length;
        int[] slot = new int[w]; // scanner field index of each scored field
        for (int f = 0; f < w; f++) {
            slot[f] = Arrays.asList(parser.names).indexOf(names[f]);
        }
        HeldRows keys = new HeldRows(keyFields);
        long[] offsets = new long[1024];
        int[] lengths = new int[1024];
        int[] start = new int[1024 * w];
        int[] end = new int[1024 * w];
        int[] rank = new int[1024 * w];
        boolean[] located = new boolean[1024];
        try (JsonlReader it = new JsonlReader(jsonl, parser, from, to)) {
            while (it.hasNext()) {
                JsonNode row = it.next();
                int i = keys.count();
                if (i == offsets.length) {
                    offsets = Arrays.copyOf(offsets, i * 2);
                    lengths = Arrays.copyOf(lengths, i * 2);
                    located = Arrays.copyOf(located, i * 2);
                    start = Arrays.copyOf(start, i * 2 * w);
                    end = Arrays.copyOf(end, i * 2 * w);
                    rank = Arrays.copyOf(rank, i * 2 * w);
                }
                keys.add(row);
                long off = it.lastOffset();
                offsets[i] = off;
                lengths[i] = it.lastLength();
                located[i] = parser.scanned;
                if (parser.scanned) {
                    RowScanner sc = parser.scanner;
                    int lineStart = it.lastLineStartInBuffer();
                    for (int f = 0; f < w; f++) {
                        int s = sc.start[slot[f]];
                        start[i * w + f] = s < 0 ? -1 : s - lineStart;
                        end[i * w + f] = s < 0 ? -1 : sc.end[slot[f]] - lineStart;
                        rank[i * w + f] = sc.rank[slot[f]];
                    }
                }
            }
        }
        int n = keys.count();
        keys.trim();
        return new IndexedRows(jsonl, scoredFields, names, keys, Arrays.copyOf(offsets, n), Arrays.copyOf(lengths, n),
                Arrays.copyOf(start, n * w), Arrays.copyOf(end, n * w), Arrays.copyOf(rank, n * w),
                Arrays.copyOf(located, n));
    }

    @Override
    public int count() {
        return keys.count();
    }

    /** The rows with their key fields only. */
    @Override
    public RowIterator open() {
        return new IndexPass(keys.count()) {
            @Override
            JsonNode row(int i) {
                return keys.get(i);
            }
        };
    }

    @Override
    public Rows scored() {
        return () -> new IndexPass(keys.count()) {
            private final Reader reader = reader();

            @Override
            JsonNode row(int i) {
                return IndexedRows.this.row(reader, i);
            }

            @Override
            public void close() {
                reader.close();
            }
        };
    }

    @Override
    public Rows scored(String field, Rows.FromBytes reduce) {
        int slot = Arrays.asList(scoredNames).indexOf(field);
        if (slot < 0) {
            throw new IllegalArgumentException("not a scored field: " + field);
        }
        return () -> new IndexPass(keys.count()) {
            private final Reader reader = reader();

            @Override
            JsonNode row(int i) {
                return IndexedRows.this.row(reader, i, slot, reduce);
            }

            @Override
            public void close() {
                reader.close();
            }
        };
    }

    private JsonNode row(Reader r, int i, int slot, Rows.FromBytes reduce) {
        int w = scoredNames.length;
        if (!located[i] || start[i * w + slot] < 0) {
            return row(r, i);
        }
        int shift = load(r, i);
        byte[] b = r.window.array();
        int[] others = Arrays.copyOfRange(start, i * w, i * w + w);
        others[slot] = -1;
        JsonNode built = LineParser.build(b, shift, scoredNames, w, others, Arrays.copyOfRange(end, i * w, i * w + w),
                Arrays.copyOfRange(rank, i * w, i * w + w), 0);
        JsonNode reduced = reduce.reduce(built, b, start[i * w + slot] - shift, end[i * w + slot] - shift);
        return reduced != null ? reduced : LineParser.build(b, shift, scoredNames, w, start, end, rank, i * w);
    }

    /** The scored rows by index ({@link #row(Reader, int)}), through one reader of the file. */
    @Override
    public Lookup lookup() {
        Reader r = reader();
        return new Lookup() {
            @Override
            public JsonNode row(int i) {
                return IndexedRows.this.row(r, i);
            }

            @Override
            public void close() {
                r.close();
            }
        };
    }

    /** Opens the file for {@link #row}; close it when done. */
    Reader reader() {
        return new Reader(path, new LineParser(scoredFields));
    }

    /** Row {@code i} with its scored fields, exactly as a pass reading them would build it. */
    JsonNode row(Reader r, int i) {
        if (!located[i]) {
            byte[] b = r.bytes(offsets[i], lengths[i]);
            JsonNode row = r.parser.reread(b, r.at, lengths[i]);
            if (row == null) {
                throw new IllegalStateException(path + " changed while it was scored");
            }
            return row;
        }
        int w = scoredNames.length;
        int shift = load(r, i);
        if (shift == Integer.MIN_VALUE) {
            return LineParser.build(null, 0, scoredNames, w, start, end, rank, i * w);
        }
        return LineParser.build(r.window.array(), shift, scoredNames, w, start, end, rank, i * w);
    }

    /**
     * Reads the bytes of row {@code i}'s scored values into {@code r}'s window; returns how far their
     * positions are from the line's (LineParser.build's shift), or MIN_VALUE when it has none.
     */
    private int load(Reader r, int i) {
        int w = scoredNames.length;
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        for (int f = 0; f < w; f++) {
            if (start[i * w + f] >= 0) {
                lo = Math.min(lo, start[i * w + f]);
                hi = Math.max(hi, end[i * w + f]);
            }
        }
        if (lo == Integer.MAX_VALUE) {
            return Integer.MIN_VALUE;
        }
        r.bytes(offsets[i] + lo, hi - lo);
        return lo - r.at;
    }

    /**
     * Reads byte ranges of the file through a window that reads ahead only while the ranges come in file
     * order: rows asked for in file order cost one read a window (up to {@value #WINDOW} bytes), rows asked
     * for in any other order (predictions shuffled against golden) one read of exactly their range. A
     * window filled whole for every range out of order read up to a megabyte per row: 66,000 reads of
     * 1 MB for LongQA's 70,000 shuffled rows at 100×, 9–15 s in the kernel.
     */
    static final class Reader implements AutoCloseable {
        static final int WINDOW = 1 << 20;
        /** The first read-ahead once ranges come in order; it doubles with each in-order fill up to WINDOW. */
        static final int FIRST_READ_AHEAD = 64 << 10;
        /** How far past the last range's end the next may start and still count as in order. */
        private static final int IN_ORDER_GAP = 64 << 10;
        private final FileChannel channel;
        /**
         * A file up to this size asked for out of order is mapped: each range is then copied from the page
         * cache with no system call (LongQA's 42 MB golden file at 100×: 0.1 s less CPU than a read per
         * row, 42 MB more resident). Larger files (ConvQA's and proactive's golden files, 400+ MB) are read
         * a range at a time: mapped, their pages would count in the process's resident set.
         */
        static final long MAP_LIMIT = 64L << 20;
        /** {@link #MAP_LIMIT}, or another limit a test gives. */
        private final long mapLimit;
        private java.nio.MappedByteBuffer mapped;
        private boolean mapTried;
        final LineParser parser;
        /** The bytes last asked for are in its array, from {@link #at}. */
        private ByteBuffer window = ByteBuffer.allocate(FIRST_READ_AHEAD);
        private long windowStart = -1;
        private int windowLength;
        /** Where the last range asked for ended (-1: none yet). */
        private long lastEnd = -1;
        /** Bytes to read past a range asked for in order (0: exactly the range). */
        private int readAhead;
        /** Where the range last asked for starts in the array {@link #bytes} returned. */
        int at;
        /** Fills made and bytes they read (for tests). */
        int fills;
        long bytesRead;

        Reader(Path path, LineParser parser) {
            this(path, parser, MAP_LIMIT);
        }

        Reader(Path path, LineParser parser, long mapLimit) {
            this.parser = parser;
            this.mapLimit = mapLimit;
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            } catch (NoSuchFileException e) {
                throw PyOSError.of(path, e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** An array holding bytes [offset, offset + length) of the file from index {@link #at}. */
        byte[] bytes(long offset, int length) {
            if (mapped != null) {
                if (offset + length > mapped.limit()) {
                    throw new IllegalStateException("the file changed while it was scored");
                }
                if (window.capacity() < length) {
                    window = ByteBuffer.allocate(Math.max(length, window.capacity() * 2));
                }
                mapped.get((int) offset, window.array(), 0, length);
                fills++;
                bytesRead += length;
                at = 0;
                return window.array();
            }
            if (windowStart < 0 || offset < windowStart || offset + length > windowStart + windowLength) {
                boolean inOrder = lastEnd >= 0 && offset >= lastEnd && offset - lastEnd <= IN_ORDER_GAP;
                if (!inOrder && lastEnd >= 0 && !mapTried) {
                    mapTried = true;
                    try {
                        long size = channel.size();
                        if (size <= mapLimit) {
                            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
                            return bytes(offset, length);
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                readAhead = !inOrder ? 0 : readAhead == 0 ? FIRST_READ_AHEAD : Math.min(WINDOW, readAhead * 2);
                fill(offset, length, Math.max(length, (int) Math.min(WINDOW, (long) length + readAhead)));
            }
            lastEnd = offset + length;
            at = (int) (offset - windowStart);
            return window.array();
        }

        /** Reads at least {@code length} and at most {@code want} bytes from {@code offset} (fewer at the end of the file). */
        private void fill(long offset, int length, int want) {
            if (window.capacity() < want) {
                window = ByteBuffer.allocate(Math.max(want, Math.min(WINDOW, window.capacity() * 2)));
            }
            window.clear();
            window.limit(want);
            try {
                while (window.position() < length) {
                    if (channel.read(window, offset + window.position()) < 0) {
                        throw new IllegalStateException("the file changed while it was scored");
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fills++;
            bytesRead += window.position();
            windowStart = offset;
            windowLength = window.position();
        }

        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static long[] cat(long[] a, long[] b) {
        long[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static int[] cat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static boolean[] cat(boolean[] a, boolean[] b) {
        boolean[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
