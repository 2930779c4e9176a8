package dev.regrade.cli;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.regrade.approval.ApprovalSuite;
import dev.regrade.approval.Snapshots;
import dev.regrade.audit.inputs.Inputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade approve}: the approval suite through the JUnit Platform Launcher. */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = {
            "Run the approval suite (one approved result per script × variant × input) through the JUnit Platform "
                + "Launcher. A differing or missing snapshot prints a unified diff and leaves a .received.json beside it.",
            "With --accept, accept every received snapshot (after you have reviewed the diffs) and list them."
        },
        footer = {"", "Snapshots: approval/src/test/resources/dev/regrade/approval/snapshots/<script>/.",
            "", "Exit status: 0 all passed (or all accepted), 1 a snapshot failed, 2 an unknown --script."})
final class ApproveCommand extends RegradeCommand {
    @Option(names = "--accept", description = "Accept the received snapshots: rename each .received.json to .approved.json.")
    boolean accept;

    @Option(names = "--script", paramLabel = "S", description = "Only this script's snapshots.")
    String script;

    @Override
    int execute() {
        PrintWriter out = out();
        if (script != null) {
            Inputs.script(script);
            System.setProperty(ApprovalSuite.SCRIPT_PROPERTY, script);
        } else {
            System.clearProperty(ApprovalSuite.SCRIPT_PROPERTY);
        }
        Path root = Snapshots.root();
        int[] counts = new int[2];
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(ApprovalSuite.class)).build();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (!id.isTest()) {
                    if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                        out.println("ERROR " + id.getDisplayName() + ": " + result.getThrowable().map(Throwable::toString).orElse(""));
                        counts[1]++;
                    }
                    return;
                }
                if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                    counts[0]++;
                } else {
                    counts[1]++;
                    out.println("FAILED " + id.getDisplayName() + result.getThrowable()
                            .map(t -> ": " + firstLine(t.toString())).orElse(""));
                }
                out.flush();
            }
        });
        Path scope = script == null ? root : root.resolve(script);
        List<Path> received = files(scope, ".received.json");
        if (accept) {
            for (Path r : received) {
                Path a = r.resolveSibling(r.getFileName().toString().replace(".received.json", ".approved.json"));
                try {
                    Files.move(r, a, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.println("accepted " + root.relativize(a));
            }
            if (received.isEmpty()) {
                out.println("nothing to accept");
            }
        } else if (!received.isEmpty()) {
            out.println(received.size() + " received snapshot(s) await review; accept with: ./regrade approve --accept");
        }
        for (Path a : files(scope, ".approved.json")) {
            String rel = root.relativize(a).toString().replace('\\', '/');
            if (!Snapshots.verified().contains(rel)) {
                out.println("unused approved snapshot: " + rel);
            }
        }
        out.println(counts[0] + " passed, " + counts[1] + " failed");
        out.flush();
        return counts[1] == 0 || (accept && !received.isEmpty()) ? ExitCodes.OK : ExitCodes.FINDING;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static List<Path> files(Path root, String suffix) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
