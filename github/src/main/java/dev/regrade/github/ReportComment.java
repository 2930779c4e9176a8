package dev.regrade.github;

import java.util.regex.Pattern;

/**
 * The audit's report as one pull-request comment kept up to date: its body starts with a hidden marker line,
 * and posting again replaces the comment that has the marker instead of adding another.
 */
public final class ReportComment {
    /** GitHub refuses a longer comment body (422, "body is too long"). */
    public static final int MAX_BODY = 65_536;
    // The marker is an HTML comment: its text may not end it early or span lines.
    private static final Pattern MARKER_TEXT = Pattern.compile("[A-Za-z0-9._:/ +=@#-]{1,100}");

    /** What was done: a new comment, or an earlier one updated. */
    public record Outcome(boolean updated, IssueComment comment) {
        /** {@code created comment ID: URL} or {@code updated comment ID: URL}. */
        public String line() {
            return (updated ? "updated" : "created") + " comment " + comment.id() + ": " + comment.htmlUrl();
        }
    }

    private ReportComment() {
    }

    /** {@code <!-- regrade-report -->}, or {@code <!-- regrade-report:TEXT -->} with a marker text. */
    public static String marker(String text) {
        if (text == null) {
            return "<!-- regrade-report -->";
        }
        if (!MARKER_TEXT.matcher(text).matches() || text.contains("--")) {
            throw new IllegalArgumentException("'" + text + "' cannot be a marker: 1 to 100 letters, digits, spaces "
                    + "and . _ : / + = @ # -, without '--'");
        }
        return "<!-- regrade-report:" + text + " -->";
    }

    /** The marker line, then the report. */
    public static String body(String marker, String report) {
        return marker + "\n" + report;
    }

    /** The body's length as GitHub counts it, in characters (code points). */
    public static int length(String body) {
        return body.codePointCount(0, body.length());
    }

    /** Updates the first comment whose body starts with the body's marker line, or creates one. */
    public static Outcome post(GitHubClient github, Repo repo, int pr, String marker, String body) {
        if (length(body) > MAX_BODY) {
            throw new IllegalArgumentException("the comment would be " + length(body) + " characters; GitHub takes at most "
                    + MAX_BODY);
        }
        IssueComment earlier = github.findComment(repo, pr, c -> c.body().startsWith(marker));
        return earlier == null ? new Outcome(false, github.create(repo, pr, body))
                : new Outcome(true, github.update(repo, earlier.id(), body));
    }
}
