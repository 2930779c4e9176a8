package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IndexedRows.Reader}: every range comes back with the file's bytes in any order and of any size
 * (past the window, at the end of the file), and how much it reads: ranges in file order are read a
 * window at a time, ranges out of order (shuffled predictions asking for golden rows) each exactly, with
 * no read-ahead, or from the file mapped when it is small.
 */
class IndexedRowsReaderTest {
    @TempDir
    Path tmp;

    private byte[] content(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static long[][] ranges(int size, int n, int maxLength, long seed) {
        Random r = new Random(seed);
        long[][] out = new long[n][];
        long at = 0;
        for (int i = 0; i < n; i++) {
            int length = 1 + r.nextInt(maxLength);
            at += r.nextInt(300);
            if (at + length > size) {
                at = 0;
            }
            out[i] = new long[] {at, length};
            at += length;
        }
        return out;
    }

    private void check(IndexedRows.Reader reader, byte[] file, long[][] ranges) {
        for (long[] rg : ranges) {
            byte[] b = reader.bytes(rg[0], (int) rg[1]);
            assertArrayEquals(Arrays.copyOfRange(file, (int) rg[0], (int) (rg[0] + rg[1])),
                    Arrays.copyOfRange(b, reader.at, reader.at + (int) rg[1]), "range " + rg[0] + "+" + rg[1]);
        }
    }

    @Test
    void rangesInFileOrderAreReadAWindowAtATime() throws IOException {
        int size = 8 << 20;
        byte[] file = content(size, 1);
        Path p = Files.write(tmp.resolve("f"), file);
        long[][] rs = ranges(size, 20_000, 700, 2);
        // in file order: the first pass until it wraps
        List<long[]> ordered = new ArrayList<>();
        for (long[] r : rs) {
            if (!ordered.isEmpty() && r[0] < ordered.get(ordered.size() - 1)[0]) {
                break;
            }
            ordered.add(r);
        }
        try (IndexedRows.Reader reader = new IndexedRows.Reader(p, new LineParser(Set.of()))) {
            check(reader, file, ordered.toArray(long[][]::new));
            long span = ordered.get(ordered.size() - 1)[0] + ordered.get(ordered.size() - 1)[1];
            assertTrue(reader.fills <= span / IndexedRows.Reader.WINDOW + 8, "fills " + reader.fills + " for " + span);
            assertTrue(reader.bytesRead <= span + IndexedRows.Reader.WINDOW, "read " + reader.bytesRead);
        }
    }

    @Test
    void rangesOutOfOrderAreReadExactly() throws IOException {
        int size = 8 << 20;
        byte[] file = content(size, 3);
        Path p = Files.write(tmp.resolve("f"), file);
        List<long[]> rs = new ArrayList<>(Arrays.asList(ranges(size, 5_000, 2_000, 4)));
        Collections.shuffle(rs, new Random(5));
        long asked = 0;
        for (long[] r : rs) {
            asked += r[1];
        }
        for (long limit : new long[] {0, size}) {
            try (IndexedRows.Reader reader = new IndexedRows.Reader(p, new LineParser(Set.of()), limit)) {
                check(reader, file, rs.toArray(long[][]::new));
                // A few shuffled ranges fall just after the one before and read ahead; the rest read their bytes only.
                assertTrue(reader.bytesRead < asked * 2, "read " + reader.bytesRead + " for " + asked + " asked");
            }
        }
    }

    @Test
    void largeRangesAndTheEndOfTheFile() throws IOException {
        int size = 3 * IndexedRows.Reader.WINDOW + 123;
        byte[] file = content(size, 6);
        Path p = Files.write(tmp.resolve("f"), file);
        long[][] rs = {{0, 10}, {10, 2 * IndexedRows.Reader.WINDOW + 5}, {size - 7, 7}, {5, IndexedRows.Reader.WINDOW + 1},
            {size - IndexedRows.Reader.WINDOW - 3, IndexedRows.Reader.WINDOW + 3}, {size - 1, 1}, {0, size}};
        for (long limit : new long[] {0, size}) {
            try (IndexedRows.Reader reader = new IndexedRows.Reader(p, new LineParser(Set.of()), limit)) {
                check(reader, file, rs);
                assertTrue(reader.fills <= rs.length, "fills " + reader.fills);
            }
        }
    }
}
