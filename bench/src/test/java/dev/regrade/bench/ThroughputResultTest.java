package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link Throughput.Result#perSecond()}: requests sent per second of the setting's elapsed time. */
class ThroughputResultTest {
    @Test
    void requestsPerSecondOfElapsedTime() {
        assertEquals(2000.0, new Throughput.Result(4, 500, 0, 250.0, false).perSecond());
        // Failed requests were sent too: the rate is of requests made, and the table shows the failures beside it.
        assertEquals(2000.0, new Throughput.Result(4, 500, 20, 250.0, false).perSecond());
    }

    @Test
    void nothingElapsedIsNoRateRatherThanInfinity() {
        assertEquals(0.0, new Throughput.Result(1, 0, 0, 0.0, false).perSecond());
    }
}
