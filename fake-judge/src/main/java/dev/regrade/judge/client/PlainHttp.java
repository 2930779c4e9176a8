package dev.regrade.judge.client;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The transport's HTTP/1.1 for {@code http://} endpoints: blocking sockets kept alive in a pool,
 * one request at a time per connection, {@code TCP_NODELAY}, the request written in one piece and
 * the answer read on the caller's own thread. {@code java.net.http} hands each exchange to its
 * selector thread and back through futures, which costs more than the fake judge's whole answer
 * on a loaded machine; it still carries {@code https://}. Fails as {@code java.net.http} does:
 * {@link HttpConnectTimeoutException}, {@link HttpTimeoutException} (no complete answer in time),
 * else an {@link IOException}. A pooled connection the server closed while idle is replaced
 * once, silently, when it fails before any byte of the answer. Thread-safe.
 */
final class PlainHttp {
    /** One HTTP answer. */
    record Answer(int status, HttpHeaders headers, byte[] body) {
    }

    private static final int MAX_HEAD_BYTES = 64 * 1024;

    private final InetSocketAddress address;
    private final byte[] requestHead;
    private final Duration connectTimeout;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();

    PlainHttp(URI endpoint, Duration connectTimeout) {
        int port = endpoint.getPort() < 0 ? 80 : endpoint.getPort();
        this.address = InetSocketAddress.createUnresolved(endpoint.getHost(), port);
        String target = (endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? "/" : endpoint.getRawPath())
                + (endpoint.getRawQuery() == null ? "" : "?" + endpoint.getRawQuery());
        String host = endpoint.getHost().contains(":") ? "[" + endpoint.getHost() + "]" : endpoint.getHost();
        this.requestHead = ("POST " + target + " HTTP/1.1\r\nHost: " + host + (endpoint.getPort() < 0 ? "" : ":" + port)
                + "\r\n").getBytes(StandardCharsets.US_ASCII);
        this.connectTimeout = connectTimeout;
    }

    /**
     * A header as {@code java.net.http} accepts it: a token name and a value of visible characters,
     * spaces and tabs. The message names the header, never its value (it may be a key).
     */
    static void checkHeader(String name, String value) {
        boolean ok = !name.isEmpty();
        for (int i = 0; ok && i < name.length(); i++) {
            char c = name.charAt(i);
            ok = c > 0x20 && c < 0x7f && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
        }
        for (int i = 0; ok && i < value.length(); i++) {
            char c = value.charAt(i);
            ok = c == '\t' || (c >= 0x20 && c != 0x7f && c <= 0xff);
        }
        if (!ok) {
            throw new IllegalArgumentException("invalid header: " + name);
        }
    }

    /**
     * Posts {@code body} with these headers (name, value; checked by {@link #checkHeader}) and reads the
     * whole answer within {@code timeout}.
     */
    Answer post(byte[] body, List<Map.Entry<String, String>> headers, Duration timeout) throws IOException {
        ByteArrayOutputStream req = new ByteArrayOutputStream(requestHead.length + 256 + body.length);
        req.writeBytes(requestHead);
        for (Map.Entry<String, String> h : headers) {
            req.writeBytes((h.getKey() + ": " + h.getValue() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        req.writeBytes(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        req.writeBytes(body);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Connection pooled = idle.pollFirst();
            Connection c = pooled != null ? pooled : Connection.open(address, connectTimeout);
            try {
                try {
                    req.writeTo(c.out);
                    c.out.flush();
                } catch (IOException e) {
                    throw new Stale(e); // a pooled connection the server closed: reset or broken pipe
                }
                Answer a = c.read(deadline);
                if (c.reusable) {
                    idle.offerFirst(c);
                } else {
                    c.close();
                }
                return a;
            } catch (Stale e) {
                c.close();
                if (pooled == null) {
                    throw e.io; // a fresh connection that gives nothing is the server's answer
                }
            } catch (SocketTimeoutException e) {
                c.close();
                throw new HttpTimeoutException("request timed out");
            } catch (IOException | RuntimeException e) {
                c.close();
                throw e;
            }
        }
    }

    /** The connection failed before the first byte of an answer (the server may have closed it while idle). */
    private static final class Stale extends Exception {
        private static final long serialVersionUID = 1L;
        final IOException io;

        Stale(IOException io) {
            super(io.getMessage(), null, false, false);
            this.io = io;
        }
    }

    private static final class Connection {
        private final Socket socket;
        private final InputStream in;
        final OutputStream out;
        private final byte[] buf = new byte[16 * 1024];
        private int pos;
        private int lim;
        private long deadline;
        boolean reusable;

        private Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
        }

        static Connection open(InetSocketAddress unresolved, Duration connectTimeout) throws IOException {
            Socket s = new Socket();
            try {
                s.setTcpNoDelay(true);
                InetSocketAddress resolved = new InetSocketAddress(unresolved.getHostString(), unresolved.getPort());
                if (resolved.isUnresolved()) {
                    throw new java.net.UnknownHostException(unresolved.getHostString());
                }
                s.connect(resolved, (int) Math.min(Integer.MAX_VALUE, Math.max(1, connectTimeout.toMillis())));
                return new Connection(s);
            } catch (SocketTimeoutException e) {
                s.close();
                throw new HttpConnectTimeoutException("HTTP connect timed out");
            } catch (IOException e) {
                s.close();
                throw e;
            }
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }

        Answer read(long until) throws IOException, Stale {
            deadline = until;
            pos = 0;
            lim = 0;
            try {
                if (!fill()) {
                    throw new Stale(new EOFException("the server closed the connection without an answer"));
                }
            } catch (SocketTimeoutException e) {
                throw e;
            } catch (IOException e) {
                throw new Stale(e);
            }
            return answer();
        }

        /** The answer whose first bytes are in the buffer (after any interim 1xx answers). */
        private Answer answer() throws IOException {
            int[] budget = {MAX_HEAD_BYTES};
            String status = line(budget);
            String[] parts = status.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.1 answer");
            }
            int code;
            try {
                code = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IOException("not an HTTP/1.1 answer");
            }
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (String h = line(budget); !h.isEmpty(); h = line(budget)) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    throw new IOException("malformed header in the answer");
                }
                headers.computeIfAbsent(h.substring(0, colon).trim(), k -> new ArrayList<>())
                        .add(h.substring(colon + 1).trim());
            }
            if (code >= 100 && code < 200) {
                return answer(); // an interim answer (100 Continue): the real one follows
            }
            String connection = first(headers, "Connection");
            reusable = !parts[0].equals("HTTP/1.0") && (connection == null
                    || !connection.toLowerCase(Locale.ROOT).contains("close"));
            String te = first(headers, "Transfer-Encoding");
            String cl = first(headers, "Content-Length");
            byte[] body;
            if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
                body = chunked(budget);
            } else if (cl != null) {
                long n;
                try {
                    n = Long.parseLong(cl);
                } catch (NumberFormatException e) {
                    throw new IOException("malformed Content-Length in the answer");
                }
                if (n < 0 || n > Integer.MAX_VALUE - 16) {
                    throw new IOException("malformed Content-Length in the answer");
                }
                body = bytes((int) n);
            } else {
                body = toEnd();
                reusable = false;
            }
            return new Answer(code, HttpHeaders.of(headers, (a, b) -> true), body);
        }

        private static String first(Map<String, List<String>> headers, String name) {
            List<String> v = headers.get(name);
            return v == null ? null : v.get(0);
        }

        /** Reads more into the buffer; false at the end of the stream. */
        private boolean fill() throws IOException {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new SocketTimeoutException();
            }
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
            int n = in.read(buf, lim, buf.length - lim);
            if (n < 0) {
                return false;
            }
            lim += n;
            return true;
        }

        private int next() throws IOException {
            if (pos == lim) {
                pos = 0;
                lim = 0;
                if (!fill()) {
                    throw new EOFException("the answer ended early");
                }
            }
            return buf[pos++] & 0xff;
        }

        private String line(int[] budget) throws IOException {
            StringBuilder sb = new StringBuilder();
            for (int c = next(); c != '\n'; c = next()) {
                if (--budget[0] < 0) {
                    throw new IOException("the answer's headers are too large");
                }
                sb.append((char) c);
            }
            int end = sb.length();
            return end > 0 && sb.charAt(end - 1) == '\r' ? sb.substring(0, end - 1) : sb.toString();
        }

        private byte[] bytes(int n) throws IOException {
            byte[] out = new byte[n];
            int have = Math.min(n, lim - pos);
            System.arraycopy(buf, pos, out, 0, have);
            pos += have;
            while (have < n) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw new SocketTimeoutException();
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                int r = in.read(out, have, n - have);
                if (r < 0) {
                    throw new EOFException("the answer ended early");
                }
                have += r;
            }
            return out;
        }

        private byte[] chunked(int[] budget) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            while (true) {
                String size = line(budget);
                int semi = size.indexOf(';');
                int n;
                try {
                    n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("malformed chunk in the answer");
                }
                if (n < 0) {
                    throw new IOException("malformed chunk in the answer");
                }
                if (n == 0) {
                    while (!line(budget).isEmpty()) {
                        // trailers: ignored
                    }
                    return b.toByteArray();
                }
                b.writeBytes(bytes(n));
                if (!line(budget).isEmpty()) {
                    throw new IOException("malformed chunk in the answer");
                }
            }
        }

        private byte[] toEnd() throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(buf, pos, lim - pos);
            pos = lim;
            byte[] chunk = new byte[16 * 1024];
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw new SocketTimeoutException();
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                int r = in.read(chunk);
                if (r < 0) {
                    return b.toByteArray();
                }
                b.write(chunk, 0, r);
            }
        }
    }
}
