package dev.regrade.audit.snapshots;

import java.io.File;
import org.approvaltests.Approvals;
import org.approvaltests.core.Options;

/** Approves a text against its committed snapshot under {@code src/test/resources/dev/regrade/audit/snapshots}. */
final class Snapshots {
    static final File ROOT = new File("src/test/resources/dev/regrade/audit/snapshots");

    private Snapshots() {
    }

    /** Verifies {@code text} against {@code <group>/<name>.approved.json}; a missing snapshot fails. */
    static void verifyJson(String group, String name, String text) {
        Options options = new Options(new UnifiedDiffReporter())
                .forFile().withNamer(new SnapshotNamer(new File(ROOT, group), name))
                .forFile().withExtension(".json");
        Approvals.verify(text, options);
    }
}
