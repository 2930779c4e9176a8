package dev.regrade.judge.client;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * An independent OpenAI-shaped endpoint on 127.0.0.1 (the JDK's own HTTP server, not WireMock)
 * that records every request's headers and body exactly as they arrived.
 */
final class CapturingEndpoint implements AutoCloseable {
    record Captured(Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    record Answer(int status, String body) {
    }

    static final String OK_VERDICT = "{\"id\":\"c1\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"m\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
            + "\"{\\\"reasoning\\\":\\\"ok\\\",\\\"result\\\":true}\"},\"finish_reason\":\"stop\"}]}";

    private final HttpServer server;
    final List<Captured> requests = new CopyOnWriteArrayList<>();

    CapturingEndpoint(Function<Captured, Answer> answer) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/v1/chat/completions", exchange -> {
            Captured c = new Captured(Map.copyOf(exchange.getRequestHeaders()),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(c);
            Answer a = answer.apply(c);
            byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(a.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    static CapturingEndpoint okVerdicts() {
        return new CapturingEndpoint(c -> new Answer(200, OK_VERDICT));
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
