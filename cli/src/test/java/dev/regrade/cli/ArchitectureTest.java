package dev.regrade.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Package rules over the production classes of every module (cli's test class path holds them all):
 * no package cycles, and (once the Subject contract lands) the drivers reach the scripts through it.
 * Plain JUnit tests over ArchUnit rules, so that {@code @Disabled} works as everywhere else.
 */
class ArchitectureTest {
    private static final String[] DRIVERS = {"dev.regrade.audit..", "dev.regrade.approval..", "dev.regrade.bench..",
            "dev.regrade.cli.."};
    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.regrade");
    }

    @Test
    void everyModuleIsImported() {
        // A rule over too few classes passes for nothing: each module's package must be there.
        for (String p : List.of("dev.regrade.api", "dev.regrade.pycompat", "dev.regrade.rubric", "dev.regrade.rubric.json",
                "dev.regrade.webcache", "dev.regrade.judge", "dev.regrade.policies", "dev.regrade.scripts.v2025_10_23",
                "dev.regrade.wearable", "dev.regrade.wearable.io", "dev.regrade.vereval", "dev.regrade.reports", "dev.regrade.audit.core",
                "dev.regrade.approval", "dev.regrade.bench", "dev.regrade.github", "dev.regrade.cli")) {
            assertTrue(production.containPackage(p), p);
        }
        assertTrue(production.stream().noneMatch(c -> c.getSimpleName().endsWith("Test")), "no test classes");
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.regrade.(**)").should().beFreeOfCycles().check(production);
    }

    @Test
    void driversDoNotNameTheScriptsOfOneRelease() {
        noClasses().that().resideInAnyPackage(DRIVERS)
                .should().dependOnClassesThat().resideInAPackage("dev.regrade.scripts..")
                .because("the drivers reach a release's scripts through the Subject contract (ServiceLoader)")
                .check(production);
    }

    @Test
    void driversRunNoScorerButThroughTheContract() {
        noClasses().that().resideInAnyPackage(DRIVERS)
                .should().dependOnClassesThat().haveSimpleNameEndingWith("Scorer")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.regrade.vereval.VerEvalMain")
                .because("score and vereval run their subject through the Subject contract")
                .check(production);
    }
}
