package dev.regrade.cli;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.regrade.approval.ApprovalSuite;
import dev.regrade.approval.Snapshots;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.api.DidYouMean;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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

/**
 * {@code regrade approve}: the approval suite through the JUnit Platform Launcher, and the review of
 * its received snapshots (accept all or named ones, reject), as insta's review does.
 */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = {
            "Run the approval suite (one approved result per script × variant × input) through the JUnit Platform "
                + "Launcher. A differing or missing snapshot prints a unified diff and leaves a .received.json beside it.",
            "Then review: --accept runs the suite and accepts every received snapshot, or only the NAMEs given; "
                + "--reject deletes received snapshots (all, or the NAMEs given) without running anything. A NAME is "
                + "the snapshot's name as FAILED lines print it, e.g. gas_stations.fixed.policy-hash."
        },
        footer = {"", "Examples:",
            "  ./regrade approve                          # run every snapshot",
            "  ./regrade approve --script gas_stations    # one script's snapshots",
            "  ./regrade approve --accept gas_stations.fixed.policy-hash",
            "      # accept one after reading its diff",
            "  ./regrade approve --reject                 # discard every received snapshot",
            "", "Snapshots: approval/src/test/resources/dev/regrade/approval/snapshots/<script>/.",
            "", ExitStatus.FOOTER})
final class ApproveCommand extends RegradeCommand {
    private static final String RECEIVED = ".received.json";
    private static final String APPROVED = ".approved.json";
    /** ApprovalTests' system property for its project root, under which it keeps {@code .approval_tests_temp/}. */
    private static final String PROJECT_DIRECTORY = "APPROVALTESTS_PROJECT_DIRECTORY";

    @Option(names = "--accept", arity = "0..*", paramLabel = "NAME",
            description = "After the run, accept the received snapshots (rename .received.json to .approved.json): "
                    + "all of them, or only the NAMEs given.")
    List<String> accept;

    @Option(names = "--reject", arity = "0..*", paramLabel = "NAME",
            description = "Delete the received snapshots, all or the NAMEs given; runs nothing.")
    List<String> reject;

    @Option(names = "--script", paramLabel = "S", description = "Only this script's snapshots.")
    String script;

    private int passed;
    private int errors;

    @Override
    int execute() {
        PrintWriter out = out();
        if (accept != null && reject != null) {
            throw new BadInputException("--accept and --reject: choose one");
        }
        if (script != null) {
            Inputs.script(script);
        }
        Path root = Snapshots.root();
        Path scope = script == null ? root : root.resolve(script);
        if (reject != null) {
            List<Path> chosen = chosen(files(scope, RECEIVED), reject, "--reject");
            for (Path r : chosen) {
                try {
                    Files.delete(r);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + r + ": " + IoProblems.describe(e), e);
                }
                out.println("rejected " + relative(root, r));
            }
            out.println(chosen.isEmpty() ? "nothing to reject" : chosen.size() + " rejected");
            out.flush();
            return ExitCodes.OK;
        }
        Set<String> failed = run(out);
        List<Path> received = files(scope, RECEIVED);
        int accepted = 0;
        if (accept != null) {
            for (Path r : chosen(received, accept, "--accept")) {
                Path a = r.resolveSibling(name(r) + APPROVED);
                try {
                    Files.move(r, a, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot accept " + r + ": " + IoProblems.describe(e), e);
                }
                failed.remove(name(r));
                accepted++;
                out.println("accepted " + relative(root, a));
            }
            if (accepted == 0) {
                out.println("nothing to accept");
            }
        }
        long waiting = received.size() - accepted;
        if (waiting > 0) {
            out.println(waiting + " received snapshot(s) await review: ./regrade approve --accept [NAME…] to accept, "
                    + "--reject [NAME…] to discard");
        }
        for (Path a : files(scope, APPROVED)) {
            String rel = relative(root, a);
            if (!Snapshots.verified().contains(rel)) {
                out.println("unused approved snapshot: " + rel);
            }
        }
        out.println(passed + " passed, " + (failed.size() + errors) + " failed"
                + (accepted > 0 ? " (" + accepted + " accepted)" : ""));
        out.flush();
        return failed.isEmpty() && errors == 0 ? ExitCodes.OK : ExitCodes.FINDING;
    }

    /**
     * Runs the suite, printing one line per failure (the diffs went to stderr); returns the names of
     * the snapshots that failed. ApprovalTests' bookkeeping directory goes to a temporary directory,
     * removed afterwards, so that nothing is left where the command ran.
     */
    private Set<String> run(PrintWriter out) {
        if (script != null) {
            System.setProperty(ApprovalSuite.SCRIPT_PROPERTY, script);
        } else {
            System.clearProperty(ApprovalSuite.SCRIPT_PROPERTY);
        }
        Set<String> failed = new TreeSet<>();
        Path temp;
        try {
            temp = Files.createTempDirectory("regrade-approve");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory: " + IoProblems.describe(e), e);
        }
        String previous = System.setProperty(PROJECT_DIRECTORY, temp.toString());
        try {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(ApprovalSuite.class)).build();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, new TestExecutionListener() {
                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                        passed += id.isTest() ? 1 : 0;
                        return;
                    }
                    String why = result.getThrowable().map(ApproveCommand::why).orElse("failed");
                    if (id.isTest()) {
                        failed.add(id.getDisplayName());
                        out.println("FAILED " + id.getDisplayName() + ": " + why);
                    } else {
                        errors++;
                        out.println("ERROR " + id.getDisplayName() + ": " + why);
                    }
                    out.flush();
                }
            });
        } finally {
            if (previous == null) {
                System.clearProperty(PROJECT_DIRECTORY);
            } else {
                System.setProperty(PROJECT_DIRECTORY, previous);
            }
            OutputDirectory.deleteTree(temp);
        }
        return failed;
    }

    /** A failure in words: ApprovalTests signals a differing snapshot with {@code java.lang.Error("Failed Approval")}. */
    private static String why(Throwable t) {
        String m = t.getMessage();
        if (t.getClass() == Error.class && m != null && firstLine(m).equals("Failed Approval")) {
            return "the snapshot differs (diff above)";
        }
        return m == null || m.isBlank() ? "failed" : firstLine(m);
    }

    /** The received files of {@code names} (all when none is named); exit 2 for a name with no received file. */
    private static List<Path> chosen(List<Path> received, List<String> names, String option) {
        if (names.isEmpty()) {
            return received;
        }
        Map<String, Path> byName = new TreeMap<>();
        received.forEach(r -> byName.put(name(r), r));
        List<Path> chosen = new ArrayList<>();
        for (String n : names) {
            String bare = n.endsWith(RECEIVED) ? n.substring(0, n.length() - RECEIVED.length()) : n;
            Path r = byName.get(bare.substring(bare.lastIndexOf('/') + 1));
            if (r == null) {
                throw new BadInputException(option + ": no received snapshot named '" + n + "'"
                        + (byName.isEmpty() ? " (there are none: run ./regrade approve first)"
                                : DidYouMean.suffix(bare, byName.keySet())));
            }
            chosen.add(r);
        }
        return chosen;
    }

    private static String name(Path received) {
        String f = received.getFileName().toString();
        return f.substring(0, f.length() - RECEIVED.length());
    }

    private static String relative(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
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
            throw new UncheckedIOException("cannot read " + root + ": " + IoProblems.describe(e), e);
        }
    }
}
