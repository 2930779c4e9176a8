package dev.regrade.github;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The marker line and the size limit (the posting itself is tested end to end in cli's CommentCommandTest). */
class ReportCommentTest {
    @Test
    void theMarkerIsAHiddenFirstLine() {
        assertEquals("<!-- regrade-report -->", ReportComment.marker(null));
        assertEquals("<!-- regrade-report:shard 2/4 -->", ReportComment.marker("shard 2/4"));
        assertEquals("<!-- regrade-report -->\n# Report\n", ReportComment.body(ReportComment.marker(null), "# Report\n"));
        for (String bad : new String[] {"a-->b", "a--b", "two\nlines", "", "<b>"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportComment.marker(bad));
            assertTrue(e.getMessage().contains("cannot be a marker"), e.getMessage());
        }
    }

    @Test
    void aBodyOverTheLimitIsRefusedBeforeAnyRequest() {
        String body = "x".repeat(ReportComment.MAX_BODY + 1);
        // An unreachable client: a request would fail differently.
        GitHubClient nowhere = new GitHubClient("http://127.0.0.1:9", "t");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportComment.post(nowhere, new Repo("o", "r"), 1, "<!-- regrade-report -->", body));
        assertEquals("the comment would be 65537 characters; GitHub takes at most 65536", e.getMessage());
        assertEquals(1, ReportComment.length("\uD83D\uDE00"), "an emoji is one character");
    }
}
