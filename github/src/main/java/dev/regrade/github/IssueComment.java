package dev.regrade.github;

/** One comment of an issue or pull request, as GitHub returns it (the fields Regrade reads). */
public record IssueComment(long id, String body, String htmlUrl) {
}
