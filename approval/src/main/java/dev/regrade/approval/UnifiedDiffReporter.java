package dev.regrade.approval;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.approvaltests.core.ApprovalFailureReporter;

/**
 * Prints a failed approval as a unified diff (approved → received) and the one command that
 * accepts it. Set explicitly: ApprovalTests' default reporter on Linux shows no diff.
 */
public final class UnifiedDiffReporter implements ApprovalFailureReporter {
    @Override
    public boolean report(String received, String approved) {
        Path r = Paths.get(received);
        Path a = Paths.get(approved);
        List<String> newLines = lines(r);
        List<String> oldLines = Files.exists(a) ? lines(a) : List.of();
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(
                Files.exists(a) ? a.toString() : "/dev/null (no approved snapshot yet)", r.toString(),
                oldLines, DiffUtils.diff(oldLines, newLines), 3);
        StringBuilder b = new StringBuilder("\nSnapshot differs: ").append(a.getFileName()).append('\n');
        diff.stream().limit(400).forEach(l -> b.append(l).append('\n'));
        if (diff.size() > 400) {
            b.append("... (").append(diff.size() - 400).append(" more diff lines)\n");
        }
        b.append("To accept after review: ./regrade approve --accept   (or: mv '").append(r).append("' '").append(a)
                .append("')\n");
        System.err.print(b);
        return true;
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
