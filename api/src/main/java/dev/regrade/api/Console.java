package dev.regrade.api;

import java.io.PrintStream;
import java.util.Objects;

/**
 * Where a subject that prints as its original does (its report, progress and errors) writes, handed
 * over as an {@link Input} resource.
 *
 * @param out the original's standard output
 * @param err the original's standard error
 */
public record Console(PrintStream out, PrintStream err) {
    public Console {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
    }

    /** The process's own streams. */
    public static Console system() {
        return new Console(System.out, System.err);
    }
}
