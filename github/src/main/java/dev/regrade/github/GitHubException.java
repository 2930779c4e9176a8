package dev.regrade.github;

/**
 * A request GitHub refused or could not answer. The message is one line for people: the HTTP status, what
 * it means for this request, and GitHub's own {@code message}; it never holds the token.
 */
public final class GitHubException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The HTTP status, or 0 when GitHub could not be reached at all. */
    private final int status;

    public GitHubException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** A refusal of this request (4xx): retrying the same request cannot help; the caller's input must change. */
    public boolean refused() {
        return status >= 400 && status < 500;
    }
}
