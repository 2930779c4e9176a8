package dev.regrade.bench;

import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.rubric.port.JudgeRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Judge verification requests per second over loopback HTTP: {@link HttpJudgeClient} against a
 * {@link FakeJudgeServer} on 127.0.0.1, with a number of concurrent client threads. Bounded in
 * count (requests per setting) and in time (a deadline per setting).
 */
public final class Throughput {
    /** One measured setting. */
    public record Result(int threads, int sent, int failed, double elapsedMs, boolean deadlineHit) {
        public double perSecond() {
            return elapsedMs <= 0 ? 0 : sent * 1000.0 / elapsedMs;
        }
    }

    private Throughput() {
    }

    /**
     * Measures each thread count on one server and one client: a warm-up of {@code warmup} requests, then
     * {@code total} requests shared among the threads, stopping early at {@code deadline}.
     */
    public static List<Result> measure(List<Integer> threadCounts, int total, int warmup, Duration deadline) {
        List<Result> out = new ArrayList<>();
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl())
                    .withModel("o4-mini").withTimeout(Duration.ofSeconds(10)).withMaxRetries(0));
            runOnce(client, 1, warmup, deadline);
            for (int threads : threadCounts) {
                server.clearJournal();
                out.add(runOnce(client, threads, total, deadline));
            }
            server.clearJournal();
        }
        return out;
    }

    private static Result runOnce(HttpJudgeClient client, int threads, int total, Duration deadline) {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        long start = System.nanoTime();
        long stopAt = start + deadline.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "regrade-bench-client");
            t.setDaemon(true);
            return t;
        });
        boolean[] hit = new boolean[1];
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < total) {
                        if (System.nanoTime() > stopAt) {
                            hit[0] = true;
                            return;
                        }
                        String claim = "Bench claim number " + i + " holds.";
                        try {
                            client.judge(new JudgeRequest("bench_" + i, claim, null,
                                    "Here is the claim or the statement to be verified:\n```\n" + claim + "\n```",
                                    List.of(), false, 1));
                        } catch (RuntimeException e) {
                            failed.incrementAndGet();
                        }
                        sent.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get(deadline.toMillis() + 30_000, TimeUnit.MILLISECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("throughput run with " + threads + " threads failed: " + e, e);
        } finally {
            pool.shutdownNow();
        }
        return new Result(threads, sent.get(), failed.get(), Stats.msSince(start), hit[0]);
    }
}
