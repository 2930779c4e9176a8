package dev.regrade.audit.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.policies.Fixture;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.rubric.json.RunOutcome;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every shipped fixture states, machine-readably ({@code "expected"}), what each variant scores on it,
 * and the default audit holds every statement: a description cannot drift from the result it
 * describes (one said "score 0.0 in both" while the audit showed 0.000 → 0.100).
 */
class ShippedFixtureExpectationsTest {
    private static final Path SHIPPED = Paths.get("..", "fixtures");

    @TempDir
    Path tmp;

    @Test
    void everyShippedFixtureStatesBothVariantsAndTheAuditHoldsEachStatement() {
        List<Path> files = Inputs.fixtureFiles(SHIPPED);
        assertTrue(files.size() >= 60, "the shipped fixtures: " + files.size());
        AuditConfig config = new AuditConfig(RubricScripts.names(), List.of(), SHIPPED, "released", "fixed",
                Expectations.shipped(), List.of(0L), JudgeMode.IN_PROCESS, 2);
        List<Comparison> audited = Audit.run(config, (done, total) -> { }).report().comparisons();
        assertEquals(files.size(), audited.size(), "one comparison per fixture");
        List<String> wrong = new ArrayList<>();
        for (Comparison c : audited) {
            Path file = SHIPPED.resolve(c.input().script()).resolve(c.input().input() + ".json");
            Fixture f = Fixture.load(file);
            assertEquals(List.of("released", "fixed"), List.copyOf(f.expected().keySet()),
                    file + ": states what released and fixed score (\"expected\")");
            check(file, f.expected().get("released"), c.before(), wrong);
            check(file, f.expected().get("fixed"), c.after(), wrong);
        }
        assertEquals(List.of(), wrong, "fixtures whose stated score is not the audit's");
    }

    private static void check(Path file, Fixture.Expected stated, ComparedRun run, List<String> wrong) {
        boolean crashed = run.outcome() == RunOutcome.CRASHED;
        if (!stated.matches(crashed, run.finalScore())) {
            wrong.add(file + ": " + run.variant() + " states " + stated + ", the audit gives "
                    + (crashed ? "crashed" : run.finalScore()));
        }
    }

    @Test
    void aStatementIsAScoreToFourDecimalsOrACrash() {
        Fixture.Expected score = new Fixture.Expected(0.7778, false);
        assertTrue(score.matches(false, 0.7777777777777778));
        assertFalse(score.matches(false, 0.7776));
        assertFalse(score.matches(true, null), "a crash is not a score");
        Fixture.Expected crash = new Fixture.Expected(null, true);
        assertTrue(crash.matches(true, null));
        assertFalse(crash.matches(false, 0.0), "a score of 0 is not a crash");
    }

    @Test
    void aMisspeltVariantOrAValueThatIsNoScoreIsExit2NamingThePath() throws IOException {
        Path f = tmp.resolve("x.json");
        Files.writeString(f, "{\"script\": \"drone_delivery\", \"expected\": {\"released\": 0.5, \"fixd\": 0.0}}");
        BadInputException e = assertThrows(BadInputException.class, () -> Inputs.fixture(f, "drone_delivery"));
        assertEquals(f + ": $.expected.fixd: the script drone_delivery has no variant 'fixd' (variants: released, fixed)"
                + "; did you mean 'fixed'?", e.getMessage());
        Files.writeString(f, "{\"script\": \"drone_delivery\", \"expected\": {\"released\": 1.5}}");
        e = assertThrows(BadInputException.class, () -> Inputs.fixture(f, "drone_delivery"));
        assertEquals(f + ": $.expected.released: expected a final score from 0 to 1 or \"crashed\", got 1.5",
                e.getMessage());
    }
}
