package dev.regrade.cli;

import dev.regrade.api.Console;
import dev.regrade.api.Input;
import dev.regrade.api.Subject;
import dev.regrade.api.Subjects;
import dev.regrade.api.Variant;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code regrade} command line.
 *
 * <p>Exit statuses: {@link ExitCodes}; what each means, per command, is written once in {@code exit-status.txt}
 * (see {@link ExitStatus}), the source of the help footers and of {@code docs/exit-status.md}.
 */
@Command(name = "regrade",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Re-scores benchmark answers offline, before and after a scoring change, and shows exactly what the change did.",
            ""
        },
        subcommands = {AuditCommand.class, ConformCommand.class, RunCommand.class, DiffCommand.class, RescoreCommand.class, ReplayCommand.class, GenerateCommand.class, ReportCommand.class, MergeCommand.class, ExpectCommand.class, CommentCommand.class,
            JudgeCommand.class, ApproveCommand.class, ScoreCommand.class, SubjectsCommand.class, VerEvalCommand.class, BenchCommand.class,
            CommandLine.HelpCommand.class},
        footer = {"", ExitStatus.FOOTER,
            "", "Run 'regrade help COMMAND' for the options of one command."})
public final class Main implements java.util.concurrent.Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // -Dregrade.bench.probe=FILE (set only by regrade bench for its child runs): timing and heap report.
        dev.regrade.bench.Probe probe = dev.regrade.bench.Probe.fromSystemProperty();
        Interruption.install(System.err);
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
            Subject vereval = Subjects.installed().get("vereval");
            List<String> rest = List.of(args).subList(1, args.length);
            return vereval.run(Input.of(Variant.RELEASED).withArguments(rest).withResource(Console.system()))
                    .document().get("exit_status").intValue();
        }
        if (args.length > 0 && args[0].equals("score")) {
            // The scorers are timed whole-process against the originals: only this command's model is built
            // (reflecting over every command's options costs about 0.3 s of a start that is otherwise 0.05 s).
            // The classes the scorer uses are initialised on a second thread meanwhile (Warmup).
            dev.regrade.wearable.Warmup warm = dev.regrade.wearable.Warmup.start(args.length > 1 ? args[1] : "");
            CommandLine top = new CommandLine(CommandLine.Model.CommandSpec.create().name("regrade"));
            top.addSubcommand("score", new ScoreCommand());
            ExitStatus.fill(top.getSubcommands().get("score"));
            Version.everywhere(top);
            top.setExecutionStrategy(parsed -> {
                warm.await();
                return new CommandLine.RunLast().execute(parsed);
            });
            return handleErrors(top).execute(args);
        }
        return handleErrors(Version.everywhere(ExitStatus.fill(new CommandLine(new Main())))).execute(args);
    }

    /** Bad options and arguments: the unknown word first, suggestions, and where the usage is (exit 2). */
    private static CommandLine handleErrors(CommandLine cl) {
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            // A misspelling is the likelier cause than a missing option: name the unknown word first.
            List<String> unmatched = c.getUnmatchedArguments();
            boolean unknown = ex instanceof CommandLine.UnmatchedArgumentException;
            c.getErr().println("regrade: " + (unknown || unmatched.isEmpty() ? plain(ex.getMessage())
                    : "Unknown arguments: '" + String.join("', '", unmatched) + "' (and so: " + plain(ex.getMessage())
                    + ")"));
            if (unknown) {
                CommandLine.UnmatchedArgumentException.printSuggestions(ex, c.getErr());
            } else if (!unmatched.isEmpty()) {
                new CommandLine.UnmatchedArgumentException(c, unmatched).printSuggestions(c.getErr());
            }
            c.getErr().println("Run 'regrade " + qualifiedName(c) + "--help' for usage.");
            return ExitCodes.BAD_INPUT;
        });
        return cl;
    }

    /** picocli's message with Java type names (" is not a long") put as a user reads them. */
    static String plain(String message) {
        return JAVA_TYPE.matcher(message).replaceAll(m -> switch (m.group(1)) {
            case "int", "long", "short", "byte", "Integer", "Long" -> "is not a whole number";
            case "float", "double", "Float", "Double" -> "is not a number";
            default -> "is not a valid value";
        });
    }

    private static final Pattern JAVA_TYPE = Pattern.compile(
            "is not an? (int|long|short|byte|float|double|boolean|Integer|Long|Float|Double|Boolean)\\b");

    private static String qualifiedName(CommandLine c) {
        String name = c.getCommandSpec().qualifiedName(" ");
        name = name.startsWith("regrade") ? name.substring("regrade".length()).trim() : name;
        return name.isEmpty() ? "" : name + " ";
    }

    /** No command: the usage on stderr, and exit 2, so that a script that forgot its command fails. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("regrade: name a command (regrade audit, regrade help COMMAND, ...)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }

    /**
     * The version and the commit the jar was built from (its manifest's {@code Regrade-Commit}, written by
     * the build), for {@code --version} and {@code -V} of every command.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {describe(manifest())};
        }

        static String describe(java.util.jar.Attributes manifest) {
            String version = manifest == null ? null : manifest.getValue("Implementation-Version");
            if (version == null) {
                return "regrade (development build: classes not from the built jar, no version or commit recorded)";
            }
            String commit = manifest.getValue("Regrade-Commit");
            boolean known = commit != null && !commit.isEmpty() && !commit.startsWith("${");
            return "regrade " + version + (known ? " (commit " + commit
                    + ("true".equals(manifest.getValue("Regrade-Dirty")) ? ", with uncommitted changes" : "") + ")"
                    : " (commit unknown: built outside a git checkout)");
        }

        /** The main attributes of the jar holding this class, or null when it runs from a classes directory. */
        private static java.util.jar.Attributes manifest() {
            java.net.URL self = Main.class.getProtectionDomain().getCodeSource().getLocation();
            if (self == null || !self.getPath().endsWith(".jar")) {
                return null;
            }
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(new java.io.File(self.toURI()))) {
                java.util.jar.Manifest m = jar.getManifest();
                return m == null ? null : m.getMainAttributes();
            } catch (java.io.IOException | java.net.URISyntaxException e) {
                return null;
            }
        }

        /** Gives every command of the tree this provider: {@code regrade audit --version} too. */
        static CommandLine everywhere(CommandLine cl) {
            cl.getCommandSpec().versionProvider(new Version());
            cl.getSubcommands().values().forEach(Version::everywhere);
            return cl;
        }
    }
}
