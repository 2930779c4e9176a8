package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.policies.Policies;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The inputs {@code audit} and {@code conform} name alike: {@code --policies} and {@code --fixtures}
 * (a picocli mixin), and the check of their {@code --seeds}.
 */
final class InputOptions {
    @Option(names = "--policies", defaultValue = "all", paramLabel = "P", split = ",",
            description = "Built-in policies (empty, minimal, full, hash), 'all' or 'none'. Default: ${DEFAULT-VALUE}.")
    List<String> policies;

    @Option(names = "--fixtures", paramLabel = "DIR",
            description = "Fixture directory (<DIR>/<script>/*.json), or 'none'. Default: the shipped fixtures/.")
    String fixtures;

    /** {@code --policies}: the names, {@code all} or {@code none}; each checked. */
    List<String> policyNames() {
        List<String> names = policies.equals(List.of("all")) ? Policies.names()
                : policies.equals(List.of("none")) ? List.of() : policies;
        names.forEach(Inputs::policy);
        return names;
    }

    /** {@code --fixtures}: a directory, {@code none} (null), or absent: the shipped fixtures when there are any. */
    Path fixturesDir() {
        String given = fixtures;
        Path dir = given == null ? Inputs.shippedFixtures() : given.equals("none") ? null : Paths.get(given);
        if (dir != null && !dir.toFile().isDirectory()) {
            if (given == null) {
                return null; // no shipped fixtures here: policies only
            }
            throw new BadInputException("--fixtures: " + given + " is not a directory");
        }
        return dir;
    }

    /** {@code --seeds}: each a PYTHONHASHSEED. */
    static List<Long> seeds(List<Long> given) {
        for (long seed : given) {
            if (seed < 0 || seed > 4294967295L) {
                throw new BadInputException("--seeds: " + seed + " is not a PYTHONHASHSEED (0 to 4294967295)");
            }
        }
        return given;
    }
}
