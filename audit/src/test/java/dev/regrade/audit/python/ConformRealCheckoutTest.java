package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.policies.Policies;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The released ports against their originals on a real Mind2Web 2 checkout, on the default inputs
 * (every policy, every shipped fixture, seeds 0, 1, 2). Runs only when {@code M2W2_HOME} names a
 * checkout; the eleven 2025_10_23 scripts are read from {@code M2W2_SCRIPTS}, else from
 * {@code $M2W2_HOME/eval_scripts/2025_10_23} (the runner's layout). No upstream code is in this
 * repository, so CI skips it.
 */
class ConformRealCheckoutTest {
    @Test
    void theReleasedPortsConformToTheirOriginals() {
        String home = System.getenv("M2W2_HOME");
        assumeTrue(home != null && !home.isBlank(), "M2W2_HOME is not set: no Mind2Web 2 checkout to conform to");
        String scriptsEnv = System.getenv("M2W2_SCRIPTS");
        Path scripts = scriptsEnv != null && !scriptsEnv.isBlank() ? Paths.get(scriptsEnv)
                : Paths.get(home, "eval_scripts", "2025_10_23");
        Path fixtures = Paths.get("..", "fixtures");
        assertTrue(Files.isDirectory(fixtures), "the shipped fixtures, beside this module");
        PythonSetup setup = PythonSetup.of(null, Paths.get(home), Map.of("released", scripts),
                Map.of("released", "M2W2_SCRIPTS"));
        Conform.Result result = Conform.run(new Conform.Config(setup, "released", Conform.portedIn(scripts),
                Policies.names(), fixtures, List.of(0L, 1L, 2L), 2));
        assertEquals(RubricScripts.names(), result.scripts(), "every ported script is in " + scripts);
        assertEquals(List.of(), result.differences().stream()
                .map(d -> d.script() + " " + d.inputKind() + "-" + d.input() + " seed " + d.seed() + ": "
                        + d.changes().stream().map(c -> c.describe()).collect(Collectors.joining("; ")))
                .toList());
    }
}
