package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.run.JudgeUnavailableException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * A {@code regrade} command, whose failures all end the same way: bad input
 * ({@link BadInputException}) prints {@code regrade COMMAND: message} on stderr and exits 2; a judge
 * that cannot be reached ({@link JudgeUnavailableException}) prints the same and exits 3.
 */
abstract class RegradeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Runs the command; returns its exit status ({@link ExitCodes}). */
    abstract int execute() throws Exception;

    @Override
    public final Integer call() throws Exception {
        // A signal while the command works says so (exit 130); commands that write say more (Interruption).
        Interruption.during(() -> prefix() + "interrupted");
        try {
            refuseRepeats(spec);
            return execute();
        } catch (BadInputException e) {
            return fail(e.getMessage(), ExitCodes.BAD_INPUT);
        } catch (JudgeUnavailableException e) {
            return fail(e.getMessage(), ExitCodes.JUDGE_UNAVAILABLE);
        } finally {
            Interruption.finished();
        }
    }

    /**
     * A name given twice in a list option ({@code --scripts a,a}, {@code --policies hash,hash}) would run
     * and count every row twice: bad input, for every list option of every command.
     */
    static void refuseRepeats(CommandSpec spec) {
        for (OptionSpec option : spec.options()) {
            if (option.isMultiValue() && option.getValue() instanceof java.util.Collection<?> values) {
                java.util.Set<Object> seen = new java.util.HashSet<>();
                for (Object v : values) {
                    if (!seen.add(v)) {
                        throw new BadInputException(option.longestName() + ": '" + v + "' is given twice");
                    }
                }
            }
        }
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** {@code regrade COMMAND: }, the start of every message on stderr. */
    String prefix() {
        return spec.qualifiedName(" ") + ": ";
    }

    private int fail(String message, int status) {
        err().println(prefix() + message);
        err().flush();
        return status;
    }
}
