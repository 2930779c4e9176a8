package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;

/**
 * Reads the golden vectors that tools/pycompat-vectors/gen_vectors.py wrote from
 * python3, and collects mismatches for readable failure messages.
 */
final class Vectors {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Vectors() {
    }

    /** All lines of a JSON Lines resource next to this class (gunzipped when its name ends in .gz). */
    static List<JsonNode> lines(String resource) {
        List<JsonNode> out = new ArrayList<>();
        try (InputStream raw = open(resource);
                InputStream in = resource.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isEmpty()) {
                    out.add(JSON.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** A JSON resource next to this class. */
    static JsonNode json(String resource) {
        try (InputStream in = open(resource)) {
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = Vectors.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing test resource " + resource
                    + " (regenerate with tools/pycompat-vectors)");
        }
        return in;
    }

    /** A Python call's outcome as the vectors write it: {"ok": value} or {"error": type, "message": msg}. */
    static JsonNode outcome(Supplier<Object> call) {
        try {
            return JSON.createObjectNode().set("ok", JSON.valueToTree(call.get()));
        } catch (PyException e) {
            return JSON.createObjectNode().put("error", e.pythonType()).put("message", e.pythonMessage());
        }
    }

    /** A double from 16 hex digits of its IEEE-754 bits. */
    static double fromBits(String hex) {
        return Double.longBitsToDouble(Long.parseUnsignedLong(hex, 16));
    }

    /** 16 hex digits of a double's IEEE-754 bits. */
    static String bits(double x) {
        return String.format("%016x", Double.doubleToRawLongBits(x));
    }

    /** A double with its repr and bits, for messages. */
    static String show(double x) {
        return PyRepr.repr(x) + " [" + bits(x) + "]";
    }

    /** A string shown with Python's repr and its code points, for messages. */
    static String show(String s) {
        StringBuilder cps = new StringBuilder();
        s.codePoints().limit(40).forEach(cp -> cps.append(cps.length() == 0 ? "" : " ").append(String.format("%04X", cp)));
        return PyRepr.repr(s) + " (code points " + cps + (s.codePointCount(0, s.length()) > 40 ? " ..." : "") + ")";
    }

    /**
     * UTF-8 of each code point, lone surrogates included (Python's
     * encode("utf-8", "surrogatepass")).
     */
    static byte[] utf8SurrogatePass(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() * 3);
        s.codePoints().forEach(cp -> PyUtf8.write(cp, out));
        return out.toByteArray();
    }

    static String sha256(byte[] data) {
        try {
            StringBuilder hex = new StringBuilder();
            for (byte b : MessageDigest.getInstance("SHA-256").digest(data)) {
                hex.append(String.format("%02x", b & 0xFF));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Collects mismatches and fails with the first few of them. */
    static final class Mismatches {
        private final String what;
        private final List<String> first = new ArrayList<>();
        private int count;
        private int checked;

        Mismatches(String what) {
            this.what = what;
        }

        void check(boolean ok, java.util.function.Supplier<String> describe) {
            checked++;
            if (!ok) {
                count++;
                if (first.size() < 20) {
                    first.add(describe.get());
                }
            }
        }

        int checked() {
            return checked;
        }

        /** Fails unless there was no mismatch and at least {@code minChecked} cases. */
        void assertNone(int minChecked) {
            if (count > 0) {
                throw new AssertionError(what + ": " + count + " of " + checked
                        + " cases differ from python3; first ones:\n  " + String.join("\n  ", first));
            }
            if (checked < minChecked) {
                throw new AssertionError(what + ": only " + checked + " cases checked, expected at least "
                        + minChecked + " (vector file truncated?)");
            }
        }
    }
}
