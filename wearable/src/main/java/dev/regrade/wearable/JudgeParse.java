package dev.regrade.wearable;

import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyAttributeError;
import dev.regrade.pycompat.PyFloat;
import dev.regrade.pycompat.PyRe;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code _parse_judge_score}: the released parser and the fixed {@code _parse_judge_score_detailed}. */
public final class JudgeParse {
    private static final String D = PyRe.DIGIT;
    private static final Pattern DECIMAL_COMMA = Pattern.compile("(?<=" + D + "),(?=" + D + ")");
    private static final String NUMBER = "(" + D + "*\\." + D + "+|" + D + "+\\.?)";
    private static final Pattern NUMBER_RE = Pattern.compile(NUMBER);
    private static final Pattern LABELLED_RE = Pattern.compile("score" + PyRe.SPACE + "*[:=]" + PyRe.SPACE + "*\\**"
            + PyRe.SPACE + "*" + NUMBER, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A parse: the score, and (fixed only) whether the reply held a usable score. */
    public record Parsed(double score, boolean parsed) {
    }

    private JudgeParse() {
    }

    /** The threshold mapping, unchanged by the fix: >= 0.75 -> 1.0, >= 0.25 -> 0.5, else 0.0. */
    static double threshold(double v) {
        return v >= 0.75 ? 1.0 : v >= 0.25 ? 0.5 : 0.0;
    }

    /**
     * RELEASED: strip, strip '.' from both ends of the whole reply (".5" becomes "5"), then the first
     * white-space token that Python's float() accepts (after stripping ".,;:") wins, with no upper bound;
     * no number gives 0.0. A null reply raises AttributeError, as {@code None.strip()} does.
     */
    public static double released(String text) {
        if (text == null) {
            throw new PyAttributeError("'NoneType' object has no attribute 'strip'");
        }
        String t = PyStr.strip(PyWhitespace.strip(text), ".");
        for (String token : PyWhitespace.split(t)) {
            token = PyStr.strip(token, ".,;:");
            double val;
            try {
                val = PyFloat.parse(token);
            } catch (PyValueError e) {
                continue;
            }
            return threshold(val);
        }
        return 0.0;
    }

    /**
     * FIXED {@code _parse_judge_score_detailed}: decimal commas become points; a labelled
     * {@code Score: x} (first one only) wins when in [0, 1]; else the first number in [0, 1]; else (0.0, false).
     */
    public static Parsed fixed(String text) {
        if (text == null || PyWhitespace.strip(text).isEmpty()) {
            return new Parsed(0.0, false);
        }
        String cleaned = DECIMAL_COMMA.matcher(text).replaceAll(".");
        Matcher m = LABELLED_RE.matcher(cleaned);
        if (m.find()) {
            Double v = toScore(m.group(1));
            if (v != null) {
                return new Parsed(v, true);
            }
        }
        m = NUMBER_RE.matcher(cleaned);
        while (m.find()) {
            Double v = toScore(m.group(1));
            if (v != null) {
                return new Parsed(v, true);
            }
        }
        return new Parsed(0.0, false);
    }

    /** {@code _to_judge_score}. */
    private static Double toScore(String token) {
        double val;
        try {
            val = PyFloat.parse(token);
        } catch (PyValueError e) {
            return null;
        }
        if (!(0.0 <= val && val <= 1.0)) {
            return null;
        }
        return threshold(val);
    }

    /** The score the variant's {@code _parse_judge_score} returns. */
    public static double parse(Variant variant, String text) {
        // FIXES.md §B.3 (judge-reply parsing)
        return variant.isReleased() ? released(text) : fixed(text).score();
    }
}
