package dev.regrade.audit.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Jobs on a fixed pool of daemon threads, each thread with a worker of its own (a runner, made on
 * the thread's first job); the results come back in job order, whatever the number of threads.
 */
public final class Workers {
    private Workers() {
    }

    /**
     * Applies {@code work} to every job; a job's runtime exception is rethrown. At the end each
     * worker is given to {@code closing} and then closed.
     */
    public static <J, W extends AutoCloseable, R> List<R> map(String threadName, int threads, List<J> jobs,
                                                             Supplier<W> newWorker, BiFunction<W, J, R> work,
                                                             Consumer<W> closing) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        List<W> workers = Collections.synchronizedList(new ArrayList<>());
        ThreadLocal<W> worker = ThreadLocal.withInitial(() -> {
            W w = newWorker.get();
            workers.add(w);
            return w;
        });
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (J job : jobs) {
                futures.add(pool.submit(() -> work.apply(worker.get(), job)));
            }
            List<R> out = new ArrayList<>();
            for (Future<R> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(threadName + " interrupted", e);
        } finally {
            pool.shutdownNow();
            synchronized (workers) {
                for (W w : workers) {
                    closing.accept(w);
                    try {
                        w.close();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
    }
}
