package dev.regrade.approval;

import java.io.File;
import org.approvaltests.namer.ApprovalNamer;

/**
 * Names snapshot files {@code <dir>/<name>.approved<ext>} and {@code .received<ext>}, under
 * {@code src/test/resources}, independent of the test method's name.
 */
final class SnapshotNamer implements ApprovalNamer {
    private final File dir;
    private final String name;
    private String info = "";

    SnapshotNamer(File dir, String name) {
        this.dir = dir;
        this.name = name;
    }

    @Override
    public File getApprovedFile(String extensionWithDot) {
        return new File(dir, name + ".approved" + extensionWithDot);
    }

    @Override
    public File getReceivedFile(String extensionWithDot) {
        return new File(dir, name + ".received" + extensionWithDot);
    }

    @Override
    public String getApprovalName() {
        return name;
    }

    @Override
    public String getSourceFilePath() {
        return dir.getPath() + File.separator;
    }

    @Override
    public ApprovalNamer addAdditionalInformation(String additionalInformation) {
        info = info + "." + additionalInformation;
        return this;
    }

    @Override
    public String getAdditionalInformation() {
        return info;
    }
}
