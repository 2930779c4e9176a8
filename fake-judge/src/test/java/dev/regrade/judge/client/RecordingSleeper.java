package dev.regrade.judge.client;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A sleeper that records the waits instead of sleeping. */
final class RecordingSleeper implements Sleeper {
    final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
    }
}
