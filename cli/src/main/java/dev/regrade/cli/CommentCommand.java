package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.github.GitHubClient;
import dev.regrade.github.GitHubException;
import dev.regrade.github.Repo;
import dev.regrade.github.ReportComment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade comment}: the audit's report as one comment on its pull request, updated on every push. */
@Command(name = "comment", mixinStandardHelpOptions = true,
        description = {
            "Post a report (an audit's report.md) as a comment on a GitHub pull request, or update the one posted "
                + "before instead of adding another.",
            "The comment's first line is a hidden marker, <!-- regrade-report --> (<!-- regrade-report:TEXT --> with "
                + "--marker): the PR's first comment that starts with it is the one replaced.",
            "The token is read from the environment variable GITHUB_TOKEN only (in GitHub Actions: "
                + "$${{ secrets.GITHUB_TOKEN }} with 'permissions: pull-requests: write'); it is never printed."
        },
        footer = {"", "Example (a workflow step whose env sets GITHUB_TOKEN; the whole workflow: docs/ci.md):",
            "  ./regrade comment --repo octo-org/Mind2Web-2 --pr 42 \\",
            "      --file regrade-out/audit/report.md",
            "prints 'created comment ID: URL' the first time, 'updated comment ID: URL' on",
            "every push after (the same comment, its text replaced).",
            "", ExitStatus.FOOTER})
final class CommentCommand extends RegradeCommand {
    /** The environment, replaced by tests (the JVM's cannot be set in process). */
    static Function<String, String> environment = System::getenv;

    @Option(names = "--repo", required = true, paramLabel = "OWNER/NAME",
            description = "The repository of the pull request (in Actions: $${{ github.repository }}).")
    String repo;

    @Option(names = "--pr", required = true, paramLabel = "N",
            description = "The pull request's number (in Actions: $${{ github.event.pull_request.number }}).")
    int pr;

    @Option(names = "--file", required = true, paramLabel = "FILE",
            description = "The comment's text, Markdown (e.g. regrade-out/audit/report.md).")
    Path file;

    @Option(names = "--marker", paramLabel = "TEXT",
            description = "Keep one comment per TEXT (e.g. one per scripts release) instead of one in all: the marker "
                    + "line becomes <!-- regrade-report:TEXT -->.")
    String marker;

    @Option(names = "--api-url", paramLabel = "URL",
            description = "GitHub's REST API. Default: the environment's GITHUB_API_URL (set by Actions, also on "
                    + "GitHub Enterprise), else " + GitHubClient.DEFAULT_API_URL + ".")
    String apiUrl;

    @Override
    int execute() {
        // Every check of the input comes before the first request.
        Repo target;
        try {
            target = Repo.parse(repo);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--repo: " + e.getMessage());
        }
        if (pr < 1) {
            throw new BadInputException("--pr: " + pr + " is not a pull request number (1 or more)");
        }
        String line;
        try {
            line = ReportComment.marker(marker);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--marker: " + e.getMessage());
        }
        String body = ReportComment.body(line, read(file));
        int length = ReportComment.length(body);
        if (length > ReportComment.MAX_BODY) {
            throw new BadInputException(file + ": the comment would be " + length + " characters (the marker line "
                    + "included); GitHub takes at most " + ReportComment.MAX_BODY + ". Post the summary report.md, "
                    + "not report-full.md");
        }
        String token = environment.apply("GITHUB_TOKEN");
        if (token == null || token.isBlank()) {
            throw new BadInputException("GITHUB_TOKEN is not set: set it to a token that may write pull-request "
                    + "comments (in a workflow: env GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }} and "
                    + "permissions: pull-requests: write)");
        }
        if (!token.strip().chars().allMatch(c -> c > ' ' && c < 127)) {
            // Not a header value: say so without showing it.
            throw new BadInputException("GITHUB_TOKEN holds characters no token has (spaces, line breaks or non-ASCII "
                    + "inside it); it is not shown");
        }
        String url = apiUrl != null ? apiUrl : environment.apply("GITHUB_API_URL");
        GitHubClient github;
        try {
            github = new GitHubClient(url == null || url.isBlank() ? GitHubClient.DEFAULT_API_URL : url, token.strip());
        } catch (IllegalArgumentException e) {
            throw new BadInputException((apiUrl != null ? "--api-url: " : "GITHUB_API_URL: ") + e.getMessage());
        }
        ReportComment.Outcome outcome;
        try {
            outcome = ReportComment.post(github, target, pr, line, body);
        } catch (GitHubException e) {
            // A refusal (401/403/404/422) needs other input: 2; GitHub failing or unreachable: 1, as an internal error.
            err().println(prefix() + e.getMessage());
            err().flush();
            return e.refused() ? ExitCodes.BAD_INPUT : ExitCodes.FINDING;
        }
        out().println(outcome.line());
        out().flush();
        return ExitCodes.OK;
    }

    private static String read(Path file) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not a report file");
        }
        try {
            // A strict decoder: a file that is not UTF-8 is refused, not posted with replacement characters.
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }
}
