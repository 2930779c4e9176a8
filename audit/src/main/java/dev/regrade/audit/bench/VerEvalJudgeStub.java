package dev.regrade.audit.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake OpenAI-compatible judge for VerEval's benchmark run, on 127.0.0.1: every
 * {@code POST …/chat/completions} gets a valid stage reply ({@code {"score": 0.75, "reason": "…"}},
 * finish_reason stop). The project's fake judge answers only Regrade's own verification requests, so
 * VerEval's stage prompts need this one. It counts the requests it served.
 */
final class VerEvalJudgeStub implements AutoCloseable {
    private static final byte[] REPLY = ("{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion\",\"created\":0,"
            + "\"model\":\"bench-judge\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
            + "\"{\\\"score\\\": 0.75, \\\"reason\\\": \\\"bench judge: the answer matches the ground truth\\\"}\"},"
            + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}")
            .getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final ExecutorService pool;
    private final AtomicLong requests = new AtomicLong();

    VerEvalJudgeStub(int threads) throws IOException {
        // Without TCP_NODELAY the JDK server's separate header and body writes meet delayed ACKs: ~40 ms a request.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "vereval-judge-stub");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    long requests() {
        return requests.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        boolean ok = "POST".equals(ex.getRequestMethod()) && ex.getRequestURI().getPath().endsWith("/chat/completions");
        if (ok) {
            requests.incrementAndGet();
        }
        byte[] body = ok ? REPLY : "{\"error\":{\"message\":\"not found\"}}".getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(ok ? 200 : 404, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
