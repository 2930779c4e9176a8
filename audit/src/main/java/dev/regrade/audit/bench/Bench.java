package dev.regrade.audit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Policies;
import dev.regrade.scripts.v2025_10_23.Scripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The measurements behind {@code regrade bench}: the default audit's wall time from process start
 * (child processes), a breakdown measured in process, and judge requests per second over loopback.
 * Every figure is a median over {@code repeat} runs. Nothing here asserts a time.
 */
public final class Bench {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Targets for the default audit's wall time from process start. */
    public static final double TARGET_IN_PROCESS_MS = 3_000;
    public static final double TARGET_HTTP_MS = 6_000;
    private static final long CHILD_TIMEOUT_S = 900;

    /**
     * What to measure.
     *
     * @param repeat   runs per measurement (medians reported)
     * @param quick    skip the child-process audits; a reduced matrix in process; few requests
     * @param requests verification requests per concurrency setting
     * @param jar      the regrade jar for child processes, or null when not running from a jar
     * @param progress receives one line per step
     */
    public record Options(int repeat, boolean quick, int requests, Path jar, Consumer<String> progress) {
    }

    private Bench() {
    }

    /** The audit configuration of {@code regrade audit} with no options (or the reduced one of --quick). */
    public static AuditConfig config(JudgeMode mode, boolean quick) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (quick) {
            return new AuditConfig(List.of(Scripts.names().get(0)), List.of("minimal"), null, "released", "fixed",
                    Expectations.shipped(), List.of(0L), mode, cores);
        }
        Path fixtures = Inputs.shippedFixtures();
        if (fixtures != null && !Files.isDirectory(fixtures)) {
            fixtures = null;
        }
        return new AuditConfig(new ArrayList<>(Scripts.names()), Policies.names(), fixtures, "released", "fixed",
                Expectations.shipped(), List.of(0L, 1L, 2L, 3L), mode, cores);
    }

    /** Runs every measurement; returns the bench document. */
    public static ObjectNode run(Options o) {
        ObjectNode doc = F.objectNode();
        doc.put("regrade_bench", 1);
        doc.put("repeat", o.repeat());
        doc.put("quick", o.quick());
        doc.put("cores", Runtime.getRuntime().availableProcessors());
        doc.put("java", System.getProperty("java.version"));
        doc.put("jar", o.jar() == null ? null : o.jar().toString());

        ObjectNode audit = doc.putObject("audit");
        audit.set("in-process", childAudit(o, "in-process", TARGET_IN_PROCESS_MS));
        audit.set("http", childAudit(o, "http", TARGET_HTTP_MS));

        doc.set("breakdown", breakdown(o));

        int warmup = Math.max(1, Math.min(200, o.requests() / 10));
        Duration deadline = o.quick() ? Duration.ofSeconds(10) : Duration.ofSeconds(60);
        o.progress().accept("throughput: " + o.requests() + " requests per setting (1, 4, 16 threads), repeat "
                + o.repeat());
        Map<Integer, List<Throughput.Result>> byThreads = new LinkedHashMap<>();
        for (int i = 0; i < o.repeat(); i++) {
            for (Throughput.Result r : Throughput.measure(List.of(1, 4, 16), o.requests(), warmup, deadline)) {
                byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r);
            }
        }
        ArrayNode tp = doc.putArray("throughput");
        doc.put("throughput_warmup_requests", warmup);
        doc.put("throughput_deadline_s", deadline.toSeconds());
        for (Map.Entry<Integer, List<Throughput.Result>> e : byThreads.entrySet()) {
            ObjectNode t = tp.addObject();
            t.put("threads", e.getKey());
            t.put("requests", o.requests());
            List<Double> rates = new ArrayList<>();
            List<Double> elapsed = new ArrayList<>();
            int failed = 0;
            int sent = 0;
            boolean hit = false;
            for (Throughput.Result r : e.getValue()) {
                rates.add(r.perSecond());
                elapsed.add(r.elapsedMs());
                failed += r.failed();
                sent += r.sent();
                hit |= r.deadlineHit();
            }
            t.put("sent_total", sent);
            t.put("failed_total", failed);
            t.put("deadline_hit", hit);
            t.put("elapsed_ms_median", round(Stats.median(elapsed)));
            t.put("requests_per_second_median", round(Stats.median(rates)));
            ArrayNode s = t.putArray("requests_per_second_samples");
            rates.forEach(v -> s.add(round(v)));
        }
        return doc;
    }

    private static ObjectNode childAudit(Options o, String mode, double targetMs) {
        ObjectNode n = F.objectNode();
        n.put("command", "java -jar regrade.jar audit --quiet --judge " + mode + " --out <tmp>");
        n.put("target_ms", targetMs);
        if (o.quick() || o.jar() == null) {
            n.put("status", "skipped");
            n.put("reason", o.quick() ? "--quick" : "not running from a jar");
            return n;
        }
        List<Double> samples = new ArrayList<>();
        long requests = -1;
        for (int i = 0; i < o.repeat(); i++) {
            o.progress().accept("audit --judge " + mode + " (child process) " + (i + 1) + "/" + o.repeat());
            Path out = tempDir();
            try {
                ChildProcesses.Timed t = ChildProcesses.run(o.jar(),
                        List.of("audit", "--quiet", "--judge", mode, "--out", out.toString()), CHILD_TIMEOUT_S);
                if (t.status() != 0 && t.status() != 1) {
                    throw new IllegalStateException("regrade audit --judge " + mode + " exited " + t.status());
                }
                samples.add(t.wallMs());
                requests = ChildProcesses.judgeRequests(out);
            } finally {
                ChildProcesses.deleteTree(out);
            }
        }
        n.put("status", "measured");
        double median = Stats.median(samples);
        n.put("wall_ms_median", round(median));
        ArrayNode s = n.putArray("wall_ms_samples");
        samples.forEach(v -> s.add(round(v)));
        n.put("judge_requests", requests);
        n.put("met", median < targetMs);
        return n;
    }

    private static ObjectNode breakdown(Options o) {
        ObjectNode b = F.objectNode();
        b.put("config", o.quick() ? "quick: " + Scripts.names().get(0) + ", policy minimal, no fixtures, seed 0"
                : "default (all scripts, all policies, shipped fixtures, seeds 0,1,2,3)");
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        for (String k : List.of("jvm_start", "judge_server_start", "judge_server_stop", "run_in_process", "run_http",
                "write")) {
            samples.put(k, new ArrayList<>());
        }
        long reqInProcess = -1;
        long reqHttp = -1;
        for (int i = 0; i < o.repeat(); i++) {
            if (!o.quick() && o.jar() != null) {
                o.progress().accept("breakdown " + (i + 1) + "/" + o.repeat() + ": JVM start");
                ChildProcesses.Timed t = ChildProcesses.run(o.jar(), List.of("--version"), 120);
                samples.get("jvm_start").add(t.wallMs());
            }
            o.progress().accept("breakdown " + (i + 1) + "/" + o.repeat() + ": fake-judge server start/stop");
            long s0 = System.nanoTime();
            FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
            samples.get("judge_server_start").add(Stats.msSince(s0));
            long s1 = System.nanoTime();
            server.stop();
            samples.get("judge_server_stop").add(Stats.msSince(s1));

            o.progress().accept("breakdown " + (i + 1) + "/" + o.repeat() + ": Audit.run in-process + write");
            long r0 = System.nanoTime();
            Audit.Outcome inProcess = Audit.run(config(JudgeMode.IN_PROCESS, o.quick()), (d, t) -> { });
            samples.get("run_in_process").add(Stats.msSince(r0));
            reqInProcess = ChildProcesses.judgeRequests(inProcess.resultFiles());
            Path out = tempDir();
            try {
                long w0 = System.nanoTime();
                AuditWriter.write(out, inProcess);
                samples.get("write").add(Stats.msSince(w0));
            } finally {
                ChildProcesses.deleteTree(out);
            }

            o.progress().accept("breakdown " + (i + 1) + "/" + o.repeat() + ": Audit.run http");
            long h0 = System.nanoTime();
            Audit.Outcome http = Audit.run(config(JudgeMode.HTTP, o.quick()), (d, t) -> { });
            samples.get("run_http").add(Stats.msSince(h0));
            reqHttp = ChildProcesses.judgeRequests(http.resultFiles());
        }
        ObjectNode steps = b.putObject("steps");
        for (Map.Entry<String, List<Double>> e : samples.entrySet()) {
            ObjectNode step = steps.putObject(e.getKey());
            if (e.getValue().isEmpty()) {
                step.put("status", "skipped");
                step.put("reason", o.quick() ? "--quick" : "not running from a jar");
                continue;
            }
            step.put("status", "measured");
            step.put("ms_median", round(Stats.median(e.getValue())));
            ArrayNode s = step.putArray("ms_samples");
            e.getValue().forEach(v -> s.add(round(v)));
        }
        b.put("judge_requests_in_process", reqInProcess);
        b.put("judge_requests_http", reqHttp);
        return b;
    }

    /** The table printed by {@code regrade bench}. */
    public static String table(JsonNode doc) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "regrade bench: medians of %d run(s); %d cores; Java %s%s%n",
                doc.get("repeat").asInt(), doc.get("cores").asInt(), doc.get("java").asText(),
                doc.get("quick").asBoolean() ? "; --quick" : ""));
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "%-52s %10s %10s %-6s %14s%n", "Default audit, wall time from process start",
                "median", "target", "", "judge requests"));
        for (String mode : List.of("in-process", "http")) {
            JsonNode a = doc.get("audit").get(mode);
            String label = "  --judge " + mode;
            String target = "< " + fmtS(a.get("target_ms").asDouble());
            if (!"measured".equals(a.get("status").asText())) {
                sb.append(String.format(Locale.ROOT, "%-52s %10s %10s %-6s %14s%n", label,
                        "skipped", target, "", "(" + a.get("reason").asText() + ")"));
            } else {
                sb.append(String.format(Locale.ROOT, "%-52s %10s %10s %-6s %14d%n", label,
                        fmtS(a.get("wall_ms_median").asDouble()), target, a.get("met").asBoolean() ? "met" : "MISSED",
                        a.get("judge_requests").asLong()));
            }
        }
        sb.append('\n');
        JsonNode b = doc.get("breakdown");
        sb.append(String.format(Locale.ROOT, "%-52s %10s%n", "Breakdown, measured in process", "median"));
        sb.append("  (").append(b.get("config").asText()).append(")\n");
        String[][] rows = {
            {"jvm_start", "JVM start (java -jar regrade.jar --version)"},
            {"judge_server_start", "fake-judge server start (FakeJudgeServer.start)"},
            {"judge_server_stop", "fake-judge server stop"},
            {"run_in_process", "Audit.run, --judge in-process"},
            {"run_http", "Audit.run, --judge http"},
            {"write", "AuditWriter.write (results + 3 reports)"},
        };
        for (String[] r : rows) {
            JsonNode s = b.get("steps").get(r[0]);
            String v = "measured".equals(s.get("status").asText()) ? fmtS(s.get("ms_median").asDouble())
                    : "skipped";
            String extra = r[0].equals("run_in_process") ? "  " + b.get("judge_requests_in_process").asLong()
                    + " judge requests" : r[0].equals("run_http") ? "  " + b.get("judge_requests_http").asLong()
                    + " judge requests" : "";
            sb.append(String.format(Locale.ROOT, "  %-50s %10s%s%n", r[1], v, extra));
        }
        sb.append('\n');
        sb.append("Judge requests per second over loopback HTTP (HttpJudgeClient -> FakeJudgeServer on 127.0.0.1)\n");
        sb.append(String.format(Locale.ROOT, "  %7s %9s %7s %10s %10s%n", "threads", "requests", "failed", "elapsed",
                "req/s"));
        for (JsonNode t : doc.get("throughput")) {
            sb.append(String.format(Locale.ROOT, "  %7d %9d %7d %10s %10.0f%s%n", t.get("threads").asInt(),
                    t.get("requests").asInt(), t.get("failed_total").asInt(),
                    fmtS(t.get("elapsed_ms_median").asDouble()), t.get("requests_per_second_median").asDouble(),
                    t.get("deadline_hit").asBoolean() ? "  (deadline hit)" : ""));
        }
        return sb.toString();
    }

    private static String fmtS(double ms) {
        return ms < 1000 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.2f s", ms / 1000);
    }

    private static double round(double v) {
        return Math.round(v * 10.0) / 10.0;
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("regrade-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
