package dev.regrade.approval;

import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The approval suite: one approved result per script × variant × input (every built-in policy and
 * every shipped fixture of the script). Run by Maven (through a test class that extends it) and by
 * {@code ./regrade approve} (through the JUnit Platform Launcher).
 */
public class ApprovalSuite {
    private static final Runner RUNNER = new Runner();

    @AfterAll
    static void closeRunner() {
        RUNNER.close();
    }

    /** The shipped fixtures: {@code $REGRADE_HOME/fixtures} when launched, {@code ../fixtures} under Maven. */
    public static Path fixtures() {
        String home = System.getenv("REGRADE_HOME");
        return home != null && !home.isBlank() ? Inputs.shippedFixtures() : Paths.get("..", "fixtures");
    }

    /** The system property that limits the suite to one script ({@code regrade approve --script}). */
    public static final String SCRIPT_PROPERTY = "regrade.approve.script";

    /** Every (script, variant, input) the suite covers, in a stable order. */
    public static List<RunSpec> specs() {
        String only = System.getProperty(SCRIPT_PROPERTY);
        List<RunSpec> specs = new ArrayList<>();
        for (RubricScript s : RubricScripts.all()) {
            if (only != null && !only.isBlank() && !only.equals(s.name())) {
                continue;
            }
            List<World> worlds = new ArrayList<>(Policies.all());
            Path dir = fixtures().resolve(s.name());
            if (Files.isDirectory(dir)) {
                for (Path f : Inputs.fixtureFiles(dir)) {
                    worlds.add(Inputs.fixture(f, s.name()));
                }
            }
            for (String v : s.variantNames()) {
                for (World w : worlds) {
                    specs.add(new RunSpec(s, v, w, null, null));
                }
            }
        }
        return specs;
    }

    /** The snapshot name of a run: {@code <script>.<variant>.<kind>-<input>}. */
    public static String name(RunSpec spec) {
        return spec.script().name() + "." + spec.variant() + "." + spec.world().kind() + "-" + spec.world().name();
    }

    @TestFactory
    Stream<DynamicTest> everyResultMatchesItsApprovedSnapshot() {
        return specs().stream().map(spec -> DynamicTest.dynamicTest(name(spec), () -> {
            RunRecord r = RUNNER.run(spec, JudgeMode.IN_PROCESS);
            Snapshots.verifyJson(spec.script().name(), name(spec), r.fileText());
        }));
    }
}
