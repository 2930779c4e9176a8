package dev.regrade.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.vereval.SyntheticBenchmark;
import dev.regrade.wearable.WearableGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The subject scorers at scale for {@code regrade bench}: each wearable scorer (proactive, LongQA,
 * ConvQA; released and fixed) and VerEval (against a fake judge on loopback) on generated data at 1×,
 * 10× and 100× the real size, every run a child JVM with {@code -Xmx512m} that reports its own time in
 * {@code main} and heap peak ({@link Probe}); wall time is from process start to exit. When the
 * upstream Python scorers are available ({@code REGRADE_UPSTREAM_WEARABLE} or an explicit directory
 * holding {@code released/run_evaluation.py} and/or {@code fixed/run_evaluation.py}), they run once
 * per scale on the same files through {@code tools/pybench/wearable_score.py}, and their output files
 * are compared with Regrade's byte for byte. Data is generated before timing and deleted afterwards.
 * Nothing here asserts a time.
 */
public final class SubjectsBench {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    public static final String CHILD_HEAP = "-Xmx512m";
    /** VerEval's retry heap when it does not fit in {@link #CHILD_HEAP}, so that its throughput is still measured. */
    public static final String VEREVAL_LARGE_HEAP = "-Xmx4g";
    /** The VerEval field telling whether the run fitted in {@link #CHILD_HEAP}. */
    private static final String FITS = "fits_512m";
    public static final double TARGET_MS = 5_000;
    public static final double TARGET_HEAP_MB = 512;
    public static final String UPSTREAM_ENV = "REGRADE_UPSTREAM_WEARABLE";
    private static final long SEED = 7;
    private static final long TIMEOUT_S = 1_800;
    private static final List<String> TASKS = List.of("proactive", "longqa", "convqa");
    private static final List<String> VARIANTS = List.of("released", "fixed");
    /** The fake judge's answer to every VerEval stage prompt. */
    private static final ChatReply STAGE_REPLY =
            ChatReply.text("{\"score\": 0.75, \"reason\": \"bench judge: the answer matches the ground truth\"}");

    private SubjectsBench() {
    }

    /** {@link #run(int, boolean, Path, Path, Consumer)} with the upstream directory from {@value #UPSTREAM_ENV}. */
    public static ObjectNode run(int repeat, boolean quick, Path jar, Consumer<String> progress) {
        String env = System.getenv(UPSTREAM_ENV);
        return run(repeat, quick, jar, env == null || env.isEmpty() ? null : Path.of(env), progress);
    }

    /**
     * Runs every measurement. {@code quick}: 1× only, one run each. {@code jar} null: children run from
     * this JVM's class path. {@code upstream}: directory of the upstream scorers, or null (Python skipped).
     */
    public static ObjectNode run(int repeat, boolean quick, Path jar, Path upstream, Consumer<String> progress) {
        int runs = quick ? 1 : repeat;
        List<Integer> scales = quick ? List.of(1) : List.of(1, 10, 100);
        ObjectNode doc = F.objectNode();
        doc.put("repeat", runs);
        ArrayNode sc = doc.putArray("scales");
        scales.forEach(sc::add);
        doc.put("child_jvm", "java " + CHILD_HEAP + " " + (jar == null ? "-cp <class path> dev.regrade.cli.Main"
                : "-jar regrade.jar"));
        doc.put("target_ms", TARGET_MS);
        doc.put("target_heap_mb", TARGET_HEAP_MB);
        ArrayNode wearable = doc.putArray("wearable");
        ArrayNode python = F.arrayNode();
        ArrayNode vereval = doc.putArray("vereval");
        Python py = Python.find(upstream);
        for (int scale : scales) {
            Path dir = ChildProcesses.tempDir("regrade-subjects-bench-");
            try {
                progress.accept("subjects: generating data at " + scale + "× (not timed)");
                WearableGenerator.Files3 files = WearableGenerator.generate(dir.resolve("wearable"), SEED, scale);
                for (String task : TASKS) {
                    for (String variant : VARIANTS) {
                        progress.accept("subjects: score " + task + " --variant " + variant + " at " + scale + "×, "
                                + runs + " run(s)");
                        ObjectNode m = wearable.addObject();
                        measureScorer(m, jar, files, task, variant, scale, runs, dir);
                        if (py.available(variant)) {
                            progress.accept("subjects: upstream Python " + task + " " + variant + " at " + scale + "×");
                            python.add(pythonRun(py, files, task, variant, scale, m, dir));
                        }
                    }
                }
                progress.accept("subjects: vereval at " + scale + "× against the fake judge");
                // Above 1× one run: at 100× VerEval is 417,300 judge requests (minutes, not seconds).
                vereval.add(measureVerEval(jar, dir.resolve("vereval"), scale, scale == 1 ? runs : 1));
            } finally {
                ChildProcesses.deleteTree(dir);
            }
        }
        doc.set("linearity", linearity(wearable, scales));
        ObjectNode p = doc.putObject("python");
        if (py.status() != null) {
            p.put("status", "skipped");
            p.put("reason", py.status());
        } else {
            p.put("status", "measured");
            p.put("upstream", upstream.toString());
            p.set("runs", python);
        }
        return doc;
    }

    // ------------------------------------------------------------------------------------ wearable

    private static void measureScorer(ObjectNode m, Path jar, WearableGenerator.Files3 f, String task, String variant,
                                      int scale, int runs, Path dir) {
        Path[] in = inputs(f, task);
        m.put("task", task);
        m.put("variant", variant);
        m.put("scale", scale);
        m.put("rows", (long) WearableGenerator.ROWS * scale);
        m.put("unit", unitName(task));
        long units = units(task, scale);
        m.put("units", units);
        List<Double> wall = new ArrayList<>();
        List<Double> inMain = new ArrayList<>();
        List<Double> start = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        long peak = 0;
        long live = 0;
        int status = 0;
        for (int i = 0; i < runs; i++) {
            Path out = dir.resolve("out-java").resolve(task + "-" + variant).resolve("results.json");
            Path probe = dir.resolve("probe.json");
            Child c = child(jar, List.of("score", task, "--golden", in[0].toString(), "--predictions", in[1].toString(),
                    "--variant", variant, "--output", out.toString()), probe, Map.of(), dir);
            status = Math.max(status, c.status());
            wall.add(c.wallMs());
            inMain.add(c.probe().path("in_main_ms").asDouble());
            start.add(c.probe().path("jvm_to_main_ms").asDouble());
            cpu.add(c.probe().path("cpu_ms").asDouble());
            peak = Math.max(peak, c.probe().path("peak_heap_bytes").asLong());
            live = Math.max(live, c.probe().path("max_live_after_gc_bytes").asLong());
        }
        double wallMedian = Stats.median(wall);
        m.put("status", status);
        m.put("wall_ms_median", Stats.round1(wallMedian));
        ArrayNode s = m.putArray("wall_ms_samples");
        wall.forEach(v -> s.add(Stats.round1(v)));
        m.put("jvm_to_main_ms_median", Stats.round1(Stats.median(start)));
        m.put("in_main_ms_median", Stats.round1(Stats.median(inMain)));
        m.put("cpu_ms_median", Stats.round1(Stats.median(cpu)));
        m.put("rows_per_s", Stats.round1(m.get("rows").asLong() * 1000.0 / wallMedian));
        m.put("units_per_s", Stats.round1(units * 1000.0 / wallMedian));
        m.put("peak_heap_mb", mb(peak));
        m.put("max_live_heap_mb", mb(live));
        m.put("met", status == 0 && wallMedian < TARGET_MS && mb(peak) < TARGET_HEAP_MB);
    }

    private static Path[] inputs(WearableGenerator.Files3 f, String task) {
        return switch (task) {
            case "proactive" -> new Path[] {f.proactiveGolden(), f.proactivePreds()};
            case "longqa" -> new Path[] {f.longqaGolden(), f.longqaPreds()};
            default -> new Path[] {f.convqaGolden(), f.convqaPreds()};
        };
    }

    private static String unitName(String task) {
        return switch (task) {
            case "proactive" -> "chunks";
            case "longqa" -> "rows";
            default -> "turns";
        };
    }

    private static long units(String task, int scale) {
        return switch (task) {
            case "proactive" -> (long) WearableGenerator.PROACTIVE_CHUNKS * scale;
            case "longqa" -> (long) WearableGenerator.ROWS * scale;
            default -> (long) WearableGenerator.CONVQA_TURNS * scale;
        };
    }

    /** Wall-time ratios between consecutive scales (10.0 is linear; JVM start keeps 10×/1× lower). */
    private static ArrayNode linearity(ArrayNode wearable, List<Integer> scales) {
        ArrayNode out = F.arrayNode();
        if (scales.size() < 2) {
            return out;
        }
        Map<String, Map<Integer, JsonNode>> by = new LinkedHashMap<>();
        for (JsonNode m : wearable) {
            by.computeIfAbsent(m.get("task").asText() + " " + m.get("variant").asText(), k -> new LinkedHashMap<>())
                    .put(m.get("scale").asInt(), m);
        }
        for (Map.Entry<String, Map<Integer, JsonNode>> e : by.entrySet()) {
            ObjectNode o = out.addObject();
            String[] tv = e.getKey().split(" ");
            o.put("task", tv[0]);
            o.put("variant", tv[1]);
            for (int i = 1; i < scales.size(); i++) {
                JsonNode hi = e.getValue().get(scales.get(i));
                JsonNode lo = e.getValue().get(scales.get(i - 1));
                String k = scales.get(i) + "x_over_" + scales.get(i - 1) + "x";
                o.put("wall_" + k, Stats.round2(hi.get("wall_ms_median").asDouble() / lo.get("wall_ms_median").asDouble()));
                o.put("in_main_" + k, Stats.round2(hi.get("in_main_ms_median").asDouble()
                        / lo.get("in_main_ms_median").asDouble()));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------ Python

    /** Where the upstream scorers are, or why the Python column is skipped. */
    private record Python(Path released, Path fixed, Path driver, String status) {
        static Python find(Path upstream) {
            if (upstream == null) {
                return skipped("upstream scorer not available: set " + UPSTREAM_ENV + " (or pass --python-scorer) "
                        + "to a directory holding released/run_evaluation.py and/or fixed/run_evaluation.py");
            }
            Path r = upstream.resolve("released").resolve("run_evaluation.py");
            Path f = upstream.resolve("fixed").resolve("run_evaluation.py");
            if (!Files.isRegularFile(r) && !Files.isRegularFile(f)) {
                return skipped("no released/run_evaluation.py or fixed/run_evaluation.py under " + upstream);
            }
            Path driver = locateDriver();
            if (driver == null) {
                return skipped("tools/pybench/wearable_score.py not found (set REGRADE_HOME to the checkout)");
            }
            if (!ChildProcesses.succeeds("python3", "--version")) {
                return skipped("python3 is not runnable");
            }
            return new Python(Files.isRegularFile(r) ? r : null, Files.isRegularFile(f) ? f : null, driver, null);
        }

        static Python skipped(String why) {
            return new Python(null, null, null, why);
        }

        boolean available(String variant) {
            return status == null && (variant.equals("released") ? released : fixed) != null;
        }

        private static Path locateDriver() {
            String cwd = System.getProperty("user.dir");
            for (String base : new String[] {System.getenv("REGRADE_HOME"), cwd, cwd + "/.."}) {
                if (base != null) {
                    Path p = Path.of(base, "tools", "pybench", "wearable_score.py").normalize();
                    if (Files.isRegularFile(p)) {
                        return p;
                    }
                }
            }
            return null;
        }
    }

    private static ObjectNode pythonRun(Python py, WearableGenerator.Files3 f, String task, String variant, int scale,
                                        JsonNode java, Path dir) {
        Path[] in = inputs(f, task);
        Path out = dir.resolve("out-python").resolve(task + "-" + variant).resolve("results.json");
        Path report = dir.resolve("python-report.json");
        List<String> cmd = List.of("python3", py.driver().toString(), "--scorer",
                (variant.equals("released") ? py.released() : py.fixed()).toString(), "--task", task, "--golden",
                in[0].toString(), "--predictions", in[1].toString(), "--output", out.toString(), "--report",
                report.toString());
        ChildProcesses.Timed t = ChildProcesses.run(cmd, Map.of(), dir.resolve("child.err"), TIMEOUT_S);
        ObjectNode o = F.objectNode();
        o.put("task", task);
        o.put("variant", variant);
        o.put("scale", scale);
        o.put("status", t.status());
        o.put("wall_ms", Stats.round1(t.wallMs()));
        JsonNode r = readJson(report);
        o.put("in_main_ms", r.path("in_main_ms").asDouble());
        o.put("peak_rss_mb", mb(r.path("peak_rss_bytes").asLong()));
        o.put("python_over_java_wall", Stats.round2(t.wallMs() / java.get("wall_ms_median").asDouble()));
        o.put("python_over_java_in_main", Stats.round2(r.path("in_main_ms").asDouble()
                / java.get("in_main_ms_median").asDouble()));
        Path javaOut = dir.resolve("out-java").resolve(task + "-" + variant).resolve("results.json");
        o.put("results_identical", sameBytes(out, javaOut));
        o.put("summary_identical", sameBytes(summary(out), summary(javaOut)));
        return o;
    }

    private static Path summary(Path results) {
        return results.resolveSibling("results_summary.json");
    }

    private static boolean sameBytes(Path a, Path b) {
        try {
            return Files.isRegularFile(a) && Files.isRegularFile(b) && Files.mismatch(a, b) == -1;
        } catch (IOException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------------------------ VerEval

    private static ObjectNode measureVerEval(Path jar, Path dir, int scale, int runs) {
        Path test = SyntheticBenchmark.generate(dir, SEED, scale);
        Path preds = dir.resolve("predictions.jsonl");
        int samples = SyntheticBenchmark.writePredictions(test, preds);
        ObjectNode o = F.objectNode();
        o.put("scale", scale);
        o.put("runs", runs);
        o.put("samples", samples);
        List<Double> wall = new ArrayList<>();
        List<Double> inMain = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        long peak = 0;
        long requests = 0;
        int status = 0;
        String heap = CHILD_HEAP;
        for (int i = 0; i < runs; i++) {
            Path out = dir.resolve("run-" + i);
            AtomicLong served = new AtomicLong();
            try (FakeJudgeServer judge = FakeJudgeServer.start(FakeJudgeConfig.defaults().withResponder(call -> {
                served.incrementAndGet();
                return STAGE_REPLY;
            }))) {
                Child c = child(heap, jar, List.of("vereval", "--benchmark", test.toString(), "--predictions",
                        preds.toString(), "--backend", "vllm", "--model", "bench-judge", "--base-url", judge.baseUrl(),
                        "--workers", "8", "--output", out.toString()), dir.resolve("probe.json"),
                        Map.of("VLLM_API_KEY", "EMPTY"), dir);
                if (c.status() != 0 && heap.equals(CHILD_HEAP) && outOfMemory(dir)) {
                    // Recorded, then measured again with room, so throughput and the real peak are still reported.
                    o.put(FITS, false);
                    heap = VEREVAL_LARGE_HEAP;
                    i--;
                    continue;
                }
                status = Math.max(status, c.status());
                wall.add(c.wallMs());
                inMain.add(c.probe().path("in_main_ms").asDouble());
                cpu.add(c.probe().path("cpu_ms").asDouble());
                peak = Math.max(peak, c.probe().path("peak_heap_bytes").asLong());
                requests = served.get();
            } finally {
                ChildProcesses.deleteTree(out);
            }
        }
        if (!o.has(FITS)) {
            o.put(FITS, status == 0);
        }
        o.put("heap", heap);
        double w = Stats.median(wall);
        o.put("cpu_ms_median", Stats.round1(Stats.median(cpu)));
        o.put("status", status);
        o.put("judge_requests", requests);
        o.put("wall_ms_median", Stats.round1(w));
        o.put("in_main_ms_median", Stats.round1(Stats.median(inMain)));
        o.put("samples_per_s", Stats.round1(samples * 1000.0 / w));
        o.put("requests_per_s", Stats.round1(requests * 1000.0 / Stats.median(inMain)));
        o.put("peak_heap_mb", mb(peak));
        o.put("note", "3 judge requests per sample over loopback HTTP (8 workers; a few more when a request is "
                + "retried) and one fsynced scores.jsonl line: the time is the requests', not the scoring's");
        return o;
    }

    private static boolean outOfMemory(Path dir) {
        try {
            return Files.readString(dir.resolve("child.err"), StandardCharsets.UTF_8).contains("OutOfMemoryError");
        } catch (IOException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------------------------ children

    private record Child(double wallMs, int status, JsonNode probe) {
    }

    /** {@code java -Xmx512m -Dregrade.bench.probe=… -jar jar args} (or from the class path), timed from start. */
    private static Child child(Path jar, List<String> args, Path probe, Map<String, String> env, Path dir) {
        return child(CHILD_HEAP, jar, args, probe, env, dir);
    }

    private static Child child(String heap, Path jar, List<String> args, Path probe, Map<String, String> env,
                               Path dir) {
        try {
            Files.deleteIfExists(probe);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(heap);
        cmd.add("-D" + Probe.PROPERTY + "=" + probe);
        if (jar != null) {
            cmd.add("-jar");
            cmd.add(jar.toString());
        } else {
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add("dev.regrade.cli.Main");
        }
        cmd.addAll(args);
        ChildProcesses.Timed t = ChildProcesses.run(cmd, env, dir.resolve("child.err"), TIMEOUT_S);
        JsonNode p = Files.isRegularFile(probe) ? readJson(probe) : F.objectNode();
        return new Child(t.wallMs(), t.status(), p);
    }

    // ------------------------------------------------------------------------------------ table

    /** The part of the {@code regrade bench} table for the subjects document. */
    public static String table(JsonNode doc) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Subject scorers at scale (child JVM %s, medians of %d run(s); targets "
                        + "< %s and peak heap < %.0f MB at 100x)%n", CHILD_HEAP, doc.get("repeat").asInt(),
                Stats.formatMs(doc.get("target_ms").asDouble()), doc.get("target_heap_mb").asDouble()));
        sb.append(String.format(Locale.ROOT, "  %-9s %-8s %5s %9s %-6s %9s %9s %9s %9s %12s %9s %9s %s%n", "task",
                "variant", "scale", "units", "", "wall", "jvm start", "in main", "cpu", "units/s", "peak heap",
                "live heap", ""));
        for (JsonNode m : doc.get("wearable")) {
            boolean at100 = m.get("scale").asInt() == 100;
            sb.append(String.format(Locale.ROOT, "  %-9s %-8s %4dx %9d %-6s %9s %9s %9s %9s %12.0f %6.0f MB %6.0f MB %s%n",
                    m.get("task").asText(), m.get("variant").asText(), m.get("scale").asInt(), m.get("units").asLong(),
                    m.get("unit").asText(), Stats.formatMs(m.get("wall_ms_median").asDouble()),
                    Stats.formatMs(m.get("jvm_to_main_ms_median").asDouble()), Stats.formatMs(m.get("in_main_ms_median").asDouble()),
                    Stats.formatMs(m.get("cpu_ms_median").asDouble()),
                    m.get("units_per_s").asDouble(), m.get("peak_heap_mb").asDouble(),
                    m.get("max_live_heap_mb").asDouble(),
                    m.get("status").asInt() != 0 ? "EXIT " + m.get("status").asInt()
                            : at100 ? (m.get("met").asBoolean() ? "met" : "MISSED") : ""));
        }
        if (doc.get("linearity").size() > 0) {
            sb.append("  Linearity (wall-time ratio between scales; 10.0 is linear, JVM start lowers 10x/1x):\n");
            for (JsonNode l : doc.get("linearity")) {
                sb.append(String.format(Locale.ROOT, "    %-9s %-8s 10x/1x %5.2f (in main %5.2f)   100x/10x %5.2f "
                                + "(in main %5.2f)%n", l.get("task").asText(), l.get("variant").asText(),
                        l.path("wall_10x_over_1x").asDouble(), l.path("in_main_10x_over_1x").asDouble(),
                        l.path("wall_100x_over_10x").asDouble(), l.path("in_main_100x_over_10x").asDouble()));
            }
        }
        JsonNode py = doc.get("python");
        if (!"measured".equals(py.get("status").asText())) {
            sb.append("  Upstream Python scorers: skipped (").append(py.get("reason").asText()).append(")\n");
        } else {
            sb.append("  Upstream Python scorers on the same files (python3, one run each):\n");
            sb.append(String.format(Locale.ROOT, "    %-9s %-8s %5s %9s %9s %10s %12s %s%n", "task", "variant", "scale",
                    "wall", "in main", "peak RSS", "python/java", "outputs"));
            for (JsonNode r : py.get("runs")) {
                sb.append(String.format(Locale.ROOT, "    %-9s %-8s %4dx %9s %9s %7.0f MB %11.1fx %s%n",
                        r.get("task").asText(), r.get("variant").asText(), r.get("scale").asInt(),
                        Stats.formatMs(r.get("wall_ms").asDouble()), Stats.formatMs(r.get("in_main_ms").asDouble()),
                        r.get("peak_rss_mb").asDouble(), r.get("python_over_java_wall").asDouble(),
                        r.get("status").asInt() != 0 ? "python exit " + r.get("status").asInt()
                                : r.get("results_identical").asBoolean() && r.get("summary_identical").asBoolean()
                                ? "byte-identical" : "DIFFER"));
            }
        }
        sb.append("  VerEval against a fake judge on loopback (3 requests per sample, 8 workers):\n");
        for (JsonNode v : doc.get("vereval")) {
            boolean fits = v.path(FITS).asBoolean(true);
            sb.append(String.format(Locale.ROOT, "    %4dx %8d samples %9d requests  wall %9s  in main %9s  "
                            + "%8.0f req/s %7.0f samples/s  peak heap %5.0f MB%s%s%n", v.get("scale").asInt(),
                    v.get("samples").asLong(), v.get("judge_requests").asLong(), Stats.formatMs(v.get("wall_ms_median").asDouble()),
                    Stats.formatMs(v.get("in_main_ms_median").asDouble()), v.get("requests_per_s").asDouble(),
                    v.get("samples_per_s").asDouble(), v.get("peak_heap_mb").asDouble(),
                    fits ? "" : "  (OutOfMemoryError at " + CHILD_HEAP + "; measured with " + v.get("heap").asText() + ")",
                    v.get("status").asInt() != 0 ? "  EXIT " + v.get("status").asInt() : ""));
        }
        sb.append("    (request-bound: each sample is 3 HTTP round trips to the judge and one fsynced scores.jsonl line)\n");
        return sb.toString();
    }

    // ------------------------------------------------------------------------------------ helpers

    private static JsonNode readJson(Path p) {
        try {
            return JsonFiles.parse(Files.readString(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double mb(long bytes) {
        return Stats.round1(bytes / (1024.0 * 1024.0));
    }
}
