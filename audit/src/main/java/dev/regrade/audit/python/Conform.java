package dev.regrade.audit.python;

import dev.regrade.rubric.script.RubricScripts;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.RunSpec;
import dev.regrade.audit.run.Runner;
import dev.regrade.audit.run.Workers;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.World;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.ChangeClass;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.RunMeta;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.webcache.CacheDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * {@code regrade conform}: each Java port in one variant against its Python original on the same
 * inputs (policies, fixtures, hash seeds). Both read the very same world: the original runs first
 * (driver, fake judge lane, synthetic cache), then the port runs in process on the cache folder the
 * original left (the same page texts and screenshots), the same judge rules and extractions. Any
 * difference of outcome (crashed or not, the Python error) or of the tree (the audit's
 * {@link TreeDiff}) is reported by node.
 */
public final class Conform {
    /** What {@code conform} compares. */
    public record Config(PythonSetup python, String variant, List<String> scripts, List<String> policies,
                         Path fixturesDir, List<Long> seeds, int threads) {
        public Config {
            Objects.requireNonNull(python, "python");
            Objects.requireNonNull(variant, "variant");
            scripts = List.copyOf(scripts);
            policies = List.copyOf(policies);
            seeds = List.copyOf(seeds);
        }
    }

    /** One run whose port and original disagree: where, and every difference (Java → Python). */
    public record Difference(String script, String inputKind, String input, long seed, List<Change> changes) {
        public Difference {
            changes = List.copyOf(changes);
        }
    }

    /**
     * The comparison.
     *
     * @param runs        the runs compared (each a port run and an original run)
     * @param scripts     the scripts compared
     * @param differences the runs that differ, in script, input, seed order
     * @param standIns    the modules the driver stood in for, sorted
     */
    public record Result(int runs, List<String> scripts, List<Difference> differences, List<String> standIns) {
        public Result {
            scripts = List.copyOf(scripts);
            differences = List.copyOf(differences);
            standIns = List.copyOf(standIns);
        }

        /** The number of node-level differences over every run. */
        public int changeCount() {
            return differences.stream().mapToInt(d -> d.changes().size()).sum();
        }
    }

    private record Job(RubricScript script, World world, long seed) {
    }

    /** One thread's runners: the original's and the port's. */
    private record Sides(PythonRunner python, Runner java) implements AutoCloseable {
        @Override
        public void close() {
            python.close();
            java.close();
        }
    }

    private Conform() {
    }

    /** The ported scripts that have a {@code <task>.py} in the directory, in the ports' order. */
    public static List<String> portedIn(Path dir) {
        List<String> out = new ArrayList<>();
        for (String name : RubricScripts.names()) {
            if (Files.isRegularFile(dir.resolve(name + ".py"))) {
                out.add(name);
            }
        }
        if (out.isEmpty()) {
            throw new BadInputException("--scripts " + dir + ": none of the ported scripts is there (<task>.py for "
                    + String.join(", ", RubricScripts.names()) + ")");
        }
        return out;
    }

    /** Compares; bad input (an unknown script, variant or policy, a broken fixture) is a {@link BadInputException}. */
    public static Result run(Config config) {
        List<Job> jobs = new ArrayList<>();
        for (String name : config.scripts()) {
            RubricScript script = Inputs.script(name);
            Inputs.variant(script, config.variant());
            List<World> worlds = new ArrayList<>();
            config.policies().forEach(p -> worlds.add(Inputs.policy(p)));
            if (config.fixturesDir() != null && Files.isDirectory(config.fixturesDir().resolve(name))) {
                for (Path f : Inputs.fixtureFiles(config.fixturesDir().resolve(name))) {
                    worlds.add(Inputs.fixture(f, name));
                }
            }
            for (World w : worlds) {
                for (long seed : config.seeds()) {
                    jobs.add(new Job(script, w, seed));
                }
            }
        }
        if (jobs.isEmpty()) {
            throw Inputs.noRuns(config.scripts(), config.policies(), config.fixturesDir());
        }
        TreeSet<String> standIns = new TreeSet<>();
        List<Difference> differences = new ArrayList<>();
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            for (Difference d : Workers.map("regrade-conform", config.threads(), jobs,
                    () -> new Sides(new PythonRunner(config.python(), server), new Runner()),
                    (sides, job) -> compare(job, config.variant(), sides.python(), sides.java()),
                    sides -> standIns.addAll(sides.python().standIns()))) {
                if (d != null) {
                    differences.add(d);
                }
            }
        }
        return new Result(jobs.size(), config.scripts(), differences, List.copyOf(standIns));
    }

    private static Difference compare(Job job, String variant, PythonRunner python, Runner java) {
        RunSpec spec = new RunSpec(job.script(), variant, job.world(), null, job.seed());
        RunRecord[] port = new RunRecord[1];
        RunRecord original = python.run(spec, dir -> port[0] = java.runOnCache(spec, CacheDirectory.open(dir, job.seed())));
        List<Change> changes = differences(port[0], original);
        return changes.isEmpty() ? null
                : new Difference(job.script().name(), job.world().kind(), job.world().name(), job.seed(), changes);
    }

    /** The port's run → the original's: its outcome (and Python error), then the tree's differences. */
    static List<Change> differences(RunRecord port, RunRecord original) {
        List<Change> changes = new ArrayList<>();
        RunMeta a = port.document().regrade();
        RunMeta b = original.document().regrade();
        String before = outcome(a);
        String after = outcome(b);
        if (!before.equals(after)) {
            changes.add(new Change(ChangeClass.VERDICT, "outcome", "(run)", before, after));
        }
        if (port.document().tree().isPresent() && original.document().tree().isPresent()) {
            changes.addAll(TreeDiff.diff(port.document().tree().get(), original.document().tree().get()));
        }
        return changes;
    }

    private static String outcome(RunMeta m) {
        return m.errorType() == null ? m.outcome().value()
                : m.outcome().value() + " (" + m.errorType() + ": " + m.error() + ")";
    }
}
