package dev.regrade.judge.server;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The fake judge's HTTP/1.1 server: a listening socket on 127.0.0.1 and one thread per connection,
 * blocking I/O, keep-alive, {@code TCP_NODELAY}, each reply written in one piece. A judge client
 * sends one request at a time per connection and waits for its answer, so a request costs one read
 * and one write on the connection's own thread: no selector, no hand-over between threads (under
 * WireMock/Jetty an audit's 13,000 round trips cost more CPU than its scoring). Request bodies by
 * {@code Content-Length} or chunked, {@code Expect: 100-continue} honoured; a malformed request is
 * answered 400 (431, 413 for oversized ones) and its connection closed.
 */
final class LoopbackHttp implements AutoCloseable {
    /** One request's answer. Must be thread-safe: connections call it at the same time. */
    @FunctionalInterface
    interface Handler {
        /**
         * @param method the request method, as sent
         * @param path   the request path, without the query
         * @param header a request header by name (case-insensitive), the first one sent; null when absent
         * @param body   the request body (empty when none)
         */
        Reply handle(String method, String path, Function<String, String> header, byte[] body);
    }

    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 256 * 1024 * 1024;
    /** An idle keep-alive connection is closed after this long (its thread ends). */
    private static final int IDLE_MILLIS = 5 * 60 * 1000;
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final AtomicInteger SERVERS = new AtomicInteger();

    private final ServerSocket listener;
    private final Handler handler;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final String name;
    private final AtomicInteger connections = new AtomicInteger();
    private volatile boolean closed;

    private LoopbackHttp(ServerSocket listener, Handler handler) {
        this.listener = listener;
        this.handler = handler;
        this.name = "fake-judge-" + SERVERS.incrementAndGet();
    }

    /**
     * Listens on {@code address:port} (0: a free port) and serves until {@link #close()}.
     *
     * @throws IOException when the address cannot be bound (a {@link java.net.BindException} when the port is taken)
     */
    static LoopbackHttp start(String address, int port, Handler handler) throws IOException {
        ServerSocket s = new ServerSocket();
        try {
            s.setReuseAddress(true); // a restart on the same port while old connections linger in TIME_WAIT
            s.bind(new InetSocketAddress(InetAddress.getByName(address), port), 256);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        LoopbackHttp server = new LoopbackHttp(s, handler);
        server.spawn(server::accept, server.name + "-accept");
        return server;
    }

    int port() {
        return listener.getLocalPort();
    }

    boolean isRunning() {
        return !closed;
    }

    /** Stops listening, closes every connection and waits (briefly) for their threads. Idempotent. */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Socket s : open) {
            closeQuietly(s);
        }
        for (Thread t : threads) {
            t.interrupt(); // a reply held back (a delay fault) ends now
        }
        for (Thread t : threads) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void spawn(Runnable work, String threadName) {
        Thread t = new Thread(() -> {
            try {
                work.run();
            } finally {
                threads.remove(Thread.currentThread());
            }
        }, threadName);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue; // a connection that failed while being accepted; keep listening
            }
            open.add(s);
            if (closed) {
                closeQuietly(s);
                return;
            }
            spawn(() -> serve(s), name + "-conn-" + connections.incrementAndGet());
        }
    }

    /** Serves one connection's requests in turn until it closes, asks to, or breaks. */
    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(IDLE_MILLIS);
            Input in = new Input(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (!closed) {
                Request r;
                try {
                    r = Request.read(in, out);
                } catch (BadRequest e) {
                    write(out, Reply.error(e.status, e.getMessage(), "invalid_request_error", null), false, true);
                    return;
                }
                if (r == null) {
                    return; // the client closed the connection between requests
                }
                Reply reply;
                try {
                    reply = handler.handle(r.method, r.path, r.headers::get, r.body);
                } catch (RuntimeException e) {
                    reply = Reply.error(500, "fake judge internal error: " + e, "server_error", null);
                }
                if (reply.delayMillis() > 0) {
                    try {
                        Thread.sleep(reply.delayMillis());
                    } catch (InterruptedException e) {
                        return; // the server is stopping
                    }
                }
                if (reply.cutOff()) {
                    cutOff(out, reply);
                    return;
                }
                boolean close = !r.keepAlive;
                write(out, reply, r.method.equals("HEAD"), close);
                if (close) {
                    return;
                }
            }
        } catch (SocketTimeoutException | EOFException | SocketException e) {
            // idle too long, or the client went away: the connection ends
        } catch (IOException e) {
            // the same for any other failure on this connection; the server goes on
        } finally {
            open.remove(socket);
        }
    }

    private static void write(OutputStream out, Reply reply, boolean headOnly, boolean close) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(256 + (headOnly ? 0 : reply.body().length));
        head(b, reply);
        ascii(b, "Content-Length: " + reply.body().length + "\r\n");
        if (close) {
            ascii(b, "Connection: close\r\n");
        }
        ascii(b, "\r\n");
        if (!headOnly) {
            b.write(reply.body());
        }
        b.writeTo(out);
        out.flush();
    }

    /** The status and headers, then a chunk announced whole but only half sent, then the connection closes. */
    private static void cutOff(OutputStream out, Reply reply) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        head(b, reply);
        ascii(b, "Transfer-Encoding: chunked\r\n\r\n");
        byte[] body = reply.body();
        ascii(b, Integer.toHexString(Math.max(1, body.length)) + "\r\n");
        b.write(body, 0, body.length / 2);
        b.writeTo(out);
        out.flush();
    }

    /** The status line and the reply's headers, in name order (a reply's headers are a set). */
    private static void head(ByteArrayOutputStream b, Reply reply) {
        ascii(b, "HTTP/1.1 " + reply.status() + " " + reason(reply.status()) + "\r\n");
        reply.headers().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(h -> b.writeBytes((h.getKey() + ": " + h.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8)));
    }

    private static void ascii(ByteArrayOutputStream b, String s) {
        b.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 413 -> "Payload Too Large";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Status";
        };
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** A request the server cannot read: answered with this status, then the connection closes. */
    private static final class BadRequest extends Exception {
        final int status;

        BadRequest(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    /** One request as read off the connection. */
    private record Request(String method, String path, CaseInsensitive headers, byte[] body, boolean keepAlive) {
        /** The next request, or null when the connection closed cleanly before one began. */
        static Request read(Input in, OutputStream out) throws IOException, BadRequest {
            int[] budget = {MAX_HEADER_BYTES};
            String line = line(in, budget, true);
            while (line != null && line.isEmpty()) {
                line = line(in, budget, true); // stray CRLFs between requests are allowed (RFC 9112 2.2)
            }
            if (line == null) {
                return null;
            }
            String[] parts = line.split(" ", -1);
            if (parts.length != 3 || parts[0].isEmpty() || !parts[2].startsWith("HTTP/1.")) {
                throw new BadRequest(400, "malformed request line");
            }
            Map<String, String> headers = new HashMap<>();
            for (String h = line(in, budget, false); !h.isEmpty(); h = line(in, budget, false)) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    throw new BadRequest(400, "malformed header line");
                }
                headers.putIfAbsent(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
            boolean http10 = parts[2].equals("HTTP/1.0");
            String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
            boolean keepAlive = http10 ? connection.contains("keep-alive") : !connection.contains("close");
            if ("100-continue".equalsIgnoreCase(headers.get("expect")) && !http10) {
                out.write(CONTINUE);
                out.flush();
            }
            byte[] body = body(in, headers);
            return new Request(parts[0], path(parts[1]), new CaseInsensitive(headers), body, keepAlive);
        }

        /** The path of an origin-form or absolute-form target, without the query. */
        private static String path(String target) {
            String t = target;
            if (t.startsWith("http://") || t.startsWith("https://")) {
                int slash = t.indexOf('/', t.indexOf("//") + 2);
                t = slash < 0 ? "/" : t.substring(slash);
            }
            int q = t.indexOf('?');
            return q < 0 ? t : t.substring(0, q);
        }

        private static byte[] body(Input in, Map<String, String> headers) throws IOException, BadRequest {
            String te = headers.get("transfer-encoding");
            if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
                return chunked(in);
            }
            String cl = headers.get("content-length");
            if (cl == null) {
                return new byte[0];
            }
            long n;
            try {
                n = Long.parseLong(cl);
            } catch (NumberFormatException e) {
                throw new BadRequest(400, "malformed Content-Length");
            }
            if (n < 0) {
                throw new BadRequest(400, "malformed Content-Length");
            }
            if (n > MAX_BODY_BYTES) {
                throw new BadRequest(413, "the request body is larger than " + MAX_BODY_BYTES + " bytes");
            }
            return in.bytes((int) n);
        }

        private static byte[] chunked(Input in) throws IOException, BadRequest {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int[] budget = {MAX_HEADER_BYTES};
            while (true) {
                String size = line(in, budget, false);
                int semi = size.indexOf(';');
                int n;
                try {
                    n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new BadRequest(400, "malformed chunk size");
                }
                if (n < 0 || b.size() + (long) n > MAX_BODY_BYTES) {
                    throw new BadRequest(413, "the request body is larger than " + MAX_BODY_BYTES + " bytes");
                }
                if (n == 0) {
                    while (!line(in, budget, false).isEmpty()) {
                        // trailers: ignored
                    }
                    return b.toByteArray();
                }
                b.write(in.bytes(n));
                if (!line(in, budget, false).isEmpty()) {
                    throw new BadRequest(400, "malformed chunk");
                }
            }
        }

        /**
         * One line without its CRLF (or bare LF), ISO-8859-1. At the end of the stream: null when
         * {@code mayEnd} and nothing was read, else an {@link EOFException}.
         */
        private static String line(Input in, int[] budget, boolean mayEnd) throws IOException, BadRequest {
            StringBuilder sb = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    if (mayEnd && sb.length() == 0) {
                        return null;
                    }
                    throw new EOFException("the request ended early");
                }
                if (--budget[0] < 0) {
                    throw new BadRequest(431, "the request line and headers are larger than " + MAX_HEADER_BYTES
                            + " bytes");
                }
                sb.append((char) c);
            }
            int end = sb.length();
            if (end > 0 && sb.charAt(end - 1) == '\r') {
                end--;
            }
            return sb.substring(0, end);
        }
    }

    /** A connection's input, buffered without the locking of {@code BufferedInputStream} (one reader per connection). */
    private static final class Input {
        private final InputStream in;
        private final byte[] buf = new byte[16 * 1024];
        private int pos;
        private int lim;

        Input(InputStream in) {
            this.in = in;
        }

        /** The next byte, or -1 at the end of the stream. */
        int read() throws IOException {
            if (pos == lim) {
                int n = in.read(buf, 0, buf.length);
                if (n < 0) {
                    return -1;
                }
                pos = 0;
                lim = n;
            }
            return buf[pos++] & 0xff;
        }

        /** Exactly {@code n} bytes. */
        byte[] bytes(int n) throws IOException {
            byte[] out = new byte[n];
            int have = Math.min(n, lim - pos);
            System.arraycopy(buf, pos, out, 0, have);
            pos += have;
            while (have < n) {
                int r = in.read(out, have, n - have);
                if (r < 0) {
                    throw new EOFException("the request body ended early");
                }
                have += r;
            }
            return out;
        }
    }

    /** Header look-up by any spelling of the name. */
    private record CaseInsensitive(Map<String, String> lowerCased) {
        String get(String name) {
            return lowerCased.get(name.toLowerCase(Locale.ROOT));
        }
    }
}
