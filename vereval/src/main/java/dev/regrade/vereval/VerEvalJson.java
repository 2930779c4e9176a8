package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyJsonDecodeError;
import dev.regrade.pycompat.PyValueError;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The upstream's JSON conventions on Python's json module ({@link PyJson}): every {@code json.dumps}
 * passes {@code allow_nan=False}; results, requests and files keep non-ASCII text, what is printed
 * escapes it; {@code digest} hashes the sorted-key text; a reply or file that is not JSON is a
 * ValueError.
 */
final class VerEvalJson {
    static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** {@code json.dumps(v, ensure_ascii=False, allow_nan=False)}: result lines, judge requests and inputs. */
    static final PyJson.Format TEXT = PyJson.DUMPS.ensureAscii(false).allowNan(false);
    /** {@code json.dumps(v, indent=2, ensure_ascii=False, allow_nan=False)}: the files written. */
    static final PyJson.Format FILE = TEXT.indent(2);
    /** {@code json.dumps(v, indent=2, allow_nan=False)}: what is printed. */
    static final PyJson.Format PRINTED = PyJson.DUMPS.indent(2).allowNan(false);
    private static final PyJson.Format DIGEST = TEXT.sortKeys(true);

    private VerEvalJson() {
    }

    /**
     * {@code json.loads(text)}; a text that is not JSON is a ValueError "Invalid JSON: " with the parser's
     * first line (Python's own message where the text is empty or white space).
     */
    static JsonNode loads(String text) {
        try {
            return PyJson.loads(text);
        } catch (PyJsonDecodeError e) {
            if (text.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
                throw new PyValueError(e.getMessage()); // nothing to read: Python's own message
            }
            String m = e.getMessage();
            int nl = m.indexOf('\n');
            throw new PyValueError("Invalid JSON: " + (nl >= 0 ? m.substring(0, nl) : m));
        }
    }

    /** The upstream {@code digest}: SHA-256 hex of the sorted-key, non-ASCII-kept, NaN-refusing JSON. */
    static String digest(JsonNode v) {
        MessageDigest md = sha256();
        // Streamed into the digest as UTF-8: the text of a whole benchmark at 100x would take ~200 MB.
        try (Writer w = new BufferedWriter(new OutputStreamWriter(
                new DigestOutputStream(OutputStream.nullOutputStream(), md), StandardCharsets.UTF_8), 64 * 1024)) {
            PyJson.dump(v, DIGEST, 0, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // no I/O happens: the bytes go to the digest only
        }
        return hex(md.digest());
    }

    static String sha256Hex(byte[] bytes) {
        return hex(sha256().digest(bytes));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] h) {
        StringBuilder s = new StringBuilder(64);
        for (byte b : h) {
            s.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return s.toString();
    }
}
