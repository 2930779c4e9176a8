package dev.regrade.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.approval.ApprovalSuite;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** For every script, variant and input (policies and fixtures), {@code --judge http} and {@code --judge in-process} give byte-identical results. */
class ModeIdentityTest {
    private static final Runner RUNNER = new Runner();

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    @TestFactory
    Stream<DynamicTest> httpAndInProcessGiveByteIdenticalResults() {
        List<RunSpec> specs = ApprovalSuite.specs();
        assertTrue(specs.size() >= 200, "scripts × variants × inputs: " + specs.size());
        return specs.stream().map(spec -> DynamicTest.dynamicTest(ApprovalSuite.name(spec), () -> {
            String inProcess = RUNNER.run(spec, JudgeMode.IN_PROCESS).fileText();
            String http = RUNNER.run(spec, JudgeMode.HTTP).fileText();
            assertEquals(inProcess, http, "http and in-process results differ for " + ApprovalSuite.name(spec));
        }));
    }
}
