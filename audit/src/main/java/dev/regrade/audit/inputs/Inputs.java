package dev.regrade.audit.inputs;

import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Resolves what the command line names: scripts, policies, fixture files and the directory of
 * shipped fixtures. Every failure is a {@link BadInputException} whose message says what was
 * expected.
 */
public final class Inputs {
    private Inputs() {
    }

    /** The script of that name. */
    public static RubricScript script(String name) {
        return RubricScripts.byName(name).orElseThrow(() -> new BadInputException("unknown script '" + name
                + "' (known: " + String.join(", ", RubricScripts.names()) + ")"));
    }

    /** Checks the variant exists for the script (the declaration's message names the ones it has). */
    public static String variant(RubricScript script, String variant) {
        try {
            return script.declaration().variant(variant).name();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The built-in policy of that name. */
    public static World policy(String name) {
        return Policies.byName(name).orElseThrow(() -> new BadInputException("unknown policy '" + name
                + "' (known: " + String.join(", ", Policies.names()) + ")"));
    }

    /**
     * Loads a fixture and checks it is for a known script (and for {@code script} when given), and
     * that its extractions are ones that script declares.
     */
    public static Fixture fixture(Path file, String script) {
        Fixture f = Fixture.load(file).requireScript(script, RubricScripts.names());
        RubricScript port = script(f.script());
        return f.checkExtractions(port.declaration()).checkExpectedVariants(port.variantNames());
    }

    /**
     * The directory of shipped fixtures: {@code $REGRADE_HOME/fixtures} (the {@code regrade}
     * launcher sets REGRADE_HOME to the checkout), else {@code ./fixtures}.
     */
    public static Path shippedFixtures() {
        String home = System.getenv("REGRADE_HOME");
        return home != null && !home.isBlank() ? Paths.get(home, "fixtures") : Paths.get("fixtures");
    }

    /**
     * Checks a {@code --fixtures} directory holds only folders named for scripts (and no fixture
     * outside them): anything else would be skipped without a word.
     */
    public static void checkFixturesDir(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("fixtures directory " + dir + " does not exist");
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p) && !RubricScripts.names().contains(name)) {
                    throw new BadInputException(p + ": not a script's folder (fixtures go in a folder named for "
                            + "their script: " + String.join(", ", RubricScripts.names()) + ")"
                            + DidYouMean.suffix(name, RubricScripts.names()));
                }
                if (!Files.isDirectory(p) && name.endsWith(".json")) {
                    throw new BadInputException(p + ": a fixture outside a script's folder (move it into "
                            + dir.resolve("<script>") + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every {@code *.json} fixture under a directory, sorted by path. */
    public static List<Path> fixtureFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("fixtures directory " + dir + " does not exist");
        }
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> files = new ArrayList<>(s.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p))
                    .toList());
            files.sort(null);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The bad input of a matrix with no run (audit, conform): what was asked for, and why it gave nothing,
     * so that a CI job that ran nothing cannot pass.
     */
    public static BadInputException noRuns(List<String> scripts, List<String> policies, Path fixturesDir) {
        String fixtures = fixturesDir == null ? "no fixtures (--fixtures none)"
                : "no fixtures for " + (scripts.size() == 1 ? "it" : "them") + " in " + fixturesDir;
        String what = scripts.isEmpty() ? "--scripts names no script"
                : "--scripts " + String.join(",", scripts) + " with "
                + (policies.isEmpty() ? "no policy (--policies none)" : "--policies " + String.join(",", policies))
                + " and " + fixtures;
        return new BadInputException("the audit would run 0 runs: " + what
                + "; name a policy (--policies all) or a fixture directory that has inputs for these scripts");
    }
}
