package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.policies.Policies;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** The inputs {@code audit} and {@code conform} name alike: {@code --policies}, {@code --fixtures}, {@code --seeds}. */
final class InputOptions {
    private InputOptions() {
    }

    /** {@code --policies}: the names, {@code all} or {@code none}; each checked. */
    static List<String> policies(List<String> given) {
        List<String> names = given.equals(List.of("all")) ? Policies.names()
                : given.equals(List.of("none")) ? List.of() : given;
        names.forEach(Inputs::policy);
        return names;
    }

    /** {@code --fixtures}: a directory, {@code none} (null), or absent: the shipped fixtures when there are any. */
    static Path fixturesDir(String given) {
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
