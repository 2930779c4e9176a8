package dev.regrade.audit.snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.scripts.v2025_10_23.RubricScript;
import dev.regrade.scripts.v2025_10_23.Scripts;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * One approved result per script × variant × input (every built-in policy and every shipped
 * fixture of the script). A changed tree fails with a unified diff.
 */
class ResultSnapshotTest {
    static final Path FIXTURES = Paths.get("..", "fixtures");
    private static final Runner RUNNER = new Runner();

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    /** Every (script, variant, input) the snapshot suite covers, in a stable order. */
    static List<RunSpec> specs() {
        List<RunSpec> specs = new ArrayList<>();
        for (RubricScript s : Scripts.all()) {
            List<World> worlds = new ArrayList<>(Policies.all());
            Path dir = FIXTURES.resolve(s.name());
            if (dir.toFile().isDirectory()) {
                for (Path f : Inputs.fixtureFiles(dir)) {
                    worlds.add(Fixture.load(f));
                }
            }
            for (String v : s.variants()) {
                for (World w : worlds) {
                    specs.add(new RunSpec(s, v, w, null, null));
                }
            }
        }
        return specs;
    }

    static String name(RunSpec spec) {
        return spec.script().name() + "." + spec.variant() + "." + spec.world().kind() + "-" + spec.world().name();
    }

    @TestFactory
    Stream<DynamicTest> everyResultMatchesItsApprovedSnapshot() {
        List<RunSpec> specs = specs();
        assertTrue(specs.size() >= 30, "snapshot matrix: " + specs.size());
        return specs.stream().map(spec -> DynamicTest.dynamicTest(name(spec), () -> {
            RunRecord r = RUNNER.run(spec, JudgeMode.IN_PROCESS);
            Snapshots.verifyJson(spec.script().name(), name(spec), r.fileText());
        }));
    }

    @TestFactory
    Stream<DynamicTest> httpAndInProcessGiveByteIdenticalResults() {
        return specs().stream().filter(s -> s.world().kind().equals("policy"))
                .map(spec -> DynamicTest.dynamicTest(name(spec), () -> {
                    String inProcess = RUNNER.run(spec, JudgeMode.IN_PROCESS).fileText();
                    String http = RUNNER.run(spec, JudgeMode.HTTP).fileText();
                    assertEquals(inProcess, http, "http and in-process results differ for " + name(spec));
                }));
    }
}
