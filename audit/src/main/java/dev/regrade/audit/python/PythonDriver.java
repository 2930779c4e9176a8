package dev.regrade.audit.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.BadInputException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One child {@code python3} running Regrade's driver ({@code driver.py}, shipped in the jar and
 * extracted to a temporary folder) under one PYTHONHASHSEED, with the user's {@code mind2web2}
 * imported once; it then evaluates many runs, one at a time, over a JSON-lines protocol on its
 * stdin/stdout (see the driver's docstring). Not thread-safe: one run at a time.
 */
final class PythonDriver implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int STDERR_KEPT = 8192;

    /** Answers the driver's questions during a run. */
    interface Callbacks {
        /** The maps tool: metres or text, or throws for an error the tool raises. */
        Object maps(String from, String to, String mode);

        /** The synthetic cache with this URL's page too. */
        Page page(String url);

        /**
         * One judge request sent over the pipe instead of HTTP: the reply to these headers (names
         * matched case-insensitively) and body, as the judge's HTTP endpoint would give it.
         */
        default dev.regrade.judge.server.Reply chat(Function<String, String> header, byte[] body) {
            throw new IllegalStateException("the Python driver sent a judge request over the pipe, but no judge answers there");
        }
    }

    /**
     * Where a page is: the cache folder, and the stem of the page's files in it ({@code <stem>.txt},
     * {@code <stem>.jpg}) for an engine that reads them itself; null when the folder has no page for the URL.
     */
    record Page(Path cacheDir, String stem) {
    }

    /**
     * How the driver started: the stand-ins it installed, the client it uses and the engine's cache
     * class ({@code CacheFileSys}, 2.0; {@code CacheClass}, pre-2.0).
     */
    record Started(List<String> standIns, String client, String cache) {
    }

    private final Process process;
    private final BufferedWriter in;
    private final BufferedReader out;
    private final StringBuilder stderr = new StringBuilder();
    private final Started started;

    private PythonDriver(Process process, Started started, BufferedWriter in, BufferedReader out) {
        this.process = process;
        this.started = started;
        this.in = in;
        this.out = out;
    }

    /**
     * Starts a child; a checkout that cannot be imported is a {@link BadInputException} with the
     * Python error and the fix.
     */
    static PythonDriver start(PythonSetup setup, Path workDir, long hashSeed) {
        return start(setup, setup.checkout(), workDir, hashSeed);
    }

    /** Starts a child importing the {@code mind2web2} of {@code engine}. */
    static PythonDriver start(PythonSetup setup, Path engine, Path workDir, long hashSeed) {
        Path driver = extract(workDir);
        ProcessBuilder pb = new ProcessBuilder(setup.python(), "-u", driver.toString(),
                engine.toAbsolutePath().toString());
        pb.environment().put("PYTHONHASHSEED", Long.toString(hashSeed));
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        pb.environment().put("PYTHONIOENCODING", "utf-8");
        pb.environment().put("PYTHONUTF8", "1");
        // nothing of the user's OpenAI configuration may send a request elsewhere
        pb.environment().remove("OPENAI_API_KEY");
        pb.environment().remove("OPENAI_BASE_URL");
        pb.environment().remove("AZURE_OPENAI_API_KEY");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new BadInputException("cannot start " + setup.python() + ": " + e.getMessage()
                    + " (name the interpreter with --python-exe)");
        }
        BufferedWriter w = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder err = new StringBuilder();
        drain(p.getErrorStream(), err);
        JsonNode hello = readLine(r, p, err);
        if (hello == null || !"ready".equals(hello.path("op").asText())) {
            p.destroy();
            if (hello != null && "import_error".equals(hello.path("op").asText())) {
                throw new BadInputException("--python " + (engine.equals(setup.checkout()) ? setup.checkout()
                        : setup.checkout() + " (engine read into " + engine + ")") + ": the checkout cannot be imported: "
                        + hello.path("message").asText() + "\n" + hello.path("traceback").asText()
                        + "fix: " + hello.path("fix").asText());
            }
            throw new IllegalStateException("the Python driver did not start: " + tail(err));
        }
        List<String> standIns = new ArrayList<>();
        hello.path("standins").forEach(s -> standIns.add(s.asText()));
        PythonDriver d = new PythonDriver(p, new Started(List.copyOf(standIns), hello.path("client").asText(),
                hello.path("cache").asText("CacheFileSys")), w, r);
        d.stderr.append(err);
        return d;
    }

    Started started() {
        return started;
    }

    /**
     * Evaluates one run; returns the driver's final message ({@code done}, {@code crashed}, or
     * {@code judge_failed} when a strict run's judge did not answer).
     */
    JsonNode run(ObjectNode request, Callbacks callbacks) {
        request.put("op", "run");
        write(request);
        while (true) {
            JsonNode msg = readLine(out, process, stderr);
            if (msg == null) {
                throw new IllegalStateException("the Python driver exited during a run: " + tail(stderr));
            }
            switch (msg.path("op").asText()) {
                case "maps" -> {
                    ObjectNode reply = JSON.createObjectNode();
                    try {
                        Object v = callbacks.maps(msg.path("from").asText(), msg.path("to").asText(),
                                msg.path("mode").asText());
                        if (v instanceof Integer i) {
                            reply.put("value", i);
                        } else {
                            reply.put("value", String.valueOf(v));
                        }
                    } catch (RuntimeException e) {
                        reply.put("error", String.valueOf(e.getMessage()));
                    }
                    write(reply);
                }
                case "page" -> {
                    Page page = callbacks.page(msg.path("url").asText());
                    write(JSON.createObjectNode().put("cache_dir", page.cacheDir().toAbsolutePath().toString())
                            .put("stem", page.stem()));
                }
                case "chat" -> {
                    java.util.TreeMap<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                    msg.path("headers").fields().forEachRemaining(h -> headers.put(h.getKey(), h.getValue().asText()));
                    dev.regrade.judge.server.Reply reply = callbacks.chat(headers::get, payload(msg));
                    write(JSON.createObjectNode().put("status", reply.status())
                            .put("body", new String(reply.body(), StandardCharsets.UTF_8)));
                }
                case "done", "crashed", "missing_module", "judge_failed" -> {
                    return msg;
                }
                case "failed" -> throw new IllegalStateException("the Python driver failed: "
                        + msg.path("message").asText() + "\n" + msg.path("traceback").asText());
                default -> throw new IllegalStateException("the Python driver sent an unknown message: " + msg);
            }
        }
    }

    /**
     * The request body that follows a {@code chat} message line: {@code length} characters, all ASCII (Python's
     * {@code json.dumps} escapes every other character), so their bytes are the body's bytes, then a line end.
     */
    private byte[] payload(JsonNode msg) {
        int length = msg.path("length").asInt(-1);
        if (length < 0) {
            throw new IllegalStateException("the Python driver sent a chat message without a length: " + msg);
        }
        try {
            char[] chars = new char[length];
            for (int n = 0; n < length; ) {
                int got = out.read(chars, n, length - n);
                if (got < 0) {
                    throw new IllegalStateException("the Python driver exited during a request: " + tail(stderr));
                }
                n += got;
            }
            int end = out.read();
            if (end == '\r') { // a text stream that writes line ends as CR LF (Windows)
                end = out.read();
            }
            if (end != '\n') {
                throw new IllegalStateException("the Python driver's request body does not end where its length says");
            }
            byte[] body = new byte[length];
            for (int i = 0; i < length; i++) {
                if (chars[i] > 0x7f) {
                    throw new IllegalStateException("the Python driver's request body is not ASCII at character " + i);
                }
                body[i] = (byte) chars[i];
            }
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the Python driver: " + tail(stderr), e);
        }
    }

    private void write(JsonNode msg) {
        try {
            in.write(JSON.writeValueAsString(msg));
            in.write('\n');
            in.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("the Python driver stopped reading: " + tail(stderr), e);
        }
    }

    private static JsonNode readLine(BufferedReader r, Process p, StringBuilder err) {
        try {
            String line = r.readLine();
            return line == null ? null : JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the Python driver: " + tail(err), e);
        }
    }

    private static void drain(InputStream s, StringBuilder into) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[4096];
            try {
                int n;
                while ((n = s.read(buf)) >= 0) {
                    synchronized (into) {
                        into.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                        if (into.length() > 2 * STDERR_KEPT) {
                            into.delete(0, into.length() - STDERR_KEPT);
                        }
                    }
                }
            } catch (IOException e) {
                // the child is gone: nothing more to keep
            }
        }, "regrade-python-stderr");
        t.setDaemon(true);
        t.start();
    }

    private static String tail(StringBuilder err) {
        synchronized (err) {
            String s = err.toString();
            return s.length() > STDERR_KEPT ? s.substring(s.length() - STDERR_KEPT) : s;
        }
    }

    private static Path extract(Path workDir) {
        Path target = workDir.resolve("driver.py");
        if (Files.exists(target)) {
            return target;
        }
        try (InputStream s = PythonDriver.class.getResourceAsStream("driver.py")) {
            if (s == null) {
                throw new IllegalStateException("driver.py is missing from the jar");
            }
            Files.createDirectories(workDir);
            Path tmp = Files.createTempFile(workDir, "driver", ".py");
            Files.copy(s, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
