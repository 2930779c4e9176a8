package dev.regrade.rubric.port;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SHA-256 of a prompt's UTF-8 bytes, computed once per prompt text: the engine's journal, the
 * {@code hash} verdict rule (once per vote) and the fake judge all ask for it, and an audit sends
 * the same prompts under both variants. Thread-safe; a pure function of the text.
 */
public final class PromptDigest {
    /** Digests kept; the cache is emptied when full (prompts are a few kilobytes each). */
    private static final int KEPT = 2048;
    private static final Map<String, byte[]> DIGESTS = new ConcurrentHashMap<>();
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private PromptDigest() {
    }

    /** The digest bytes (a copy). */
    public static byte[] sha256(String text) {
        return digest(text).clone();
    }

    /** The lower-case hex digest. */
    public static String sha256Hex(String text) {
        return HexFormat.of().formatHex(digest(text));
    }

    /** The digest's last bit (the {@code hash} rule's verdict). */
    static boolean lowBit(String text) {
        byte[] d = digest(text);
        return (d[d.length - 1] & 1) == 1;
    }

    private static byte[] digest(String text) {
        byte[] d = DIGESTS.get(text);
        if (d == null) {
            MessageDigest md = SHA256.get();
            md.reset();
            d = md.digest(text.getBytes(StandardCharsets.UTF_8));
            if (DIGESTS.size() >= KEPT) {
                DIGESTS.clear();
            }
            DIGESTS.put(text, d);
        }
        return d;
    }
}
