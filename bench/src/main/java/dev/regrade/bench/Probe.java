package dev.regrade.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * What a benchmarked child JVM reports about itself, when started with {@code -Dregrade.bench.probe=FILE}:
 * time from JVM start to {@code main}, time inside {@code main}, and heap use. Heap occupancy only grows
 * between collections, so its peak is the largest of (heap used just before each collection, heap used at
 * exit); both come from the collector's own notifications, summed over the heap pools. The largest heap
 * left after a collection (the live data, which is what the program holds) is reported beside it.
 */
public final class Probe {
    /** The system property naming the file the report is written to. */
    public static final String PROPERTY = "regrade.bench.probe";

    private final Path file;
    private final long mainStartUptimeMs;
    private final Set<String> heapPools;
    private long peakBeforeGc;
    private long maxAfterGc;
    private int collections;

    private Probe(Path file) {
        this.file = file;
        this.mainStartUptimeMs = ManagementFactory.getRuntimeMXBean().getUptime();
        this.heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((n, handback) -> {
                    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                        record(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()));
                    }
                }, null, null);
            }
        }
    }

    /** A probe when {@link #PROPERTY} is set, else null (the normal case: nothing is measured). */
    public static Probe fromSystemProperty() {
        String f = System.getProperty(PROPERTY);
        return f == null || f.isEmpty() ? null : new Probe(Path.of(f));
    }

    private synchronized void record(GarbageCollectionNotificationInfo info) {
        collections++;
        peakBeforeGc = Math.max(peakBeforeGc, heapUsed(info.getGcInfo().getMemoryUsageBeforeGc()));
        maxAfterGc = Math.max(maxAfterGc, heapUsed(info.getGcInfo().getMemoryUsageAfterGc()));
    }

    private long heapUsed(Map<String, MemoryUsage> pools) {
        long sum = 0;
        for (Map.Entry<String, MemoryUsage> e : pools.entrySet()) {
            if (heapPools.contains(e.getKey())) {
                sum += e.getValue().getUsed();
            }
        }
        return sum;
    }

    /** Writes the report (one JSON object) for a main that returned {@code status}. */
    public synchronized void write(int status) {
        long endUptime = ManagementFactory.getRuntimeMXBean().getUptime();
        long atExit = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("status", status);
        o.put("jvm_to_main_ms", mainStartUptimeMs);
        o.put("in_main_ms", endUptime - mainStartUptimeMs);
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            o.put("cpu_ms", os.getProcessCpuTime() / 1_000_000); // all threads: JIT and GC included
        }
        o.put("peak_heap_bytes", Math.max(peakBeforeGc, atExit));
        o.put("max_live_after_gc_bytes", maxAfterGc);
        o.put("heap_at_exit_bytes", atExit);
        o.put("gc_count", collections);
        o.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        try {
            Files.writeString(file, o.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
