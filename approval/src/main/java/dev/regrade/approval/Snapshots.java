package dev.regrade.approval;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import org.approvaltests.Approvals;
import org.approvaltests.approvers.FileApprover;
import org.approvaltests.core.Options;

/**
 * Approves texts against committed snapshots under
 * {@code approval/src/test/resources/dev/regrade/approval/snapshots/<group>/<name>.approved.json}. A
 * missing or different snapshot fails, leaves a {@code .received.json} beside it and prints a
 * unified diff with the command that accepts it; nothing is ever approved silently.
 */
public final class Snapshots {
    private static final String RELATIVE = "src/test/resources/dev/regrade/approval/snapshots";
    private static final Set<String> VERIFIED = new TreeSet<>();

    static {
        // Snapshot names are unique by construction (script.variant.input); the same snapshot is
        // verified again only when the suite runs twice in one JVM (./regrade approve, its tests).
        FileApprover.tracker.addAllowedDuplicates(f -> f.endsWith(".approved.json"));
    }

    private Snapshots() {
    }

    /**
     * The snapshot directory: the system property {@code regrade.snapshots} if set; else, when the
     * launcher set REGRADE_HOME, {@code $REGRADE_HOME/approval/<RELATIVE>}; else {@code approval/<RELATIVE>}
     * when the working directory is a checkout's root (the jar run there directly); else
     * {@code <RELATIVE>} relative to the working directory (the approval module when Maven runs the tests).
     */
    public static Path root() {
        String prop = System.getProperty("regrade.snapshots");
        if (prop != null && !prop.isBlank()) {
            return Paths.get(prop);
        }
        String home = System.getenv("REGRADE_HOME");
        if (home != null && !home.isBlank()) {
            return Paths.get(home, "approval", RELATIVE);
        }
        Path fromRoot = Paths.get("approval", RELATIVE);
        return Files.isDirectory(fromRoot) ? fromRoot : Paths.get(RELATIVE);
    }

    /** Verifies {@code text} against {@code <group>/<name>.approved.json}. */
    public static void verifyJson(String group, String name, String text) {
        synchronized (VERIFIED) {
            VERIFIED.add(group + "/" + name + ".approved.json");
        }
        Options options = new Options(new UnifiedDiffReporter())
                .forFile().withNamer(new SnapshotNamer(root().resolve(group).toFile(), name))
                .forFile().withExtension(".json");
        Approvals.verify(text, options);
    }

    /** The approved files (relative to {@link #root()}) that a verification used in this JVM. */
    public static Set<String> verified() {
        synchronized (VERIFIED) {
            return Set.copyOf(VERIFIED);
        }
    }

    static File dir(String group) {
        return root().resolve(group).toFile();
    }
}
