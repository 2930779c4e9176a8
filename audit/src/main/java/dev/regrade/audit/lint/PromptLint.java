package dev.regrade.audit.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds Python's stand-ins for a missing value interpolated into a judge claim: {@code None}
 * (quoted, or standing where a value goes), {@code []}, {@code {}}, {@code N/A}. The judge then
 * rules on a claim about "None" rather than on an answer's content.
 */
public final class PromptLint {
    /** One suspicious token in a claim. */
    public record Finding(String token, int offset) {
    }

    private static final Pattern MISSING = Pattern.compile(
            "'None'|\"None\"|(?<=[\\s:=(])None(?=[\\s.,;:)!?]|$)|\\[\\]|\\{\\}|\\bN/A\\b");

    private PromptLint() {
    }

    /** Every finding in a claim, in order. A sentence starting with "None of" is not a finding. */
    public static List<Finding> check(String claim) {
        List<Finding> out = new ArrayList<>();
        if (claim == null) {
            return out;
        }
        Matcher m = MISSING.matcher(claim);
        while (m.find()) {
            String token = m.group();
            if (token.equals("None") && claim.startsWith("None of", m.start())) {
                continue;
            }
            out.add(new Finding(token, m.start()));
        }
        return out;
    }
}
