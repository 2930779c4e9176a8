package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.BadInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** conform with inputs that give no run is bad input before any Python starts, as the audit's is. */
class ConformNoRunsTest {
    @Test
    void noPolicyAndNoFixturesIsZeroRuns() {
        // No interpreter is started: the check comes before the first run (the checkout need not exist).
        Conform.Config config = new Conform.Config(new PythonSetup("python3", Path.of("no-checkout"), Map.of()),
                "released", List.of("gas_stations"), List.of(), null, List.of(0L), 1);
        String message = assertThrows(BadInputException.class, () -> Conform.run(config)).getMessage();
        assertEquals("the audit would run 0 runs: --scripts gas_stations with no policy (--policies none) and no "
                + "fixtures (--fixtures none); name a policy (--policies all) or a fixture directory that has inputs "
                + "for these scripts", message);
    }
}
