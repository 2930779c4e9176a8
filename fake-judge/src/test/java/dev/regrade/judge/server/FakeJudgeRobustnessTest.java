package dev.regrade.judge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.VerdictRules;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fake judge under abuse over raw sockets to 127.0.0.1 (malformed requests, an oversized body and
 * header, a trickling client, a client that stalls mid-request, pipelined requests, 64 concurrent
 * clients): after each, and during the slow ones, every well-formed request still gets its correct
 * verdict. Every loop is bounded and every read has a timeout.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FakeJudgeRobustnessTest {
    private static final int READ_TIMEOUT_MILLIS = 20_000;
    private static FakeJudgeServer server;

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults().withRules(VerdictRules.hash()));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    private static byte[] body(String claim) {
        ObjectNode b = JsonNodeFactory.instance.objectNode().put("model", "o4-mini");
        b.putArray("messages").addObject().put("role", "user").put("content", TestPrompts.simple(claim));
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] request(String claim) {
        byte[] body = body(claim);
        byte[] head = ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /** The verdict the hash rules give this claim: what a correct answer holds. */
    private static boolean expected(String claim) {
        return VerdictRules.hash().verdict(claim, TestPrompts.simple(claim));
    }

    private static Socket connect() throws IOException {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        s.setTcpNoDelay(true);
        return s;
    }

    /** One answer off the connection: its status and body (by Content-Length; the judge sends no chunked replies). */
    private record Answer(int status, byte[] body) {
        boolean verdict() throws IOException {
            JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(body).get("choices").get(0).get("message")
                    .get("content").asText());
            return content.get("result").asBoolean();
        }
    }

    private static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the connection closed before an answer: " + head);
            }
            head.write(c);
            matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : c == '\r' ? 1 : 0;
            assertTrue(head.size() < 64 * 1024, "an answer's head is small");
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        int length = -1;
        for (String line : lines) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        assertTrue(length >= 0, "a Content-Length: " + head);
        return new Answer(status, in.readNBytes(length));
    }

    /** A well-formed request on a fresh connection, answered with the right verdict. */
    private static void assertAnswersCorrectly(String claim) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(request(claim));
            Answer a = read(s.getInputStream());
            assertEquals(200, a.status(), new String(a.body(), StandardCharsets.UTF_8));
            assertEquals(expected(claim), a.verdict(), claim);
        }
    }

    /** Sends the bytes and reads until the server answers or closes; the status, or -1 for a close without one. */
    private static int abuse(byte[] bytes) throws IOException {
        try (Socket s = connect()) {
            try {
                s.getOutputStream().write(bytes);
                s.getOutputStream().flush();
                s.shutdownOutput();
            } catch (IOException e) {
                return -1; // reset while writing: refused, the server goes on
            }
            try {
                return read(s.getInputStream()).status();
            } catch (SocketTimeoutException e) {
                throw e;
            } catch (IOException e) {
                return -1;
            }
        }
    }

    @Test
    void malformedRequestsAreRefusedAndTheJudgeGoesOn() throws Exception {
        List<String> garbage = List.of("HELLO\r\n\r\n", "GET\r\n\r\n", "POST /v1/chat/completions HTTP/9.9\r\n\r\n",
                "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n",
                "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nnot json!",
                "\u0000\u0001\u0002\u00ff\r\n\r\n");
        for (String g : garbage) {
            int status = abuse(g.getBytes(StandardCharsets.ISO_8859_1));
            assertTrue(status == -1 || status >= 400, "refused, not served: " + status + " for " + g);
            assertAnswersCorrectly("after " + g);
        }
        // A body cut short: the connection closes with the request half sent.
        byte[] whole = request("cut short");
        abuse(Arrays.copyOf(whole, whole.length - 10));
        assertAnswersCorrectly("after a cut body");
    }

    @Test
    void anOversizedBodyAndAnOversizedHeaderAreRefusedAndTheJudgeGoesOn() throws Exception {
        byte[] junk = new byte[16 * 1024 * 1024];
        Arrays.fill(junk, (byte) 'x');
        byte[] head = ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + junk.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream big = new ByteArrayOutputStream();
        big.write(head);
        big.write(junk);
        int status = abuse(big.toByteArray());
        assertTrue(status == -1 || status == 400 || status == 413, "a 16 MB body that is not JSON: " + status);
        assertAnswersCorrectly("after a big body");

        String header = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Big: " + "y".repeat(200 * 1024)
                + "\r\nContent-Length: 2\r\n\r\n{}";
        status = abuse(header.getBytes(StandardCharsets.US_ASCII));
        assertTrue(status == -1 || status == 431 || status == 400, "a 200 KB header: " + status);
        assertAnswersCorrectly("after a big header");
    }

    @Test
    void aTricklingClientAndAStalledOneDelayNobodyElse() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Socket stalled = connect()) {
            // Half a request, then nothing: the connection stays open for the whole test.
            byte[] half = request("stalled");
            stalled.getOutputStream().write(half, 0, half.length / 2);
            Future<Answer> trickled = pool.submit(() -> {
                try (Socket s = connect()) {
                    byte[] r = request("trickled");
                    OutputStream out = s.getOutputStream();
                    for (int i = 0; i < r.length; i += 64) {
                        out.write(r, i, Math.min(64, r.length - i));
                        out.flush();
                        Thread.sleep(5);
                    }
                    return read(s.getInputStream());
                }
            });
            for (int i = 0; i < 20; i++) {
                assertAnswersCorrectly("meanwhile " + i);
            }
            Answer a = trickled.get(60, TimeUnit.SECONDS);
            assertEquals(200, a.status());
            assertEquals(expected("trickled"), a.verdict());
        } finally {
            pool.shutdownNow();
        }
        assertAnswersCorrectly("after the stalled client left");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws Exception {
        List<String> claims = List.of("first", "second", "third", "fourth");
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (String c : claims) {
            all.write(request(c));
        }
        try (Socket s = connect()) {
            s.getOutputStream().write(all.toByteArray()); // all four in one write, before any answer is read
            InputStream in = s.getInputStream();
            for (String c : claims) {
                Answer a = read(in);
                assertEquals(200, a.status());
                assertEquals(expected(c), a.verdict(), c);
            }
        }
    }

    @Test
    void sixtyFourConcurrentClientsEachGetTheirOwnVerdicts() throws Exception {
        int clients = 64;
        int each = 8;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                done.add(pool.submit(() -> {
                    int right = 0;
                    try (Socket s = connect()) { // keep-alive: one connection per client for all its requests
                        for (int i = 0; i < each; i++) {
                            String claim = "client " + client + " claim " + i;
                            s.getOutputStream().write(request(claim));
                            Answer a = read(s.getInputStream());
                            if (a.status() == 200 && a.verdict() == expected(claim)) {
                                right++;
                            }
                        }
                    }
                    return right;
                }));
            }
            int right = 0;
            for (Future<Integer> f : done) {
                right += f.get(120, TimeUnit.SECONDS);
            }
            assertEquals(clients * each, right, "every request answered with its own verdict");
        } finally {
            pool.shutdownNow();
        }
        assertAnswersCorrectly("after the crowd");
    }
}
