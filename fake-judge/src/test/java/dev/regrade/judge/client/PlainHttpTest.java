package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The transport's plain HTTP/1.1 against a raw socket server that answers as scripted: how each
 * kind of answer is read, when a connection is reused, replaced or given up.
 */
@Timeout(30)
class PlainHttpTest {
    private static final List<Map.Entry<String, String>> HEADERS = List.of(Map.entry("Content-Type",
            "application/json"));

    /** One scripted answer per request: the raw bytes, and whether the server closes the connection after them. */
    private record Script(String raw, boolean close) {
    }

    /** Accepts connections and answers request i with script i; counts connections and requests. */
    private static final class Scripted implements AutoCloseable {
        final ServerSocket listener;
        final AtomicInteger connections = new AtomicInteger();
        final List<String> bodies = new CopyOnWriteArrayList<>();
        private final AtomicInteger next = new AtomicInteger();

        Scripted(Script... scripts) throws IOException {
            listener = new ServerSocket(0, 8, InetAddress.getByName("127.0.0.1"));
            Thread t = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        connections.incrementAndGet();
                        Thread c = new Thread(() -> serve(s, scripts));
                        c.setDaemon(true);
                        c.start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
        }

        private void serve(Socket s, Script[] scripts) {
            try (s) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                while (true) {
                    String head = head(in);
                    if (head == null) {
                        return;
                    }
                    int at = head.toLowerCase().indexOf("content-length: ");
                    int n = Integer.parseInt(head.substring(at + 16, head.indexOf('\r', at)));
                    bodies.add(new String(in.readNBytes(n), StandardCharsets.UTF_8));
                    Script sc = scripts[Math.min(next.getAndIncrement(), scripts.length - 1)];
                    if (sc.raw() == null) {
                        return; // close without an answer
                    }
                    out.write(sc.raw().getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    if (sc.close()) {
                        return;
                    }
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        private static String head(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                b.write(c);
                String s = b.toString(StandardCharsets.ISO_8859_1);
                if (s.endsWith("\r\n\r\n")) {
                    return s;
                }
            }
            return null;
        }

        PlainHttp client() {
            return new PlainHttp(URI.create("http://127.0.0.1:" + listener.getLocalPort() + "/v1/chat/completions"),
                    Duration.ofSeconds(5));
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }

    private static String text(PlainHttp.Answer a) {
        return a.status() + " " + new String(a.body(), StandardCharsets.UTF_8);
    }

    private static byte[] body(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aKeptAliveConnectionServesTheNextRequest() throws Exception {
        String ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        try (Scripted server = new Scripted(new Script(ok, false))) {
            PlainHttp http = server.client();
            for (int i = 0; i < 3; i++) {
                assertEquals("200 ok", text(http.post(body("{\"n\":" + i + "}"), HEADERS, Duration.ofSeconds(5))));
            }
            assertEquals(1, server.connections.get(), "one connection for three requests");
            assertEquals(List.of("{\"n\":0}", "{\"n\":1}", "{\"n\":2}"), server.bodies);
        }
    }

    @Test
    void chunkedAndCloseDelimitedAnswersAreReadWhole() throws Exception {
        String chunked = "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\n\r\n";
        String toClose = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end";
        try (Scripted server = new Scripted(new Script(chunked, false), new Script(toClose, true))) {
            PlainHttp http = server.client();
            PlainHttp.Answer a = http.post(body("{}"), HEADERS, Duration.ofSeconds(5));
            assertEquals("429 abcde", text(a));
            assertEquals("7", a.headers().firstValue("retry-after").orElse(null), "headers by any spelling");
            assertEquals("200 until the end", text(http.post(body("{}"), HEADERS, Duration.ofSeconds(5))));
            assertEquals(1, server.connections.get());
        }
    }

    @Test
    void aPooledConnectionTheServerClosedIsReplacedOnceSilently() throws Exception {
        // The first answer keeps the connection alive as far as the client knows; the server closes it.
        String ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        try (Scripted server = new Scripted(new Script(ok, true), new Script(ok, false))) {
            PlainHttp http = server.client();
            assertEquals("200 ok", text(http.post(body("{}"), HEADERS, Duration.ofSeconds(5))));
            Thread.sleep(100); // the server's close reaches the client
            assertEquals("200 ok", text(http.post(body("{}"), HEADERS, Duration.ofSeconds(5))));
            assertEquals(2, server.connections.get(), "the stale connection replaced by a fresh one");
        }
    }

    @Test
    void aFreshConnectionClosedWithoutAnAnswerIsAnIoErrorNotRetried() throws Exception {
        try (Scripted server = new Scripted(new Script(null, true))) {
            PlainHttp http = server.client();
            assertThrows(IOException.class, () -> http.post(body("{}"), HEADERS, Duration.ofSeconds(5)));
            assertEquals(1, server.bodies.size(), "sent once: retrying is the policy's business");
        }
    }

    @Test
    void anAnswerCutOffPartWayIsAnIoError() throws Exception {
        String cut = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part";
        try (Scripted server = new Scripted(new Script(cut, true))) {
            IOException e = assertThrows(IOException.class,
                    () -> server.client().post(body("{}"), HEADERS, Duration.ofSeconds(5)));
            assertEquals("the answer ended early", e.getMessage());
        }
    }

    @Test
    void noAnswerWithinTheTimeoutIsAnHttpTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getByName("127.0.0.1"))) {
            PlainHttp http = new PlainHttp(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/v1"),
                    Duration.ofSeconds(5));
            assertThrows(HttpTimeoutException.class, () -> http.post(body("{}"), HEADERS, Duration.ofMillis(300)));
        }
    }

    @Test
    void aHeaderThatIsNotValidIsRefusedWithoutQuotingItsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlainHttp.checkHeader("Authorization", "Bearer sk-secret\r\nX-Injected: 1"));
        assertEquals("invalid header: Authorization", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PlainHttp.checkHeader("Bad Name", "v"));
        PlainHttp.checkHeader("X-Regrade-Claim", "caf%C3%A9\tand more");
    }
}
