package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyOSError;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * VerEval, the WearerText three-stage judge, as its evaluation guide runs it ({@code python -m vereval
 * …}; here {@code regrade vereval …}). See {@link VerEvalArgs} for the flags. Exit status: 0 when every
 * sample was scored, 1 when any failed (failures are error rows, never zeros), 2 for argument and
 * validation errors ({@code Error: …} on stderr, as the upstream module prints them).
 */
public final class VerEvalMain {
    private static final Set<String> EXIT_2_TYPES = Set.of("ValueError", "KeyError", "OSError", "FileNotFoundError",
            "PermissionError", "FileExistsError", "IsADirectoryError", "NotADirectoryError", "JSONDecodeError",
            "UnicodeDecodeError");
    private static final DateTimeFormatter COMPLETED_AT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'");

    private VerEvalMain() {
    }

    /** Runs as a program: {@code System.exit(run(args, System.out, System.err))}. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs with the process environment (for the API key). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /**
     * Runs VerEval.
     *
     * @param env the environment the API key is read from ({@code --api-key-env}, default
     *            {@code VLLM_API_KEY} or {@code OPENAI_API_KEY})
     * @return the exit status: 0 all scored, 1 some sample failed, 2 usage or validation error
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        return run(args, out, err, env, null);
    }

    /**
     * {@link #run(String[], PrintStream, PrintStream, Map)} with the judge client made by {@code clients}
     * from the settings and the API key instead of {@link OpenAiChatClient} (null: the HTTP client).
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env,
                          Function<Settings, ChatClient> clients) {
        VerEvalArgs a;
        try {
            a = VerEvalArgs.parse(args);
        } catch (VerEvalArgs.HelpRequested h) {
            out.print(VerEvalArgs.HELP);
            out.flush();
            return 0;
        } catch (VerEvalArgs.ArgumentError e) {
            err.println(VerEvalArgs.USAGE);
            err.println("regrade vereval: error: " + e.getMessage());
            err.flush();
            return 2;
        } catch (PyException e) {
            return pyError(e, err);
        }
        try {
            return execute(a, out, err, env, clients);
        } catch (PyException e) {
            return pyError(e, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int pyError(PyException e, PrintStream err) {
        if (EXIT_2_TYPES.contains(e.pythonType())) {
            err.println("Error: " + e.getMessage());
            return 2;
        }
        err.println("Traceback (most recent call last):");
        err.println(e.pythonType() + (e.getMessage().isEmpty() ? "" : ": " + e.getMessage()));
        return 1;
    }

    private static int execute(VerEvalArgs a, PrintStream out, PrintStream err, Map<String, String> env,
                               Function<Settings, ChatClient> clients) {
        List<ObjectNode> benchmark = Rows.load(a.benchmark());
        Alignment.Aligned aligned = Alignment.align(benchmark, Rows.load(a.predictions()), a.legacyIds(),
                a.allowPartial());
        List<ObjectNode> jobs = aligned.jobs();
        List<String> missing = aligned.missing();
        aligned = null; // its job list is let go below, job by job (the interpreter keeps any local alive)
        Evidence.add(jobs, a.evidence(), a.evidenceMode());
        Settings settings = Settings.of(a.backend(), a.model(), a.baseUrl(), a.evidenceMode(), a.temperature(),
                a.seed(), a.maxTokens(), a.jsonMode(), clampInt(a.schemaRetries()), clampInt(a.apiRetries()),
                a.timeout());
        ObjectNode settingsJson = settings.toJson();
        if (a.evidenceMode().equals(Evidence.EVIDENCE_BASED)) {
            err.println("Evidence-based mode: question, prediction and verified ground truth; no video frames "
                    + "(the main-table input protocol).");
        }
        for (ObjectNode job : jobs) {
            job.put("fingerprint", sampleFingerprint(settingsJson, job));
        }
        String runFingerprint = runFingerprint(settingsJson, benchmark, missing, jobs);
        int expected = benchmark.size();
        benchmark = null; // not read again: at 100x its rows would hold ~130 MB through the whole run
        if (a.dryRun()) {
            ObjectNode d = VerEvalJson.F.objectNode();
            d.put("predictions", jobs.size());
            d.put("benchmark", expected);
            d.put("missing", missing.size());
            d.put("evidence_mode", a.evidenceMode());
            d.put("calls_without_retries", 3 * jobs.size());
            out.println(PyJson.dumps(d, VerEvalJson.PRINTED));
            return 0;
        }
        String keyName = a.apiKeyEnv() != null ? a.apiKeyEnv() : a.backend().equals("vllm") ? "VLLM_API_KEY" : "OPENAI_API_KEY";
        String key = env.getOrDefault(keyName, a.backend().equals("vllm") ? "EMPTY" : "");
        if (key.isEmpty()) {
            if (!HttpJudgeConfig.isLoopback(a.baseUrl())) {
                throw new PyValueError("Set " + keyName + " before calling the service");
            }
            // A judge on this machine (./regrade judge serve) needs no key: none is sent.
            key = null;
        }
        Path output = a.output();
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw PyOSError.of(output, e);
        }
        Path logPath = output.resolve("scores.jsonl");
        Map<String, JsonNode> cached = new HashMap<>();
        if (Files.exists(logPath)) {
            if (!a.resume()) {
                throw new PyValueError("Output exists: " + logPath + ". Choose a new directory or --resume");
            }
            for (ObjectNode row : Rows.load(logPath)) {
                if (Summary.isOk(row)) {
                    JsonNode qid = row.get("question_id");
                    if (qid == null) {
                        throw PyKeyError.forKey("question_id");
                    }
                    cached.put(PyJsonValue.str(qid), row);
                }
            }
        }
        Path configPath = output.resolve("run.json");
        if (Files.exists(configPath)) {
            JsonNode old = VerEvalJson.loads(Rows.readText(configPath));
            if (!old.isObject() || !old.has("run_fingerprint")) {
                throw PyKeyError.forKey("run_fingerprint");
            }
            if (!a.resume() || !PyJsonValue.equals(old.get("run_fingerprint"), VerEvalJson.F.textNode(runFingerprint))) {
                throw new PyValueError("Run configuration, predictions, evidence or prompts changed; "
                        + "choose a new output directory");
            }
        } else if (a.resume() && Files.exists(logPath)) {
            throw new PyValueError("Cannot resume scores without their run.json provenance");
        }
        ObjectNode run = VerEvalJson.F.objectNode();
        run.set("settings", settingsJson);
        run.put("run_fingerprint", runFingerprint);
        ArrayNode ids = run.putArray("missing_ids");
        missing.forEach(ids::add);
        run.put("expected", expected);
        int submitted = jobs.size();
        run.put("submitted", submitted);
        writeJson(configPath, run);

        // The summary reads a few fields of each row: only those are kept (Summary.slim), and a job is
        // let go once scored, so that the memory held does not grow with the benchmark's size.
        List<JsonNode> results = new ArrayList<>();
        ArrayDeque<ObjectNode> pending = new ArrayDeque<>();
        for (ObjectNode job : jobs) {
            JsonNode prev = cached.get(job.get("question_id").textValue());
            if (prev != null && prev.has("fingerprint")
                    && PyJsonValue.equals(prev.get("fingerprint"), job.get("fingerprint"))) {
                results.add(Summary.slim(prev));
            } else {
                pending.add(job);
            }
        }
        cached.clear();
        jobs = null;
        int toScore = pending.size();
        out.println("Scoring " + toScore + " answers; reusing " + results.size() + "; " + missing.size()
                + " missing");
        out.flush();
        ChatClient client = clients != null ? clients.apply(settings)
                : new OpenAiChatClient(OpenAiChatClient.config(a.baseUrl(), settings.model(), key,
                Duration.ofNanos((long) (settings.timeoutSeconds() * 1e9)), settings.apiRetries()));
        int workers = Math.min(a.workerCount(), Math.max(1, toScore));
        ExecutorService pool = Executors.newFixedThreadPool(workers,
                r -> {
                    Thread t = new Thread(r, "vereval-worker");
                    t.setDaemon(true);
                    return t;
                });
        FailureReasons reasons = new FailureReasons(err);
        try (FileOutputStream stream = new FileOutputStream(logPath.toFile(), true)) {
            ExecutorCompletionService<ObjectNode> done = new ExecutorCompletionService<>(pool);
            // Jobs in flight: enough to keep every worker busy, bounded so that queued tasks hold little.
            Map<Future<ObjectNode>, ObjectNode> futures = new HashMap<>();
            int inFlight = 2 * workers;
            while (futures.size() < inFlight && !pending.isEmpty()) {
                submit(done, futures, pending.poll(), client, settings);
            }
            for (int n = 0; n < toScore; n++) {
                Future<ObjectNode> f = done.take();
                ObjectNode job = futures.remove(f);
                if (!pending.isEmpty()) {
                    submit(done, futures, pending.poll(), client, settings);
                }
                ObjectNode result;
                try {
                    result = f.get();
                } catch (ExecutionException e) {
                    result = errorRow(job, e.getCause(), key);
                    reasons.failed(job.get("question_id").textValue(), result.get("error_type").textValue(),
                            result.get("error").textValue());
                }
                result.set("fingerprint", job.get("fingerprint"));
                result.put("completed_at", ZonedDateTime.now(ZoneOffset.UTC).format(COMPLETED_AT));
                stream.write((PyJson.dumps(result, VerEvalJson.TEXT) + "\n").getBytes(StandardCharsets.UTF_8));
                stream.flush();
                stream.getFD().sync();
                results.add(Summary.slim(result));
                out.println("[" + results.size() + "/" + submitted + "] " + job.get("question_id").textValue() + ": "
                        + result.get("status").textValue());
                out.flush();
            }
        } catch (IOException e) {
            throw PyOSError.of(logPath, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PyException("KeyboardInterrupt", "");
        } finally {
            pool.shutdownNow();
        }
        ObjectNode summary = Summary.summarize(results, expected);
        writeJson(output.resolve("summary.json"), summary);
        out.println(PyJson.dumps(summary, VerEvalJson.PRINTED));
        out.flush();
        reasons.printTally(toScore, logPath.toString());
        return summary.get("failed").intValue() != 0 ? 1 : 0;
    }

    private static void submit(ExecutorCompletionService<ObjectNode> done, Map<Future<ObjectNode>, ObjectNode> futures,
                               ObjectNode job, ChatClient client, Settings settings) {
        futures.put(done.submit(() -> ThreeStageJudge.scoreAnswer(job, client, settings)), job);
    }

    /** The per-sample fingerprint: digest of {settings, sample = every job field but frame_urls}. */
    static String sampleFingerprint(ObjectNode settingsJson, ObjectNode job) {
        ObjectNode sample = job.deepCopy();
        sample.remove("frame_urls");
        ObjectNode o = VerEvalJson.F.objectNode();
        o.set("settings", settingsJson);
        o.set("sample", sample);
        return VerEvalJson.digest(o);
    }

    /** The run fingerprint: digest of {settings, benchmark digest, missing IDs, sorted sample fingerprints}. */
    static String runFingerprint(ObjectNode settingsJson, List<ObjectNode> benchmark, List<String> missing,
                                 List<ObjectNode> jobs) {
        ArrayNode bench = VerEvalJson.F.arrayNode();
        benchmark.forEach(bench::add);
        List<String> samples = new ArrayList<>();
        jobs.forEach(j -> samples.add(j.get("fingerprint").textValue()));
        samples.sort(PyStr.ORDER);
        ObjectNode o = VerEvalJson.F.objectNode();
        o.set("settings", settingsJson);
        o.put("benchmark", VerEvalJson.digest(bench));
        ArrayNode m = o.putArray("missing");
        missing.forEach(m::add);
        ArrayNode s = o.putArray("samples");
        samples.forEach(s::add);
        return VerEvalJson.digest(o);
    }

    /** @param key the API key sent (null: none), redacted from the message */
    private static ObjectNode errorRow(ObjectNode job, Throwable cause, String key) {
        ObjectNode r = VerEvalJson.F.objectNode();
        r.set("question_id", job.get("question_id"));
        r.set("task_id", job.get("task_id"));
        r.set("level", job.get("level"));
        r.put("status", "error");
        String type;
        String message;
        if (cause instanceof PyException) {
            type = ((PyException) cause).pythonType();
            message = cause.getMessage();
        } else {
            type = cause.getClass().getSimpleName();
            message = String.valueOf(cause.getMessage());
        }
        if (key != null) {
            message = message.replace(key, "[REDACTED]");
        }
        if (message.codePointCount(0, message.length()) > 2000) {
            message = message.substring(0, message.offsetByCodePoints(0, 2000));
        }
        r.put("error_type", type);
        r.put("error", message);
        return r;
    }

    /**
     * {@code output_json}: the same bytes, but written to a temporary file that is then renamed over
     * the target, so that a run killed mid-write leaves the previous run.json / summary.json intact
     * (the upstream writes in place). scores.jsonl is appended and fsynced per row, as upstream.
     */
    private static void writeJson(Path path, JsonNode value) {
        Path tmp = path.resolveSibling("." + path.getFileName() + ".tmp");
        try {
            Files.write(tmp, (PyJson.dumps(value, VerEvalJson.FILE) + "\n").getBytes(StandardCharsets.UTF_8));
            try {
                Files.move(tmp, path, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // report the write's failure
            }
            throw PyOSError.of(path, e);
        }
    }

    private static int clampInt(BigInteger v) {
        return v.min(BigInteger.valueOf(Integer.MAX_VALUE)).max(BigInteger.valueOf(Integer.MIN_VALUE)).intValue();
    }
}
