package dev.regrade.audit.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.reports.Html;
import dev.regrade.reports.model.ReportJson;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report the HTML browser test (reports' {@code HtmlReportBrowserTest}) loads into Chromium is the
 * {@code report.json} this small audit writes today, and renders to the very page the audit writes. On a
 * change, the audit's report is left in {@code target/} to be copied over the fixture.
 */
class BrowserReportFixtureTest {
    private static final Path FIXTURE = Paths.get("..", "reports", "src", "test", "resources", "dev", "regrade",
            "reports", "browser", "report.json");

    @Test
    void theBrowserTestsReportIsTheAuditsReport() throws IOException {
        AuditConfig config = new AuditConfig(List.of("gas_stations", "rl_course_book"), List.of("empty", "hash"),
                Paths.get("..", "fixtures"), "released", "fixed", Expectations.shipped().without("gas_stations"),
                List.of(0L), JudgeMode.IN_PROCESS, 2);
        Audit.Outcome outcome = Audit.run(config, (d, t) -> { });
        String written = ReportJson.toFileText(outcome.report());
        String committed = Files.readString(FIXTURE, StandardCharsets.UTF_8);
        if (!written.equals(committed)) {
            Path fresh = Paths.get("target", "browser-report.json");
            Files.writeString(fresh, written, StandardCharsets.UTF_8);
            assertEquals(committed, written, "the audit's report.json changed: copy " + fresh.toAbsolutePath()
                    + " to " + FIXTURE.toAbsolutePath().normalize());
        }
        assertEquals(Html.render(outcome.report()), Html.render(ReportJson.read(null, JsonFiles.parse(committed))),
                "report.json read back renders the page the audit writes");
    }
}
