package dev.regrade.bench;

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
import dev.regrade.policies.Policies;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The measurements behind {@code regrade bench}: the default audit's wall time from process start,
 * in child processes started exactly as a user starts them ({@code ./regrade audit}), with the
 * audit's own account of where the time went ({@code audit --timings}), and judge requests per
 * second over loopback. Every figure is a median over {@code repeat} runs. Nothing here asserts a time.
 */
public final class Bench {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Targets for the default audit's wall time from process start. */
    public static final double TARGET_IN_PROCESS_MS = 3_000;
    public static final double TARGET_HTTP_MS = 6_000;
    /** The HTTP audit's target against the in-process one, paired run by run (issue #23: on WireMock and java.net.http). */
    public static final double TARGET_HTTP_RATIO = 3.0;
    private static final long CHILD_TIMEOUT_S = 900;
    /** The wall time after the audit's last phase: the JVM's exit. */
    static final String EXIT = "jvm exit";

    /**
     * What to measure.
     *
     * @param repeat   runs per measurement (medians reported)
     * @param quick    skip the child-process audits; a reduced matrix in process; few requests
     * @param requests verification requests per concurrency setting
     * @param launcher the {@code regrade} launcher script to start child audits with (its JVM
     *                 options are the ones measured), or null to start them with {@code java -jar}
     * @param jar      the regrade jar, or null when not running from a jar (no child processes)
     * @param sections what to measure: {@code audit}, {@code throughput}, {@code subjects} (= {@code wearable}
     *                 and {@code vereval}), {@code replay}
     * @param upstream a directory with the upstream wearable scorers ({@code released/run_evaluation.py},
     *                 {@code fixed/run_evaluation.py}) to compare with, or null
     * @param progress receives one line per step
     */
    public record Options(int repeat, boolean quick, int requests, Path launcher, Path jar, Set<String> sections,
                          Path upstream, Consumer<String> progress) {
        /** The sections {@code regrade bench} knows, in the order they run. */
        public static final List<String> SECTIONS = List.of("audit", "throughput", "subjects", "wearable", "vereval",
                "replay");

        public Options {
            sections = Set.copyOf(sections);
            if (!SECTIONS.containsAll(sections) || sections.isEmpty()) {
                throw new IllegalArgumentException("sections: expected some of " + SECTIONS + ", got " + sections);
            }
        }
    }

    private Bench() {
    }

    /** The audit configuration of {@code regrade audit} with no options (or the reduced one of --quick). */
    public static AuditConfig config(JudgeMode mode, boolean quick) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (quick) {
            return new AuditConfig(List.of(RubricScripts.names().get(0)), List.of("minimal"), null, "released", "fixed",
                    Expectations.shipped(), List.of(0L), mode, cores);
        }
        Path fixtures = Inputs.shippedFixtures();
        if (fixtures != null && !Files.isDirectory(fixtures)) {
            fixtures = null;
        }
        return new AuditConfig(new ArrayList<>(RubricScripts.names()), Policies.names(), fixtures, "released", "fixed",
                Expectations.shipped(), List.of(0L, 1L, 2L, 3L), mode, cores);
    }

    /** Runs every measurement; returns the bench document. */
    public static ObjectNode run(Options o) {
        ObjectNode doc = F.objectNode();
        doc.put("regrade_bench", 2);
        doc.put("repeat", o.repeat());
        doc.put("quick", o.quick());
        doc.put("cores", Runtime.getRuntime().availableProcessors());
        doc.put("java", System.getProperty("java.version"));
        doc.put("launcher", o.launcher() == null ? null : o.launcher().toString());

        if (o.sections().contains("audit")) {
            audit(o, doc.putObject("audit"));
        }
        if (o.sections().contains("throughput")) {
            throughput(o, doc);
        }
        boolean wearable = o.sections().contains("subjects") || o.sections().contains("wearable");
        boolean vereval = o.sections().contains("subjects") || o.sections().contains("vereval");
        if (wearable || vereval) {
            doc.set("subjects", SubjectsBench.run(o.repeat(), o.quick(), o.launcher(), o.jar(),
                    o.upstream() != null ? o.upstream() : SubjectsBench.upstreamFromEnv(), wearable, vereval, o.progress()));
        }
        if (o.sections().contains("replay")) {
            if (o.launcher() == null && o.jar() == null) {
                doc.putObject("replay").put("status", "skipped").put("reason", "not running from a jar");
            } else {
                doc.set("replay", ReplayBench.run(ReplayBench.prefix(o.launcher(), o.jar()), o.repeat(), o.progress(),
                        ReplayBench.home(o.launcher())));
            }
        }
        return doc;
    }

    private static void throughput(Options o, ObjectNode doc) {

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
            t.put("elapsed_ms_median", Stats.round1(Stats.median(elapsed)));
            t.put("requests_per_second_median", Stats.round1(Stats.median(rates)));
            ArrayNode s = t.putArray("requests_per_second_samples");
            rates.forEach(v -> s.add(Stats.round1(v)));
        }
    }

    /** One child audit's measurements. */
    private record AuditSample(double wallMs, Map<String, Double> phases, long requests) {
    }

    /**
     * The default audit in both judge modes: child processes when possible, paired (in-process, then
     * http, once per repeat, after one unmeasured warm-up pair that also writes the launcher's
     * class-data archive) so that the ratio compares runs under the same load; else Audit.run in
     * this JVM.
     */
    private static void audit(Options o, ObjectNode audit) {
        List<JudgeMode> modes = List.of(JudgeMode.IN_PROCESS, JudgeMode.HTTP);
        boolean child = !o.quick() && (o.launcher() != null || o.jar() != null);
        if (!child) {
            for (JudgeMode mode : modes) {
                audit.set(mode.label(), inThisJvm(o, mode));
            }
            return;
        }
        List<String> prefix = o.launcher() != null ? List.of(o.launcher().toString())
                : List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                        o.jar().toString());
        Map<JudgeMode, List<AuditSample>> samples = new LinkedHashMap<>();
        for (int i = 0; i <= o.repeat(); i++) {
            for (JudgeMode mode : modes) {
                o.progress().accept("audit --judge " + mode.label() + " (child process) "
                        + (i == 0 ? "warm-up" : i + "/" + o.repeat()));
                AuditSample sample = childAudit(prefix, mode);
                if (i > 0) {
                    samples.computeIfAbsent(mode, k -> new ArrayList<>()).add(sample);
                }
            }
        }
        for (JudgeMode mode : modes) {
            double target = mode == JudgeMode.HTTP ? TARGET_HTTP_MS : TARGET_IN_PROCESS_MS;
            ObjectNode n = audit.putObject(mode.label());
            n.put("target_ms", target);
            n.put("command", String.join(" ", prefix) + " audit --quiet --judge " + mode.label()
                    + " --out <tmp> --timings <tmp>/timings.json");
            n.put("warmup_runs", 1);
            n.put("status", "measured");
            List<Double> walls = samples.get(mode).stream().map(AuditSample::wallMs).toList();
            double median = Stats.median(walls);
            n.put("wall_ms_median", Stats.round1(median));
            ArrayNode s = n.putArray("wall_ms_samples");
            walls.forEach(v -> s.add(Stats.round1(v)));
            n.put("met", median < target);
            n.put("judge_requests", samples.get(mode).get(0).requests());
            n.put("phases_measured", "child process, from process start");
            Map<String, List<Double>> phases = new LinkedHashMap<>();
            samples.get(mode).forEach(x -> x.phases().forEach((k, v) ->
                    phases.computeIfAbsent(k, q -> new ArrayList<>()).add(v)));
            ObjectNode ph = n.putObject("phases_ms_median");
            phases.forEach((k, v) -> ph.put(k, Stats.round1(Stats.median(v))));
        }
        List<Double> ratios = Stats.pairRatios(samples.get(JudgeMode.HTTP).stream().map(AuditSample::wallMs).toList(),
                samples.get(JudgeMode.IN_PROCESS).stream().map(AuditSample::wallMs).toList());
        ObjectNode r = audit.putObject("http_over_in_process");
        double median = Stats.median(ratios);
        r.put("median", Math.round(median * 100) / 100.0);
        ArrayNode rs = r.putArray("samples");
        ratios.forEach(v -> rs.add(Math.round(v * 100) / 100.0));
        r.put("target", TARGET_HTTP_RATIO);
        r.put("met", median <= TARGET_HTTP_RATIO);
    }

    /** One {@code regrade audit} child process, timed from start to exit, with its own phase clock. */
    private static AuditSample childAudit(List<String> prefix, JudgeMode mode) {
        Path out = ChildProcesses.tempDir("regrade-bench-");
        try {
            Path timings = out.resolve("timings.json");
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(List.of("audit", "--quiet", "--judge", mode.label(), "--out", out.toString(),
                    "--timings", timings.toString()));
            ChildProcesses.Timed t = ChildProcesses.run(cmd, CHILD_TIMEOUT_S);
            if (t.status() != 0 && t.status() != 1) {
                throw new IllegalStateException("regrade audit --judge " + mode.label() + " exited " + t.status());
            }
            JsonNode doc = JsonFiles.parse(Files.readString(timings));
            Map<String, Double> phases = new LinkedHashMap<>();
            doc.get("phases_ms").fields().forEachRemaining(e -> phases.put(e.getKey(), e.getValue().asDouble()));
            phases.put(EXIT, Math.max(0, t.wallMs() - doc.get("total_ms").asDouble()));
            return new AuditSample(t.wallMs(), phases, doc.get("judge_requests").asLong());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            ChildProcesses.deleteTree(out);
        }
    }

    /** The default audit (or the quick matrix) in one judge mode in this JVM: phases only, no JVM start or exit. */
    private static ObjectNode inThisJvm(Options o, JudgeMode mode) {
        ObjectNode n = F.objectNode();
        n.put("target_ms", mode == JudgeMode.HTTP ? TARGET_HTTP_MS : TARGET_IN_PROCESS_MS);
        n.put("status", "skipped");
        n.put("reason", o.quick() ? "--quick" : "not running from a jar");
        o.progress().accept("audit --judge " + mode.label() + " in this JVM (" + (o.quick() ? "quick matrix"
                : "default matrix") + ") for the phase breakdown");
        Map<String, List<Double>> phases = new LinkedHashMap<>();
        long requests = -1;
        for (int i = 0; i < o.repeat(); i++) {
            PhaseTimes times = PhaseTimes.fromNow();
            Audit.Outcome outcome = Audit.run(config(mode, o.quick()), (d, t) -> { }, times);
            Path out = ChildProcesses.tempDir("regrade-bench-");
            try {
                AuditWriter.write(out, outcome);
                times.mark("write results and reports");
            } finally {
                ChildProcesses.deleteTree(out);
            }
            times.phases().forEach((k, v) -> phases.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
            requests = outcome.judgeRequests();
        }
        n.put("judge_requests", requests);
        n.put("phases_measured", "in this JVM (no JVM start or exit)");
        ObjectNode ph = n.putObject("phases_ms_median");
        phases.forEach((k, v) -> ph.put(k, Stats.round1(Stats.median(v))));
        return n;
    }

    /** The table printed by {@code regrade bench}. */
    public static String table(JsonNode doc) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "regrade bench: medians of %d run(s); %d cores; Java %s%s%n",
                doc.get("repeat").asInt(), doc.get("cores").asInt(), doc.get("java").asText(),
                doc.get("quick").asBoolean() ? "; --quick" : ""));
        sb.append('\n');
        if (doc.has("audit")) {
            auditTable(doc, sb);
        }
        if (doc.has("throughput")) {
            throughputTable(doc, sb);
        }
        if (doc.has("subjects")) {
            sb.append(SubjectsBench.table(doc.get("subjects")));
        }
        if (doc.has("replay") && doc.get("replay").has("met")) {
            sb.append(ReplayBench.table(doc.get("replay")));
        }
        return sb.toString();
    }

    private static void auditTable(JsonNode doc, StringBuilder sb) {
        JsonNode in = doc.get("audit").get("in-process");
        JsonNode http = doc.get("audit").get("http");
        sb.append("Default audit (11 scripts x 4 policies + fixtures x 2 variants x 4 seeds), wall time from process start\n");
        if (in.has("command")) {
            sb.append("  (").append(in.get("command").asText()).append(")\n");
        }
        sb.append(String.format(Locale.ROOT, "  %-14s %10s %10s %-7s %14s%n", "judge", "median", "target", "",
                "judge requests"));
        for (String mode : List.of("in-process", "http")) {
            JsonNode a = doc.get("audit").get(mode);
            String target = "< " + Stats.formatMs(a.get("target_ms").asDouble());
            if (!"measured".equals(a.get("status").asText())) {
                sb.append(String.format(Locale.ROOT, "  %-14s %10s %10s %-7s %14d  (%s)%n", mode, "skipped", target, "",
                        a.get("judge_requests").asLong(), a.get("reason").asText()));
            } else {
                sb.append(String.format(Locale.ROOT, "  %-14s %10s %10s %-7s %14d%n", mode,
                        Stats.formatMs(a.get("wall_ms_median").asDouble()), target, a.get("met").asBoolean() ? "met" : "MISSED",
                        a.get("judge_requests").asLong()));
            }
        }
        JsonNode ratio = doc.get("audit").get("http_over_in_process");
        if (ratio != null) {
            sb.append(String.format(Locale.ROOT, "  http / in-process, paired run by run: median %.2fx (runs %s), "
                    + "target <= %.1fx: %s%n", ratio.get("median").asDouble(), ratio.get("samples"),
                    ratio.get("target").asDouble(), ratio.get("met").asBoolean() ? "met" : "MISSED"));
        }
        sb.append('\n');
        sb.append("Where the time goes (medians; ").append(in.get("phases_measured").asText()).append(")\n");
        sb.append(String.format(Locale.ROOT, "  %-28s %12s %12s%n", "phase", "in-process", "http"));
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        http.get("phases_ms_median").fieldNames().forEachRemaining(names::add);
        in.get("phases_ms_median").fieldNames().forEachRemaining(names::add);
        List<String> ordered = new ArrayList<>();
        for (String k : List.of(PhaseTimes.JVM_START, "inputs", "fake judge start", "runs, first seed",
                "runs, other seeds", "fake judge stop", "diffs and report", "write results and reports", EXIT)) {
            if (names.remove(k)) {
                ordered.add(k);
            }
        }
        ordered.addAll(names);
        for (String k : ordered) {
            sb.append(String.format(Locale.ROOT, "  %-28s %12s %12s%n", k, cell(in, k), cell(http, k)));
        }
        sb.append('\n');
    }

    private static void throughputTable(JsonNode doc, StringBuilder sb) {
        sb.append("Judge requests per second over loopback HTTP (HttpJudgeClient -> FakeJudgeServer on 127.0.0.1)\n");
        sb.append(String.format(Locale.ROOT, "  %7s %9s %7s %10s %10s%n", "threads", "requests", "failed", "elapsed",
                "req/s"));
        for (JsonNode t : doc.get("throughput")) {
            sb.append(String.format(Locale.ROOT, "  %7d %9d %7d %10s %10.0f%s%n", t.get("threads").asInt(),
                    t.get("requests").asInt(), t.get("failed_total").asInt(),
                    Stats.formatMs(t.get("elapsed_ms_median").asDouble()), t.get("requests_per_second_median").asDouble(),
                    t.get("deadline_hit").asBoolean() ? "  (deadline hit)" : ""));
        }
        sb.append('\n');
    }

    private static String cell(JsonNode mode, String phase) {
        JsonNode v = mode.get("phases_ms_median").get(phase);
        return v == null ? "-" : Stats.formatMs(v.asDouble());
    }
}
