package dev.regrade.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.approval.ApprovalSuite;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.World;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.script.RubricScripts;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Each script's declaration against what the script requests on the approval suite's inputs (every
 * script × variant × policy and shipped fixture, as {@link ApprovalSuite#specs} lists them): every
 * extraction requested is declared, by name or glob, with the template it was parsed into. The
 * golden cases are checked the same way in the scripts module ({@code DeclaredExtractionsTest}).
 */
class DeclaredExtractionsSnapshotTest {

    @Test
    void everyRequestOnTheApprovalInputsIsDeclared() {
        List<String> problems = new ArrayList<>();
        Map<String, Integer> requestsPerScript = new TreeMap<>();
        try (Runner runner = new Runner()) {
            for (RunSpec spec : ApprovalSuite.specs()) {
                List<ExtractionRequest> requests = new ArrayList<>();
                runner.run(new RunSpec(spec.script(), spec.variant(), observed(spec.world(), requests),
                        spec.evalDate(), spec.hashSeed()), JudgeMode.IN_PROCESS);
                for (ExtractionRequest r : requests) {
                    spec.script().declaration().problemWith(r)
                            .ifPresent(p -> problems.add(ApprovalSuite.name(spec) + ": " + p));
                }
                requestsPerScript.merge(spec.script().name(), requests.size(), Integer::sum);
            }
        }
        assertEquals(List.of(), problems, "requests the declarations do not cover");
        assertEquals(RubricScripts.names(), List.copyOf(requestsPerScript.keySet()), "scripts run");
        requestsPerScript.forEach((script, n) -> assertTrue(n > 0, script + " made no request"));
    }

    /** The input, its extractor recording every request made of it (every other answer is the input's). */
    private static World observed(World world, List<ExtractionRequest> requests) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object answer = method.invoke(world, args);
            if (!method.getName().equals("extractor")) {
                return answer;
            }
            Extractor inner = (Extractor) answer;
            return (Extractor) r -> {
                requests.add(r);
                return inner.extract(r);
            };
        };
        return (World) Proxy.newProxyInstance(World.class.getClassLoader(), new Class<?>[] {World.class}, handler);
    }
}
