package dev.regrade.judge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The fake judge's HTTP/1.1 server spoken to byte by byte: framing, keep-alive and bad requests. */
@Timeout(30)
class LoopbackHttpTest {
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private LoopbackHttp server;

    @BeforeEach
    void start() throws IOException {
        server = LoopbackHttp.start("127.0.0.1", 0, (method, path, header, body) -> {
            seen.add(method + " " + path + " [" + header.apply("x-test") + "] " + new String(body,
                    StandardCharsets.UTF_8));
            return Reply.json(200, "{\"n\":" + seen.size() + "}", 0);
        });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Sends the bytes and reads until the server closes the connection. */
    private String exchange(String raw) throws IOException {
        try (Socket s = new Socket(InetAddress.getByName("127.0.0.1"), server.port())) {
            s.getOutputStream().write(raw.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            return b.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void keepAliveServesRequestsInTurnAndCloseEndsTheConnection() throws IOException {
        String got = exchange("POST /a?q=1 HTTP/1.1\r\nHost: x\r\nX-Test: one\r\nContent-Length: 2\r\n\r\n{}"
                + "POST /b HTTP/1.1\r\nHost: x\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
        assertEquals(List.of("POST /a [one] {}", "POST /b [null] "), seen, "paths without queries, headers by any case");
        assertEquals("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"n\":1}"
                + "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\nConnection: close\r\n\r\n"
                + "{\"n\":2}", got);
    }

    @Test
    void aChunkedBodyAfterExpectContinueIsReadWhole() throws IOException {
        String got = exchange("POST /c HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n4\r\n{\"a\"\r\n3;x=y\r\n:1}\r\n0\r\n\r\n");
        assertEquals(List.of("POST /c [null] {\"a\":1}"), seen);
        assertTrue(got.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"), got);
    }

    @Test
    void anHttp10RequestIsAnsweredThenClosed() throws IOException {
        String got = exchange("GET /m HTTP/1.0\r\n\r\n");
        assertEquals(List.of("GET /m [null] "), seen);
        assertTrue(got.contains("Connection: close\r\n"), got);
    }

    @Test
    void aMalformedRequestIsA400AndNoHandlerCall() throws IOException {
        String got = exchange("NONSENSE\r\n\r\n");
        assertTrue(got.startsWith("HTTP/1.1 400 Bad Request\r\n"), got);
        assertTrue(got.contains("malformed request line"), got);
        assertEquals(List.of(), seen);
    }
}
