package dev.regrade.audit.run;

import dev.regrade.policies.World;
import dev.regrade.rubric.script.RubricScript;
import java.time.LocalDate;
import java.util.Objects;

/**
 * One run: a script, a variant, an input, and optional overrides of the input's evaluation date
 * and hash seed (null: the input's own, else the defaults 2025-10-23 and 0).
 */
public record RunSpec(RubricScript script, String variant, World world, LocalDate evalDate, Long hashSeed) {
    public RunSpec {
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(world, "world");
    }

    public RunSpec withHashSeed(Long seed) {
        return new RunSpec(script, variant, world, evalDate, seed);
    }

    public RunSpec withVariant(String value) {
        return new RunSpec(script, value, world, evalDate, hashSeed);
    }
}
