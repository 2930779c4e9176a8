package dev.regrade.judge.record;

import dev.regrade.judge.Wire;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a recorded exchange is found by: the digest of the request body and, for Regrade's own
 * client, the vote number. No other header counts (neither the API key nor the client's name).
 *
 * <p>The vote counts because the votes of a majority vote send the same body, and a real judge may
 * answer them differently: each vote has an answer of its own. A client that sends no
 * {@value Wire#VOTE} header (a foreign one) gets one answer per distinct body, repeats included,
 * as from promptfoo's cache.
 *
 * @param bodySha256 lower-case hex SHA-256 of the UTF-8 bytes of the body's {@link CanonicalJson canonical JSON}
 * @param vote       the {@value Wire#VOTE} header (1, 2, 3), or null when the request had none
 */
record RequestKey(String bodySha256, Integer vote) {
    private static final Pattern FILE_NAME = Pattern.compile("([0-9a-f]{64})(?:-vote([1-9][0-9]{0,8}))?\\.json");

    /** A request the key cannot be taken of: the body is not a JSON object, or the vote header not a number. */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    RequestKey {
        Objects.requireNonNull(bodySha256, "bodySha256");
        if (vote != null && vote < 1) {
            throw new IllegalArgumentException("a vote number starts at 1, got " + vote);
        }
    }

    /** The key of a request with this body and this {@value Wire#VOTE} header (null: none). */
    static RequestKey of(byte[] body, String voteHeader) throws Unreadable {
        String canonical;
        try {
            canonical = CanonicalJson.of(body);
        } catch (IOException e) {
            throw new Unreadable("the request body is not JSON");
        }
        if (!canonical.startsWith("{")) {
            throw new Unreadable("the request body is not a JSON object");
        }
        Integer vote = null;
        if (voteHeader != null) {
            try {
                vote = Integer.valueOf(voteHeader.trim());
            } catch (NumberFormatException e) {
                vote = -1;
            }
            if (vote < 1) {
                throw new Unreadable(Wire.VOTE + " must be a vote number (1, 2, ...), got '" + voteHeader + "'");
            }
        }
        return new RequestKey(sha256(canonical), vote);
    }

    // Not PromptDigest: its cache suits prompts, not whole bodies with their screenshots.
    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key a file of this name holds, or null when the name is not an exchange's. */
    static RequestKey ofFileName(String name) {
        Matcher m = FILE_NAME.matcher(name);
        if (!m.matches()) {
            return null;
        }
        return new RequestKey(m.group(1), m.group(2) == null ? null : Integer.valueOf(m.group(2)));
    }

    /** {@code SHA256.json}, or {@code SHA256-voteN.json} with a vote. */
    String fileName() {
        return bodySha256 + (vote == null ? "" : "-vote" + vote) + ".json";
    }

    /** {@code request body sha256 HEX} and, with a vote, {@code , vote N}: how messages name the request. */
    String describe() {
        return "request body sha256 " + bodySha256 + (vote == null ? "" : ", vote " + vote);
    }
}
