package dev.regrade.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.core.Phases;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where an audit's time went: milliseconds per phase, in order. From the command line the first
 * phase is the JVM's own start (process start to the command). For {@code audit --timings} and
 * the benchmark; never part of a result.
 */
public final class PhaseTimes implements Phases {
    /** The name of the first phase of a command-line run. */
    public static final String JVM_START = "jvm start";

    private final long startNanos = System.nanoTime();
    private final Map<String, Double> phases = new LinkedHashMap<>();
    private final double offsetMs;
    private long last = startNanos;
    private long judgeRequests = -1;

    private PhaseTimes(double offsetMs) {
        this.offsetMs = offsetMs;
        if (offsetMs > 0) {
            phases.put(JVM_START, offsetMs);
        }
    }

    /** Times from process start: the first phase is the JVM's start up to now. */
    public static PhaseTimes fromJvmStart() {
        return new PhaseTimes(ManagementFactory.getRuntimeMXBean().getUptime());
    }

    /** Times from now (an audit run inside a JVM that is already up). */
    public static PhaseTimes fromNow() {
        return new PhaseTimes(0);
    }

    @Override
    public synchronized void mark(String phase) {
        long now = System.nanoTime();
        phases.merge(phase, (now - last) / 1e6, Double::sum);
        last = now;
    }

    /** Records the number of judge requests the audit made. */
    public synchronized void judgeRequests(long n) {
        judgeRequests = n;
    }

    /** Milliseconds per phase, in order. */
    public synchronized Map<String, Double> phases() {
        return new LinkedHashMap<>(phases);
    }

    /** {@code {"phases_ms": {...}, "total_ms": …, "judge_requests": …}}. */
    public synchronized ObjectNode json() {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        ObjectNode p = doc.putObject("phases_ms");
        phases.forEach((k, v) -> p.put(k, Math.round(v * 10.0) / 10.0));
        doc.put("total_ms", Math.round((offsetMs + (last - startNanos) / 1e6) * 10.0) / 10.0);
        doc.put("judge_requests", judgeRequests);
        return doc;
    }
}
