package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Warmup#start}: for every task name, a known one or not, {@code await()} returns with the warm-up
 * thread ended. The timeouts guard against a hang only; nothing here measures a time.
 */
class WarmupTest {
    @ParameterizedTest
    @ValueSource(strings = {"proactive", "longqa", "convqa", "", "nonsense", "Proactive"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void awaitReturnsWithTheThreadEnded(String task) {
        Warmup w = Warmup.start(task);
        w.await();
        assertEquals(List.of(), warmupThreads(), "no warm-up thread still alive after await()");
        w.await(); // a second wait returns too
    }

    /** An interrupted caller is not kept waiting for nothing, and keeps its interrupt status. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anInterruptedCallerKeepsItsStatus() {
        Warmup w = Warmup.start("convqa");
        Thread.currentThread().interrupt();
        w.await();
        assertTrue(Thread.interrupted(), "the interrupt status is set again (and cleared here)");
        w.await();
    }

    /** Every class the warm-up names exists (after a move, a stale name would make it warm nothing). */
    @Test
    void everyNamedClassExists() throws ClassNotFoundException {
        for (String c : Warmup.COMMON) {
            assertEquals(c, Class.forName(c, false, Warmup.class.getClassLoader()).getName());
        }
    }

    private static List<String> warmupThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("regrade-warmup"))
                .filter(Thread::isAlive).map(Thread::getName).toList();
    }
}
