package dev.regrade.audit.core;

import dev.regrade.reports.Html;
import dev.regrade.reports.Markdown;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.ReportJson;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Writes an audit's files. Each file is written to a temporary file beside it and then renamed,
 * so a run killed at any point leaves every earlier file intact; a whole audit replaces its output
 * directory (see {@link OutputDirectory}), so it never sits beside an earlier audit's files.
 */
public final class AuditWriter {
    private AuditWriter() {
    }

    /**
     * Replaces {@code out} with the audit's results, {@code report.json}, {@code report.md},
     * {@code report-full.md} and {@code report.html}; refuses (bad input) a non-empty {@code out} that is not Regrade's output.
     */
    public static void write(Path out, Audit.Outcome outcome) {
        OutputDirectory.replace(out, "audit", "audit, report.json version " + AuditReport.VERSION,
                dir -> writeFiles(dir, outcome));
    }

    private static void writeFiles(Path out, Audit.Outcome outcome) {
        // The HTML is rendered beside the result writes; what is written, and where, is the same.
        CompletableFuture<String> html = CompletableFuture.supplyAsync(() -> Html.render(outcome.report()));
        outcome.resultFiles().entrySet().parallelStream()
                .forEach(e -> atomicWrite(out.resolve(e.getKey()), e.getValue()));
        writeReports(out, outcome.report(), html);
    }

    /** Writes {@code report.json} and the renderings of a report. */
    public static void writeReports(Path out, AuditReport report) {
        writeReports(out, report, CompletableFuture.completedFuture(Html.render(report)));
    }

    private static void writeReports(Path out, AuditReport report, CompletableFuture<String> html) {
        atomicWrite(out.resolve("report.json"), ReportJson.toFileText(report));
        atomicWrite(out.resolve("report.md"), Markdown.render(report));
        atomicWrite(out.resolve(Markdown.FULL_FILE), Markdown.renderFull(report));
        atomicWrite(out.resolve("report.html"), join(html));
    }

    private static String join(CompletableFuture<String> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    private static final long PID = ProcessHandle.current().pid();
    private static final AtomicLong TEMP_NAMES = new AtomicLong();

    /** Writes a file atomically (temporary file, then rename). */
    public static void atomicWrite(Path file, String text) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            // A name no other writer uses (this process's id and a counter), created exclusively.
            Path tmp = dir.resolve("." + file.getFileName() + "." + PID + "-" + TEMP_NAMES.incrementAndGet() + ".tmp");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + IoProblems.describe(e), e);
        }
    }
}
