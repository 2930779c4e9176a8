package dev.regrade.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
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
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regrade comment} end to end against a WireMock GitHub on 127.0.0.1. */
class CommentCommandTest {
    private static final String TOKEN = "ghs_TOPsecretTokenValue42";
    private static final String LIST = "/repos/octo-org/Mind2Web-2/issues/42/comments";
    private static final String MARKER = "<!-- regrade-report -->";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    private WireMockServer github;
    private Path report;

    @BeforeEach
    void start() throws IOException {
        github = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        github.start();
        // As Actions sets them; GITHUB_API_URL points at the WireMock GitHub.
        Map<String, String> env = Map.of("GITHUB_TOKEN", TOKEN, "GITHUB_API_URL", "http://127.0.0.1:" + github.port());
        CommentCommand.environment = env::get;
        report = Files.writeString(tmp.resolve("report.md"), "## Regrade audit: 0 unexpected changes\n\n| a | b |\n",
                StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() {
        github.stop();
        CommentCommand.environment = System::getenv;
    }

    private CliRun comment(String... extra) {
        List<String> args = new ArrayList<>(List.of("comment", "--repo", "octo-org/Mind2Web-2", "--pr", "42",
                "--file", report.toString()));
        args.addAll(List.of(extra));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertFalse(run.out().contains(TOKEN) || run.err().contains(TOKEN), "the token is printed:\n" + run.out() + run.err());
        return run;
    }

    private static String page(int from, int count, String lastBody) throws IOException {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            String body = i == from + count - 1 && lastBody != null ? lastBody : "looks good " + i;
            items.add(Map.of("id", i, "body", body, "html_url", "https://github.com/octo-org/Mind2Web-2/pull/42#issuecomment-" + i));
        }
        return JSON.writeValueAsString(items);
    }

    private static RequestPatternBuilder withGitHubHeaders(RequestPatternBuilder r) {
        return r.withHeader("Authorization", equalTo("Bearer " + TOKEN))
                .withHeader("Accept", equalTo("application/vnd.github+json"))
                .withHeader("X-GitHub-Api-Version", equalTo("2022-11-28"))
                .withHeader("User-Agent", equalTo("regrade"));
    }

    private String expectedBody(String marker) throws IOException {
        return JSON.writeValueAsString(Map.of("body", marker + "\n" + Files.readString(report)));
    }

    @Test
    void createsTheCommentWhenNoneIsMarked() throws IOException {
        // Another comment mentions the marker but does not start with it: not Regrade's.
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1"))
                .willReturn(okJson(page(1, 2, "quoting " + MARKER + " here"))));
        github.stubFor(post(urlEqualTo(LIST)).willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("{\"id\":900,\"body\":\"x\",\"html_url\":\"https://github.com/octo-org/Mind2Web-2/pull/42#issuecomment-900\"}")));
        CliRun run = comment();
        assertEquals(0, run.status(), run.err());
        assertEquals("created comment 900: https://github.com/octo-org/Mind2Web-2/pull/42#issuecomment-900\n", run.out());
        github.verify(1, withGitHubHeaders(getRequestedFor(urlEqualTo(LIST + "?per_page=100&page=1"))));
        github.verify(1, withGitHubHeaders(postRequestedFor(urlEqualTo(LIST)))
                .withRequestBody(equalToJson(expectedBody(MARKER))));
        github.verify(0, patchRequestedFor(anyUrl()));
    }

    @Test
    void updatesTheMarkedCommentFoundOnPageTwo() throws IOException {
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1")).willReturn(okJson(page(1, 100, null))));
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=2"))
                .willReturn(okJson(page(101, 5, MARKER + "\n## the previous push's report"))));
        github.stubFor(patch(urlEqualTo("/repos/octo-org/Mind2Web-2/issues/comments/105")).willReturn(okJson(
                "{\"id\":105,\"body\":\"x\",\"html_url\":\"https://github.com/octo-org/Mind2Web-2/pull/42#issuecomment-105\"}")));
        CliRun run = comment();
        assertEquals(0, run.status(), run.err());
        assertEquals("updated comment 105: https://github.com/octo-org/Mind2Web-2/pull/42#issuecomment-105\n", run.out());
        github.verify(withGitHubHeaders(patchRequestedFor(urlEqualTo("/repos/octo-org/Mind2Web-2/issues/comments/105")))
                .withRequestBody(equalToJson(expectedBody(MARKER))));
        github.verify(2, getRequestedFor(anyUrl()));
        github.verify(0, postRequestedFor(anyUrl()));
    }

    @Test
    void aMarkerTextKeepsItsOwnComment() throws IOException {
        // The plain marker's comment is another report's: with --marker v2 a new comment is made.
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1")).willReturn(okJson(page(1, 1, MARKER + "\nold"))));
        github.stubFor(post(urlEqualTo(LIST)).willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("{\"id\":7,\"body\":\"x\",\"html_url\":\"u\"}")));
        CliRun run = comment("--marker", "v2");
        assertEquals(0, run.status(), run.err());
        assertEquals("created comment 7: u\n", run.out());
        github.verify(postRequestedFor(urlEqualTo(LIST)).withRequestBody(equalToJson(expectedBody("<!-- regrade-report:v2 -->"))));
    }

    private void refusedBy(int status, String githubBody, String... parts) {
        github.resetAll();
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1")).willReturn(okJson("[]")));
        github.stubFor(post(urlEqualTo(LIST)).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(githubBody)));
        CliRun run = comment();
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        for (String p : parts) {
            assertTrue(run.err().contains(p), "missing '" + p + "' in: " + run.err());
        }
        github.verify(1, postRequestedFor(urlEqualTo(LIST))); // a refusal is not retried
    }

    @Test
    void refusalsAreExit2WithOneLineSayingWhy() {
        refusedBy(403, "{\"message\":\"Resource not accessible by integration\"}", "regrade comment: GitHub answered 403",
                "pull-requests: write", "issues: write", "Resource not accessible by integration");
        refusedBy(404, "{\"message\":\"Not Found\"}", "GitHub answered 404",
                "repository octo-org/Mind2Web-2 or its pull request #42 was not found");
        refusedBy(422, "{\"message\":\"Validation Failed\",\"errors\":[{\"code\":\"custom\",\"message\":\"body is too long\"}]}",
                "GitHub answered 422", "validation failed", "Validation Failed; body is too long");
        refusedBy(401, "{\"message\":\"Bad credentials\"}", "GitHub answered 401", "token is not valid", "Bad credentials");
    }

    @Test
    void aServerErrorIsExit1AfterOneRetry() {
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1")).willReturn(aResponse().withStatus(503)));
        CliRun run = comment();
        assertEquals(1, run.status(), run.err());
        assertTrue(run.err().contains("GitHub answered 503 to GET " + LIST + ": GitHub failed"), run.err());
        github.verify(2, getRequestedFor(anyUrl()));
    }

    private void badInput(CliRun run, String... parts) {
        assertEquals(2, run.status(), run.out() + run.err());
        for (String p : parts) {
            assertTrue(run.err().contains(p), "missing '" + p + "' in: " + run.err());
        }
        github.verify(0, anyRequestedFor(anyUrl())); // nothing was sent
    }

    @Test
    void badInputIsRefusedBeforeAnyRequest() throws IOException {
        Files.writeString(report, "x".repeat(65_536 - MARKER.length()), StandardCharsets.UTF_8);
        badInput(comment(), report + ": the comment would be 65537 characters", "at most 65536");

        Path missing = tmp.resolve("nope.md");
        badInput(CliRun.of("comment", "--repo", "octo-org/Mind2Web-2", "--pr", "42", "--file", missing.toString()),
                missing + ": no such file");
        Files.write(report, new byte[] {(byte) 0xff, (byte) 0xfe});
        badInput(comment(), report + ": not UTF-8 text");
        Files.writeString(report, "ok");
        badInput(CliRun.of("comment", "--repo", "https://github.com/octo-org/Mind2Web-2", "--pr", "42", "--file",
                report.toString()), "--repo: 'https://github.com/octo-org/Mind2Web-2' is not OWNER/NAME");
        badInput(comment("--marker", "x -->"), "--marker: 'x -->' cannot be a marker");
        badInput(CliRun.of("comment", "--repo", "a/b", "--pr", "0", "--file", report.toString()), "--pr: 0 is not");

        CommentCommand.environment = Map.of("GITHUB_API_URL", "http://127.0.0.1:" + github.port())::get;
        badInput(comment(), "GITHUB_TOKEN is not set", "pull-requests: write");
        CommentCommand.environment = Map.of("GITHUB_TOKEN", TOKEN + "\n" + TOKEN, "GITHUB_API_URL",
                "http://127.0.0.1:" + github.port())::get;
        badInput(comment(), "GITHUB_TOKEN holds characters no token has");
    }

    @Test
    void theApiUrlOptionWinsOverTheEnvironment() {
        CommentCommand.environment = Map.of("GITHUB_TOKEN", TOKEN, "GITHUB_API_URL", "http://127.0.0.1:9")::get;
        github.stubFor(get(urlEqualTo(LIST + "?per_page=100&page=1")).willReturn(okJson("[]")));
        github.stubFor(post(urlEqualTo(LIST)).willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("{\"id\":1,\"body\":\"x\",\"html_url\":\"u\"}")));
        CliRun run = comment("--api-url", "http://127.0.0.1:" + github.port() + "/");
        assertEquals(0, run.status(), run.err());
        assertEquals("created comment 1: u\n", run.out());
    }

    @Test
    void theHelpHasAnExampleAndTheActionsExpressionsVerbatim() {
        CliRun run = CliRun.of("comment", "--help");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("  ./regrade comment --repo octo-org/Mind2Web-2 --pr 42 \\\n"
                + "      --file regrade-out/audit/report.md\n"), run.out());
        assertTrue(run.out().contains("${{ secrets.GITHUB_TOKEN }}"), run.out());
        assertTrue(run.out().contains("Exit status: 0 posted"), run.out());
    }
}
