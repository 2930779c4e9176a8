package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.policies.Policies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A script written for another engine (its import of a {@code mind2web2} module, or of a name from
 * one, fails) is bad input naming the module, the name and the script, not a crash, and never the
 * pip-install advice; a script's own import of anything else still crashes as before.
 */
class MissingEngineModuleTest {
    @RegisterExtension
    static final PythonJudge JUDGE = new PythonJudge();


    private static MissingEngineModuleException missing(String task) {
        try (PythonRunner runner = new PythonRunner(PythonDriverTest.setup("checkout"), JUDGE.server())) {
            return assertThrows(MissingEngineModuleException.class, () -> runner.run(
                    new RunSpec(PythonScripts.script(task), "released", Policies.FULL, null, 0L)));
        }
    }

    @Test
    void aMissingModuleIsNamed() {
        MissingEngineModuleException e = missing("needs_missing_module");
        assertEquals("mind2web2.utils.cache", e.module());
        assertEquals(null, e.name());
        assertEquals("released", e.variant());
        assertTrue(e.script().endsWith("needs_missing_module.py"));
        assertTrue(e.getMessage().contains("imports mind2web2.utils.cache, which the engine of "), e.getMessage());
        assertFalse(e.getMessage().contains("pip install"), e.getMessage());
        assertTrue(e instanceof BadInputException);
    }

    @Test
    void aNameMissingFromAnEngineModuleIsNamed() {
        MissingEngineModuleException e = missing("needs_missing_name");
        assertEquals("mind2web2.evaluator", e.module());
        assertEquals("EvaluatorConfig", e.name());
        assertTrue(e.getMessage().contains("imports EvaluatorConfig from mind2web2.evaluator"), e.getMessage());
    }
}
