package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyTypeError;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.util.regex.Pattern;

/** The upstream {@code parse_judgment}: every judge reply is validated, nothing is clamped. */
public final class Judgments {
    /** Python {@code re.sub(r"^```(?:json)?\s*|\s*```$", "", text)} (Unicode {@code \s}). */
    private static final Pattern FENCE = Pattern.compile("(?U)^```(?:json)?\\s*|\\s*```$");

    /** One validated judgment: the score (finite, in [0,1]) and the reason as the judge wrote it. */
    public record Judgment(double score, String reason) {
    }

    private Judgments() {
    }

    /**
     * Parses a reply {@code {"score": number or numeric string in [0,1], "reason": non-empty string}},
     * optionally inside a {@code ```} / {@code ```json} fence.
     *
     * @param raw the reply text (null for a reply without text)
     * @throws PyValueError / PyTypeError / PyKeyError for a reply that must be retried, as Python raises them
     * @throws PyException  {@code OverflowError} for an integer score too large for a float, which Python
     *                      does not retry (it escapes the retry loop and fails the sample)
     */
    public static Judgment parse(String raw) {
        if (raw == null) {
            throw new PyValueError("No text response from judge");
        }
        String text = PyWhitespace.strip(raw);
        if (text.startsWith("```")) {
            text = FENCE.matcher(text).replaceAll("");
        }
        JsonNode result = VerEvalJson.loads(text);
        if (!result.isObject() || (result.has("score") && result.get("score").isBoolean())) {
            throw new PyValueError("Judge must return an object with numeric score and reason");
        }
        if (!result.has("score")) {
            throw PyKeyError.forKey("score");
        }
        double score = PyJsonValue.toFloat(result.get("score"));
        if (!Double.isFinite(score) || !(0 <= score && score <= 1)) {
            throw new PyValueError("Score must be finite and in [0,1]");
        }
        JsonNode reason = result.get("reason");
        if (reason == null || !reason.isTextual() || PyWhitespace.strip(reason.textValue()).isEmpty()) {
            throw new PyValueError("Missing nonempty scoring reason");
        }
        return new Judgment(score, reason.textValue());
    }
}
