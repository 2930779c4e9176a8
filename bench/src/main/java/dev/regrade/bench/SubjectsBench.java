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
 * The subject scorers at scale for {@code regrade bench}. The wearable scorers (proactive, LongQA, ConvQA;
 * released and fixed) on generated data shaped like the real val files at 1×, 10× and 100× the real size,
 * each run a whole process as a user starts it ({@code ./regrade score …} through the launcher, with its
 * JVM options), timed from start to exit, its peak resident set size (the kernel's, of the whole process:
 * {@code /usr/bin/time -f %M}) beside it. When the upstream Python scorers are given
 * ({@code REGRADE_UPSTREAM_WEARABLE} or an explicit directory holding {@code released/run_evaluation.py}
 * and/or {@code fixed/run_evaluation.py}, never shipped), the original files themselves run through their
 * own command line ({@code python3 run_evaluation.py --task T --eval-only --golden G --predictions P
 * --output O}) on the same files, paired with Regrade's runs (one of each in turn), and every pair's output
 * files are compared byte for byte. VerEval runs against a fake judge on loopback in a child JVM with
 * {@code -Xmx512m} reporting its heap ({@link Probe}). Data is generated before timing and deleted
 * afterwards. Nothing here asserts a time.
 */
public final class SubjectsBench {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    public static final String CHILD_HEAP = "-Xmx512m";
    /** VerEval's retry heap when it does not fit in {@link #CHILD_HEAP}, so that its throughput is still measured. */
    public static final String VEREVAL_LARGE_HEAP = "-Xmx4g";
    /** The VerEval field telling whether the run fitted in {@link #CHILD_HEAP}. */
    private static final String FITS = "fits_512m";
    /** Peak resident set size of a whole scorer process at 100×. */
    public static final double TARGET_RSS_MB = 512;
    public static final String UPSTREAM_ENV = "REGRADE_UPSTREAM_WEARABLE";
    /** GNU time, whose {@code %M} is the child's peak RSS as the kernel accounts it (wait4's ru_maxrss). */
    private static final Path GNU_TIME = Path.of("/usr/bin/time");
    private static final long SEED = 7;
    private static final long TIMEOUT_S = 1_800;
    private static final List<String> TASKS = List.of("proactive", "longqa", "convqa");
    private static final List<String> VARIANTS = List.of("released", "fixed");
    /** The fake judge's answer to every VerEval stage prompt. */
    private static final ChatReply STAGE_REPLY =
            ChatReply.text("{\"score\": 0.75, \"reason\": \"bench judge: the answer matches the ground truth\"}");

    private SubjectsBench() {
    }

    /** How much faster than the verbatim original (whole process, at 100×) Regrade must be for a task. */
    public static double targetRatio(String task) {
        return task.equals("longqa") ? 2.5 : 10.0;
    }

    /** {@link #run(int, boolean, Path, Path, Path, Consumer)} with the upstream directory from {@value #UPSTREAM_ENV}. */
    public static ObjectNode run(int repeat, boolean quick, Path launcher, Path jar, Consumer<String> progress) {
        return run(repeat, quick, launcher, jar, upstreamFromEnv(), progress);
    }

    /** The upstream scorers' directory from {@value #UPSTREAM_ENV}, or null. */
    public static Path upstreamFromEnv() {
        String env = System.getenv(UPSTREAM_ENV);
        return env == null || env.isEmpty() ? null : Path.of(env);
    }

    /** Both parts: the wearable scorers and VerEval. */
    public static ObjectNode run(int repeat, boolean quick, Path launcher, Path jar, Path upstream,
                                 Consumer<String> progress) {
        return run(repeat, quick, launcher, jar, upstream, true, true, progress);
    }

    /**
     * Runs every measurement. {@code quick}: 1× only, one run each. {@code launcher}: the {@code regrade}
     * script the scorer runs start with (else {@code java -jar jar}, else this JVM's class path);
     * {@code upstream}: directory of the upstream scorers, or null (Python skipped).
     */
    public static ObjectNode run(int repeat, boolean quick, Path launcher, Path jar, Path upstream,
                                 boolean withWearable, boolean withVerEval, Consumer<String> progress) {
        int runs = quick ? 1 : repeat;
        List<Integer> scales = quick ? List.of(1) : List.of(1, 10, 100);
        ObjectNode doc = F.objectNode();
        doc.put("repeat", runs);
        ArrayNode sc = doc.putArray("scales");
        scales.forEach(sc::add);
        List<String> prefix = regradePrefix(launcher, jar);
        doc.put("regrade_command", String.join(" ", prefix) + " score TASK --golden G --predictions P --variant V "
                + "--output O");
        doc.put("rss", Files.isExecutable(GNU_TIME) ? "/usr/bin/time -f %M (peak RSS of the whole process)"
                : "not measured (no /usr/bin/time)");
        doc.put("load_before", loadAverage());
        doc.put("target_rss_mb", TARGET_RSS_MB);
        ArrayNode wearable = doc.putArray("wearable");
        ArrayNode vereval = doc.putArray("vereval");
        Python py = Python.find(upstream);
        for (int scale : scales) {
            Path dir = ChildProcesses.tempDir("regrade-subjects-bench-");
            try {
                if (withWearable) {
                    progress.accept("subjects: generating data at " + scale + "× (not timed)");
                    WearableGenerator.Files3 files = WearableGenerator.generate(dir.resolve("wearable"), SEED, scale);
                    for (String task : TASKS) {
                        for (String variant : VARIANTS) {
                            progress.accept("subjects: score " + task + " --variant " + variant + " at " + scale + "×, "
                                    + runs + " run(s)" + (py.available(variant) ? " paired with the original" : ""));
                            wearable.add(measureScorer(prefix, py, files, task, variant, scale, runs, dir));
                        }
                    }
                }
                if (withVerEval) {
                    progress.accept("subjects: vereval at " + scale + "× against the fake judge");
                    // Above 1× one run: at 100× VerEval is 417,300 judge requests (minutes, not seconds).
                    vereval.add(measureVerEval(jar, dir.resolve("vereval"), scale, scale == 1 ? runs : 1));
                }
            } finally {
                ChildProcesses.deleteTree(dir);
            }
        }
        doc.put("load_after", loadAverage());
        ObjectNode p = doc.putObject("python");
        if (py.status() != null) {
            p.put("status", "skipped");
            p.put("reason", py.status());
        } else {
            p.put("status", "measured");
            p.put("upstream", upstream.toString());
            p.put("executable", py.executable());
            p.put("command", py.executable() + " DIR/VARIANT/run_evaluation.py --task TASK --eval-only --golden G "
                    + "--predictions P --output O");
        }
        return doc;
    }

    // ------------------------------------------------------------------------------------ wearable

    /** The start of a {@code regrade} command: the launcher, else {@code java -jar}, else this class path. */
    private static List<String> regradePrefix(Path launcher, Path jar) {
        if (launcher != null || jar != null) {
            return ReplayBench.prefix(launcher, jar);
        }
        return List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "dev.regrade.cli.Main");
    }

    /** One measured process: wall time from start to exit, exit status, peak RSS in bytes (-1: unknown). */
    private record Run(double wallMs, int status, long peakRssBytes) {
    }

    /**
     * One unmeasured Regrade run (it warms the page cache, and the launcher's class-data archive), then
     * {@code runs} pairs: Regrade, then the original on the same files when it is there, each pair's
     * output files compared.
     */
    private static ObjectNode measureScorer(List<String> prefix, Python py, WearableGenerator.Files3 f, String task,
                                            String variant, int scale, int runs, Path dir) {
        Path[] in = inputs(f, task);
        ObjectNode m = F.objectNode();
        m.put("task", task);
        m.put("variant", variant);
        m.put("scale", scale);
        long rows = (long) WearableGenerator.ROWS * scale;
        m.put("rows", rows);
        m.put("unit", unitName(task));
        m.put("units", units(task, scale));
        m.put("golden_mb", mb(size(in[0])));
        Path javaOut = dir.resolve("out-java").resolve(task + "-" + variant).resolve("results.json");
        Path pyOut = dir.resolve("out-python").resolve(task + "-" + variant).resolve("results.json");
        List<String> regrade = new ArrayList<>(prefix);
        regrade.addAll(List.of("score", task, "--golden", in[0].toString(), "--predictions", in[1].toString(),
                "--variant", variant, "--output", javaOut.toString()));
        boolean withPython = py.available(variant);
        List<String> python = withPython ? List.of(py.executable(), py.scorer(variant).toString(), "--task", task,
                "--eval-only", "--golden", in[0].toString(), "--predictions", in[1].toString(), "--output",
                pyOut.toString()) : List.of();
        timed(regrade, dir);
        List<Double> jWall = new ArrayList<>();
        List<Double> pWall = new ArrayList<>();
        long jRss = -1;
        long pRss = -1;
        int jStatus = 0;
        int pStatus = 0;
        boolean identical = true;
        for (int i = 0; i < runs; i++) {
            Run j = timed(regrade, dir);
            jStatus = Math.max(jStatus, j.status());
            jWall.add(j.wallMs());
            jRss = Math.max(jRss, j.peakRssBytes());
            if (withPython) {
                Run p = timed(python, dir);
                pStatus = Math.max(pStatus, p.status());
                pWall.add(p.wallMs());
                pRss = Math.max(pRss, p.peakRssBytes());
                identical &= sameBytes(pyOut, javaOut) && sameBytes(summary(pyOut), summary(javaOut));
            }
        }
        double jMedian = Stats.median(jWall);
        m.put("status", jStatus);
        m.put("wall_ms_median", Stats.round1(jMedian));
        jWall.forEach(m.putArray("wall_ms_samples")::add);
        m.put("us_per_row", Stats.round1(jMedian * 1000.0 / rows));
        putMb(m, "peak_rss_mb", jRss);
        if (withPython) {
            double pMedian = Stats.median(pWall);
            ObjectNode o = m.putObject("python");
            o.put("status", pStatus);
            o.put("wall_ms_median", Stats.round1(pMedian));
            pWall.forEach(o.putArray("wall_ms_samples")::add);
            o.put("us_per_row", Stats.round1(pMedian * 1000.0 / rows));
            putMb(o, "peak_rss_mb", pRss);
            o.put("ratio", Stats.round2(pMedian / jMedian));
            o.put("ratio_of_pairs_median", Stats.round2(Stats.median(Stats.pairRatios(pWall, jWall))));
            o.put("outputs_identical", pStatus == 0 && jStatus == 0 && identical);
        }
        if (scale == 100) {
            boolean rssMet = jRss >= 0 && mb(jRss) < TARGET_RSS_MB;
            m.put("met", jStatus == 0 && rssMet && (!withPython
                    || m.get("python").get("ratio").asDouble() >= targetRatio(task)
                    && m.get("python").get("outputs_identical").asBoolean()));
        }
        return m;
    }

    /** Runs a command under GNU time when it is there (peak RSS), else plainly; stdout discarded. */
    private static Run timed(List<String> cmd, Path dir) {
        Path rss = dir.resolve("rss.txt");
        List<String> full = new ArrayList<>();
        boolean measured = Files.isExecutable(GNU_TIME);
        if (measured) {
            full.addAll(List.of(GNU_TIME.toString(), "-f", "%M", "-o", rss.toString()));
        }
        full.addAll(cmd);
        ChildProcesses.Timed t = ChildProcesses.run(full, Map.of(), dir.resolve("child.err"), TIMEOUT_S);
        long peak = -1;
        if (measured) {
            try {
                List<String> lines = Files.readAllLines(rss, StandardCharsets.UTF_8);
                // The last line is %M; a killed child has "Command exited with non-zero status" before it.
                peak = Long.parseLong(lines.get(lines.size() - 1).trim()) * 1024;
            } catch (IOException | RuntimeException e) {
                peak = -1;
            }
        }
        return new Run(t.wallMs(), t.status(), peak);
    }

    /** Megabytes, or null when not measured. */
    private static void putMb(ObjectNode o, String field, long bytes) {
        if (bytes < 0) {
            o.putNull(field);
        } else {
            o.put(field, mb(bytes));
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The 1-, 5- and 15-minute load averages ({@code /proc/loadavg}), or "unknown". */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
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

    // ------------------------------------------------------------------------------------ Python

    /**
     * Where the upstream scorers are, or why the Python column is skipped; {@code executable} is the
     * interpreter {@code python3} resolves to ({@code sys.executable}), run directly, so that a version
     * manager's shim on the PATH (pyenv's is a bash script costing ~0.45 s of CPU a start) is not timed
     * as the original's.
     */
    private record Python(Path released, Path fixed, String status, String executable) {
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
            if (!ChildProcesses.succeeds("python3", "--version")) {
                return skipped("python3 is not runnable");
            }
            return new Python(Files.isRegularFile(r) ? r : null, Files.isRegularFile(f) ? f : null, null,
                    interpreter());
        }

        /** {@code sys.executable} of {@code python3}, or "python3" when it cannot be asked. */
        private static String interpreter() {
            try {
                Process p = new ProcessBuilder("python3", "-c", "import sys; print(sys.executable)")
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                return p.waitFor() == 0 && !out.isEmpty() && Files.isExecutable(Path.of(out)) ? out : "python3";
            } catch (IOException e) {
                return "python3";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "python3";
            }
        }

        static Python skipped(String why) {
            return new Python(null, null, why, null);
        }

        Path scorer(String variant) {
            return variant.equals("released") ? released : fixed;
        }

        boolean available(String variant) {
            return status == null && scorer(variant) != null;
        }
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

    /** {@code java HEAP -Dregrade.bench.probe=… -jar jar args} (or from the class path), timed from start. */
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
        if (!doc.get("wearable").isEmpty()) {
            wearableTable(doc, sb);
        }
        if (doc.get("vereval").isEmpty()) {
            return sb.toString();
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

    /** The wearable scorers' rows (with their header) of {@link #table}. */
    private static void wearableTable(JsonNode doc, StringBuilder sb) {
        JsonNode py = doc.get("python");
        boolean withPython = "measured".equals(py.get("status").asText());
        sb.append(String.format(Locale.ROOT, "Wearable scorers, whole process from start to exit (medians of %d paired "
                        + "run(s); load %s before, %s after; peak RSS: %s)%n  regrade: %s%n", doc.get("repeat").asInt(),
                doc.get("load_before").asText(), doc.get("load_after").asText(), doc.get("rss").asText(),
                doc.get("regrade_command").asText()));
        sb.append(withPython ? "  original: " + py.get("command").asText() + "\n"
                : "  Upstream Python scorers: skipped (" + py.get("reason").asText() + ")\n");
        sb.append(String.format(Locale.ROOT, "  %-9s %-8s %5s %8s %7s | %9s %8s %8s | %9s %8s %8s | %7s %-14s %s%n",
                "task", "variant", "scale", "units", "golden", "regrade", "us/row", "peak RSS", "original", "us/row",
                "peak RSS", "ratio", "outputs", "target at 100x"));
        for (JsonNode m : doc.get("wearable")) {
            JsonNode p = m.path("python");
            boolean paired = p.isObject();
            double want = targetRatio(m.get("task").asText());
            String target = !m.has("met") ? "" : String.format(Locale.ROOT, "ratio >= %.1fx %s, RSS < %.0f MB %s",
                    want, !paired ? "not measured" : p.get("ratio").asDouble() >= want ? "met" : "MISSED",
                    doc.get("target_rss_mb").asDouble(),
                    m.get("peak_rss_mb").isNumber() && m.get("peak_rss_mb").asDouble() < doc.get("target_rss_mb")
                            .asDouble() ? "met" : "MISSED");
            sb.append(String.format(Locale.ROOT, "  %-9s %-8s %4dx %8d %7s | %9s %8.1f %5.0f MB | %9s %8s %8s | %7s "
                            + "%-14s %s%n", m.get("task").asText(), m.get("variant").asText(), m.get("scale").asInt(),
                    m.get("units").asLong(), megabytes(m.get("golden_mb").asDouble()),
                    m.get("status").asInt() != 0 ? "EXIT " + m.get("status").asInt()
                            : Stats.formatMs(m.get("wall_ms_median").asDouble()), m.get("us_per_row").asDouble(),
                    m.get("peak_rss_mb").asDouble(),
                    !paired ? "-" : p.get("status").asInt() != 0 ? "EXIT " + p.get("status").asInt()
                            : Stats.formatMs(p.get("wall_ms_median").asDouble()),
                    !paired ? "-" : String.format(Locale.ROOT, "%.1f", p.get("us_per_row").asDouble()),
                    !paired ? "-" : String.format(Locale.ROOT, "%.0f MB", p.get("peak_rss_mb").asDouble()),
                    !paired ? "-" : String.format(Locale.ROOT, "%.2fx", p.get("ratio").asDouble()),
                    !paired ? "-" : p.get("outputs_identical").asBoolean() ? "byte-identical" : "DIFFER", target));
        }
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

    /**
     * A file size for the table: one decimal under 10 MB, so that LongQA's 0.4 MB golden file at 1x
     * does not read "0 MB"; whole megabytes above.
     */
    static String megabytes(double mb) {
        return String.format(Locale.ROOT, mb < 10 ? "%.1f MB" : "%.0f MB", mb);
    }
}
