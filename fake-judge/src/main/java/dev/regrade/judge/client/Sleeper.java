package dev.regrade.judge.client;

import java.time.Duration;

/** How the client waits between retries; tests give a sleeper that only records the waits. */
@FunctionalInterface
public interface Sleeper {
    /** Really sleeps. */
    Sleeper REAL = d -> Thread.sleep(d.toMillis());

    void sleep(Duration duration) throws InterruptedException;
}
