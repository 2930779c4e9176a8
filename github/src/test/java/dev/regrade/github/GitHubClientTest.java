package dev.regrade.github;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a WireMock GitHub on 127.0.0.1: paths, headers, bodies, pages, errors. */
class GitHubClientTest {
    private static final String TOKEN = "ghp_secretTOKEN123";
    private static final Repo REPO = new Repo("octo-org", "Mind2Web-2");
    private static final String COMMENTS = "/repos/octo-org/Mind2Web-2/issues/7/comments";
    private WireMockServer server;
    private GitHubClient github;

    @BeforeEach
    void start() {
        server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        github = new GitHubClient("http://127.0.0.1:" + server.port() + "/", TOKEN);
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    static String page(int from, int count, String markedBody) {
        List<String> items = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            String body = i == from + count - 1 && markedBody != null ? markedBody : "comment " + i;
            items.add("{\"id\":" + i + ",\"body\":\"" + body + "\",\"html_url\":\"https://github.com/c/" + i + "\"}");
        }
        return "[" + String.join(",", items) + "]";
    }

    @Test
    void listsEveryPageUntilAShortOneWithGitHubsHeaders() {
        server.stubFor(get(urlEqualTo(COMMENTS + "?per_page=100&page=1")).willReturn(okJson(page(1, 100, null))));
        server.stubFor(get(urlEqualTo(COMMENTS + "?per_page=100&page=2")).willReturn(okJson(page(101, 3, null))));
        List<IssueComment> all = github.comments(REPO, 7);
        assertEquals(103, all.size());
        assertEquals(new IssueComment(103, "comment 103", "https://github.com/c/103"), all.get(102));
        server.verify(2, getRequestedFor(urlPathEqualTo(COMMENTS))
                .withHeader("Authorization", equalTo("Bearer " + TOKEN))
                .withHeader("Accept", equalTo("application/vnd.github+json"))
                .withHeader("X-GitHub-Api-Version", equalTo("2022-11-28"))
                .withHeader("User-Agent", equalTo("regrade")));
    }

    @Test
    void findStopsAtTheFirstMatch() {
        server.stubFor(get(urlEqualTo(COMMENTS + "?per_page=100&page=1")).willReturn(okJson(page(1, 100, "<!-- m -->\\nold"))));
        IssueComment found = github.findComment(REPO, 7, c -> c.body().startsWith("<!-- m -->"));
        assertEquals(100, found.id());
        assertEquals("<!-- m -->\nold", found.body());
        server.verify(1, getRequestedFor(urlPathEqualTo(COMMENTS)));
        server.stubFor(get(urlEqualTo("/repos/octo-org/Mind2Web-2/issues/8/comments?per_page=100&page=1")).willReturn(okJson("[]")));
        assertNull(github.findComment(REPO, 8, c -> true), "no comment at all");
    }

    @Test
    void createsAndUpdatesWithTheBodyAsJson() {
        server.stubFor(post(urlEqualTo(COMMENTS)).willReturn(aResponse().withStatus(201)
                .withBody("{\"id\":5,\"body\":\"x\",\"html_url\":\"https://github.com/o/r/pull/7#issuecomment-5\"}")));
        server.stubFor(patch(urlEqualTo("/repos/octo-org/Mind2Web-2/issues/comments/5")).willReturn(
                okJson("{\"id\":5,\"body\":\"y\",\"html_url\":\"https://github.com/o/r/pull/7#issuecomment-5\"}")));
        assertEquals(5, github.create(REPO, 7, "line \"1\"\nline 2").id());
        assertEquals("y", github.update(REPO, 5, "y").body());
        server.verify(postRequestedFor(urlEqualTo(COMMENTS)).withRequestBody(equalToJson("{\"body\":\"line \\\"1\\\"\\nline 2\"}"))
                .withHeader("Authorization", equalTo("Bearer " + TOKEN)));
        server.verify(patchRequestedFor(urlEqualTo("/repos/octo-org/Mind2Web-2/issues/comments/5"))
                .withRequestBody(equalToJson("{\"body\":\"y\"}")).withHeader("X-GitHub-Api-Version", equalTo("2022-11-28")));
    }

    @Test
    void refusalsSayWhatTheyMeanAndNeverHoldTheToken() {
        server.stubFor(post(urlEqualTo(COMMENTS)).willReturn(aResponse().withStatus(403)
                .withBody("{\"message\":\"Resource not accessible by integration\"}")));
        GitHubException e = assertThrows(GitHubException.class, () -> github.create(REPO, 7, "x"));
        assertEquals(403, e.status());
        assertTrue(e.refused());
        assertTrue(e.getMessage().contains("pull-requests: write") && e.getMessage().contains("Resource not accessible"),
                e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN));
        server.verify(1, postRequestedFor(urlEqualTo(COMMENTS))); // a 4xx is not retried

        server.stubFor(post(urlEqualTo(COMMENTS)).willReturn(aResponse().withStatus(422)
                .withBody("{\"message\":\"Validation Failed\",\"errors\":[{\"resource\":\"IssueComment\","
                        + "\"code\":\"custom\",\"message\":\"body is too long\"}]}")));
        e = assertThrows(GitHubException.class, () -> github.create(REPO, 7, "x"));
        assertEquals("GitHub answered 422 to POST " + COMMENTS + ": GitHub's validation failed (GitHub: Validation Failed; "
                + "body is too long)", e.getMessage());

        server.stubFor(get(urlEqualTo(COMMENTS + "?per_page=100&page=1")).willReturn(aResponse().withStatus(404)
                .withBody("{\"message\":\"Not Found\"}")));
        e = assertThrows(GitHubException.class, () -> github.comments(REPO, 7));
        assertTrue(e.getMessage().contains("repository octo-org/Mind2Web-2 or its pull request #7 was not found"),
                e.getMessage());
    }

    @Test
    void aServerErrorIsTriedOnceMoreThenReported() {
        server.stubFor(post(urlEqualTo(COMMENTS)).willReturn(aResponse().withStatus(502).withBody("<html>bad gateway</html>")));
        GitHubException e = assertThrows(GitHubException.class, () -> github.create(REPO, 7, "x"));
        assertEquals(502, e.status());
        assertFalse(e.refused());
        assertEquals("GitHub answered 502 to POST " + COMMENTS + ": GitHub failed (a server error)", e.getMessage());
        server.verify(2, postRequestedFor(urlEqualTo(COMMENTS)));
    }

    @Test
    void anUnreachableServerIsStatusZeroWithoutTheToken() {
        int port = server.port();
        server.stop();
        GitHubClient gone = new GitHubClient("http://127.0.0.1:" + port, TOKEN);
        GitHubException e = assertThrows(GitHubException.class, () -> gone.create(REPO, 7, "x"));
        assertEquals(0, e.status());
        assertTrue(e.getMessage().startsWith("could not reach GitHub at http://127.0.0.1:" + port), e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN));
        assertFalse(gone.toString().contains(TOKEN));
    }

    @Test
    void repositoriesAreOwnerSlashName() {
        assertEquals(REPO, Repo.parse("octo-org/Mind2Web-2"));
        for (String bad : List.of("octo-org", "a/b/c", "https://github.com/a/b", "/b", "a/", "a b/c", "a/..")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Repo.parse(bad), bad);
            assertTrue(e.getMessage().contains("is not OWNER/NAME"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new GitHubClient("api.github.com", TOKEN));
    }
}
