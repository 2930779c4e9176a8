package dev.regrade.audit.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code regrade} command line. Exit codes: 0 success, 1 a finding (an unexpected change, a
 * disagreeing score), 2 bad input.
 */
@Command(name = "regrade",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Re-scores benchmark answers offline, before and after a scoring change, and shows exactly what the change did.",
            ""
        },
        subcommands = {AuditCommand.class, RunCommand.class, DiffCommand.class, RescoreCommand.class, ReportCommand.class,
            JudgeCommand.class, ApproveCommand.class, ScoreCommand.class, SubjectsCommand.class, VerEvalCommand.class, BenchCommand.class,
            CommandLine.HelpCommand.class},
        footer = {"", "Exit status: 0 ok, 1 a finding (disagreement, unexpected change), 2 bad input, 3 judge unreachable.",
            "Run 'regrade help COMMAND' for the options of one command."})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // -Dregrade.bench.probe=FILE (set only by regrade bench for its child runs): timing and heap report.
        dev.regrade.audit.bench.Probe probe = dev.regrade.audit.bench.Probe.fromSystemProperty();
        int status = run(args);
        if (probe != null) {
            probe.write(status);
        }
        System.exit(status);
    }

    /** Runs the command line and returns the exit status (for tests and the launcher). */
    public static int run(String... args) {
        if (args.length > 0 && args[0].equals("vereval")) {
            // VerEval parses its own flags exactly as its guide's argparse does.
            String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
            return dev.regrade.subjects.vereval.VerEvalMain.run(rest, System.out, System.err);
        }
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("regrade: " + ex.getMessage());
            c.getErr().println("Run 'regrade " + qualifiedName(c) + "--help' for usage.");
            return ExitCodes.BAD_INPUT;
        });
        return cl.execute(args);
    }

    private static String qualifiedName(CommandLine c) {
        String name = c.getCommandSpec().qualifiedName(" ");
        name = name.startsWith("regrade") ? name.substring("regrade".length()).trim() : name;
        return name.isEmpty() ? "" : name + " ";
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints the version from the jar manifest when there is one. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"regrade " + (v == null ? "(development build)" : v)};
        }
    }
}
