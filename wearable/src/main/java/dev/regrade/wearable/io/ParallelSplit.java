package dev.regrade.wearable.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BinaryOperator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Where a large JSONL file is split for reading its two halves at once. */
final class ParallelSplit {
    /** Files below this are read in one pass (a second thread would not pay for itself); tests lower it. */
    static volatile long minBytes = 32L << 20;
    /** One daemon thread reads the second half. */
    static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "jsonl-second-half");
        t.setDaemon(true);
        return t;
    });

    private ParallelSplit() {
    }

    /** Reads bytes [start, end) of a file (end -1: to its end). */
    interface Part<T> {
        T read(long start, long end);
    }

    /**
     * {@code read} of the whole file, or of its two halves ({@link #at}) at once, joined by {@code join}
     * (first half, second half). The result and the first error (in file order) are those of one pass:
     * an error in the first half surfaces once the second has stopped; else the second half's.
     */
    static <T> T read(Path file, Part<T> read, BinaryOperator<T> join) {
        long split = at(file);
        if (split < 0) {
            return read.read(0, -1);
        }
        CompletableFuture<T> second = CompletableFuture.supplyAsync(() -> read.read(split, -1), POOL);
        T first;
        try {
            first = read.read(0, split);
        } catch (RuntimeException e) {
            second.cancel(false);
            second.exceptionally(x -> null).join(); // let the other half stop reading before the error surfaces
            throw e;
        }
        try {
            return join.apply(first, second.join());
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /**
     * The offset just after the first {@code \n} at or past the middle of the file, or -1 to read it in
     * one pass (small file, a single processor, no {@code \n} there, or the file cannot be sized).
     */
    static long at(Path file) {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return -1;
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            return -1; // the sequential pass reports it
        }
        if (size < minBytes) {
            return -1;
        }
        long mid = size / 2;
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(mid);
            byte[] buf = new byte[1 << 16];
            long pos = mid;
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        long split = pos + i + 1;
                        return split < size ? split : -1;
                    }
                }
                pos += n;
            }
            return -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
