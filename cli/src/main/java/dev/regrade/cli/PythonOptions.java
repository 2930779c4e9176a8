package dev.regrade.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options naming the Python originals' world: the checkout and the interpreter ({@code audit}, {@code conform}). */
final class PythonOptions {
    @Option(names = "--python", paramLabel = "M2W2_CHECKOUT",
            description = "A Mind2Web 2 checkout (it holds mind2web2/): run the Python originals on its engine "
                    + "instead of the Java ports.")
    Path checkout;

    @Option(names = "--python-exe", paramLabel = "PYTHON",
            description = "The interpreter to run them with (its own packages are used; a module the offline world "
                    + "never uses that it lacks gets a stand-in, reported). Default: python3 on PATH.")
    String exe;
}
