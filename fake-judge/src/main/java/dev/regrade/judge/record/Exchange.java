package dev.regrade.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;
import java.io.IOException;
import java.util.Objects;

/**
 * One recorded request and the upstream's answer, as one file of a {@link Recording}:
 * <pre>{@code
 * {
 *   "request_sha256" : "<the key's digest>",
 *   "vote" : 2,                    (null when the request had no X-Regrade-Vote header)
 *   "request" : { ...the body as received, for people to read; the file name is the key... },
 *   "response" : { "status" : 200, "body" : "<the upstream's body, the exact text replayed>" }
 * }
 * }</pre>
 *
 * @param key     what the exchange is found by
 * @param request the request body
 * @param status  the upstream's HTTP status, always 2xx (failures are never recorded)
 * @param body    the upstream's body text, replayed byte for byte (as UTF-8)
 */
record Exchange(RequestKey key, JsonNode request, int status, String body) {
    Exchange {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(request, "request");
        if (status < 200 || status > 299) {
            throw new IllegalArgumentException("only a 2xx answer is recorded, got " + status);
        }
        Objects.requireNonNull(body, "body");
    }

    /** A file that is not a whole exchange of the name it has. */
    static final class Damaged extends Exception {
        private static final long serialVersionUID = 1L;

        Damaged(String message) {
            super(message);
        }
    }

    byte[] toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("request_sha256", key.bodySha256());
        if (key.vote() == null) {
            o.putNull("vote");
        } else {
            o.put("vote", key.vote());
        }
        o.set("request", request);
        o.putObject("response").put("status", status).put("body", body);
        try {
            return Wire.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The exchange in a file's bytes, which must agree with the key its name gives. */
    static Exchange fromJson(RequestKey key, byte[] json) throws Damaged {
        JsonNode o;
        try {
            o = Wire.MAPPER.readTree(json);
        } catch (IOException e) {
            o = null;
        }
        if (o == null || !o.isObject()) {
            throw new Damaged("not a JSON object");
        }
        if (!key.bodySha256().equals(o.path("request_sha256").asText(null))) {
            throw new Damaged("its request_sha256 is not its name's");
        }
        JsonNode vote = o.path("vote");
        boolean voteAgrees = key.vote() == null ? vote.isNull() : vote.isInt() && vote.intValue() == key.vote();
        if (!voteAgrees) {
            throw new Damaged("its vote is not its name's");
        }
        JsonNode response = o.path("response");
        JsonNode status = response.path("status");
        if (!o.path("request").isObject() || !status.isInt() || status.intValue() < 200 || status.intValue() > 299
                || !response.path("body").isTextual()) {
            throw new Damaged("it lacks the request, a 2xx response status or the response body");
        }
        return new Exchange(key, o.get("request"), status.intValue(), response.get("body").asText());
    }
}
