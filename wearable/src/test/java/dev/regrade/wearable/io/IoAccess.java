package dev.regrade.wearable.io;

import java.io.OutputStream;
import java.nio.file.Path;

/** For tests of the scorers' package: the fast path's package-private knobs, which tests only may turn. */
public final class IoAccess {
    private IoAccess() {
    }

    /** Below this many bytes a file is read in one pass (ParallelSplit.minBytes). */
    public static long minBytes() {
        return ParallelSplit.minBytes;
    }

    public static void minBytes(long bytes) {
        ParallelSplit.minBytes = bytes;
    }

    /** Where a file would be split for reading its halves at once, or -1 (ParallelSplit.at). */
    public static long splitAt(Path file) {
        return ParallelSplit.at(file);
    }

    /** A sink writing to {@code out}, as the spool makes one. */
    public static Utf8Sink sink(OutputStream out) {
        return new Utf8Sink(out);
    }
}
