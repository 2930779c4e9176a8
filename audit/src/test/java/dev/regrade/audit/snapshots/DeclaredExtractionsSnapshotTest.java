package dev.regrade.audit.snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.approval.ApprovalSuite;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.policies.World;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.scripts.v2025_10_23.Scripts;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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
                runner.run(new RunSpec(spec.script(), spec.variant(), new Observed(spec.world(), requests),
                        spec.evalDate(), spec.hashSeed()), JudgeMode.IN_PROCESS);
                for (ExtractionRequest r : requests) {
                    spec.script().declaration().problemWith(r)
                            .ifPresent(p -> problems.add(ApprovalSuite.name(spec) + ": " + p));
                }
                requestsPerScript.merge(spec.script().name(), requests.size(), Integer::sum);
            }
        }
        assertEquals(List.of(), problems, "requests the declarations do not cover");
        assertEquals(Scripts.names(), List.copyOf(requestsPerScript.keySet()), "scripts run");
        requestsPerScript.forEach((script, n) -> assertTrue(n > 0, script + " made no request"));
    }

    /** The input, its extractor recording every request made of it. */
    private record Observed(World world, List<ExtractionRequest> requests) implements World {
        @Override
        public Extractor extractor(String script) {
            Extractor inner = world.extractor(script);
            return r -> {
                requests.add(r);
                return inner.extract(r);
            };
        }

        @Override
        public String kind() {
            return world.kind();
        }

        @Override
        public String name() {
            return world.name();
        }

        @Override
        public String description() {
            return world.description();
        }

        @Override
        public String answer(String script) {
            return world.answer(script);
        }

        @Override
        public VerdictRules verdictRules() {
            return world.verdictRules();
        }

        @Override
        public Map<String, String> pages() {
            return world.pages();
        }

        @Override
        public List<String> missingPages() {
            return world.missingPages();
        }

        @Override
        public MapsTool maps(String script) {
            return world.maps(script);
        }

        @Override
        public Optional<LocalDate> evalDate() {
            return world.evalDate();
        }

        @Override
        public OptionalLong hashSeed() {
            return world.hashSeed();
        }
    }
}
