package dev.regrade.github;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The issue-comment endpoints of GitHub's REST API (a pull request is an issue to them): list, create, update.
 *
 * <p>The token goes into the {@code Authorization} header only: no message, exception or {@link #toString()}
 * holds it. A 5xx answer or a failed connection is tried once more; a 4xx is a {@link GitHubException} at once.
 */
public final class GitHubClient {
    public static final String DEFAULT_API_URL = "https://api.github.com";
    /** The page size GitHub allows at most: a shorter page is the last. */
    static final int PER_PAGE = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String token;
    private final HttpClient http;

    /**
     * @param apiUrl the API's base URL ({@link #DEFAULT_API_URL}, or a GitHub Enterprise server's, or a test's)
     * @param token  sent as {@code Authorization: Bearer}; never shown
     */
    public GitHubClient(String apiUrl, String token) {
        this.base = baseUri(apiUrl);
        this.token = Objects.requireNonNull(token, "token");
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    }

    private static URI baseUri(String apiUrl) {
        String url = apiUrl.endsWith("/") ? apiUrl.substring(0, apiUrl.length() - 1) : apiUrl;
        try {
            URI uri = URI.create(url);
            if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("the API URL '" + apiUrl + "' is not an http(s) URL");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the API URL '" + apiUrl + "' is not an http(s) URL");
        }
    }

    /** Every comment of issue or PR {@code number}, oldest first, page by page until a short page. */
    public List<IssueComment> comments(Repo repo, int number) {
        return findComments(repo, number, c -> false).all();
    }

    /**
     * The first comment (oldest first) that {@code wanted} accepts, reading only as many pages as it takes;
     * null when none does.
     */
    public IssueComment findComment(Repo repo, int number, Predicate<IssueComment> wanted) {
        return findComments(repo, number, wanted).found();
    }

    private record Search(List<IssueComment> all, IssueComment found) {
    }

    private Search findComments(Repo repo, int number, Predicate<IssueComment> wanted) {
        List<IssueComment> all = new ArrayList<>();
        for (int page = 1; ; page++) {
            String path = issuePath(repo, number) + "/comments?per_page=" + PER_PAGE + "&page=" + page;
            JsonNode list = send("GET", path, null, Target.issue(repo, number));
            if (!list.isArray()) {
                throw new GitHubException(0, "GitHub answered GET " + path + " with something other than a list");
            }
            for (JsonNode c : list) {
                IssueComment comment = comment(c);
                if (wanted.test(comment)) {
                    return new Search(all, comment);
                }
                all.add(comment);
            }
            if (list.size() < PER_PAGE) {
                return new Search(all, null);
            }
        }
    }

    /** Adds a comment to issue or PR {@code number}. */
    public IssueComment create(Repo repo, int number, String body) {
        return comment(send("POST", issuePath(repo, number) + "/comments", body(body), Target.issue(repo, number)));
    }

    /** Replaces the body of comment {@code id}. */
    public IssueComment update(Repo repo, long id, String body) {
        return comment(send("PATCH", "/repos/" + repo + "/issues/comments/" + id, body(body), Target.comment(repo, id)));
    }

    private static String issuePath(Repo repo, int number) {
        return "/repos/" + repo + "/issues/" + number;
    }

    private static String body(String body) {
        ObjectNode o = JSON.createObjectNode();
        o.put("body", body);
        return o.toString();
    }

    private static IssueComment comment(JsonNode c) {
        if (!c.path("id").canConvertToLong()) {
            throw new GitHubException(0, "GitHub answered with a comment without an id: " + abbreviate(c.toString()));
        }
        return new IssueComment(c.path("id").asLong(), c.path("body").asText(""), c.path("html_url").asText(""));
    }

    /** What a request is about, for the message of a 404. */
    private record Target(String what) {
        static Target issue(Repo repo, int number) {
            return new Target("repository " + repo + " or its pull request #" + number);
        }

        static Target comment(Repo repo, long id) {
            return new Target("comment " + id + " of repository " + repo);
        }
    }

    private JsonNode send(String method, String path, String json, Target target) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/vnd.github+json")
                .header("X-GitHub-Api-Version", "2022-11-28")
                .header("User-Agent", "regrade")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (json != null) {
            request.header("Content-Type", "application/json; charset=utf-8");
        }
        String what = method + " " + path.replaceFirst("\\?.*", "");
        GitHubException last = null;
        for (int attempt = 1; attempt <= 2; attempt++) { // a 5xx or a dropped connection is often passing
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // The exception's text is the JDK's (host, port, cause), never a header.
                last = new GitHubException(0, "could not reach GitHub at " + base + " (" + what + "): "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GitHubException(0, "interrupted during " + what);
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                try {
                    return JSON.readTree(response.body());
                } catch (IOException e) {
                    throw new GitHubException(status, "GitHub answered " + what + " with a body that is not JSON: "
                            + abbreviate(response.body()));
                }
            }
            last = new GitHubException(status, explain(status, what, target, githubMessage(response.body())));
            if (status < 500) {
                throw last;
            }
        }
        throw last;
    }

    /** One line: the status, what it means for this request, GitHub's message. */
    private static String explain(int status, String what, Target target, String message) {
        String meaning = switch (status) {
            case 401 -> "the token is not valid (expired, revoked or mistyped)";
            case 403 -> "the token may not write comments here: in a workflow give the job 'permissions: "
                    + "pull-requests: write' (or 'issues: write'); a fine-grained token needs the same "
                    + "permission on this repository; a pull request from a fork gets a read-only token";
            case 404 -> target.what() + " was not found (or the token cannot see it)";
            case 410 -> "issues are disabled on this repository";
            case 422 -> "GitHub's validation failed";
            case 429 -> "rate limited";
            default -> status >= 500 ? "GitHub failed (a server error)" : "refused";
        };
        return "GitHub answered " + status + " to " + what + ": " + meaning
                + (message == null || message.isEmpty() ? "" : " (GitHub: " + message + ")");
    }

    /** GitHub's {@code message} field and its validation errors' messages, on one line; null when it has none. */
    private static String githubMessage(String body) {
        try {
            JsonNode error = JSON.readTree(body);
            if (error == null || !error.isObject()) {
                return null;
            }
            StringBuilder out = new StringBuilder(error.path("message").asText(""));
            for (JsonNode e : error.path("errors")) {
                String m = e.isTextual() ? e.asText() : e.path("message").asText(e.path("code").asText(""));
                if (!m.isEmpty()) {
                    out.append(out.length() == 0 ? "" : "; ").append(m);
                }
            }
            return abbreviate(out.toString());
        } catch (IOException e) {
            return null;
        }
    }

    private static String abbreviate(String s) {
        String line = s.replaceAll("\\s+", " ").strip();
        return line.length() <= 300 ? line : line.substring(0, 300) + "…";
    }

    @Override
    public String toString() {
        return "GitHubClient[" + base + "]";
    }
}
