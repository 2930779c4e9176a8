package dev.regrade.audit.python;

import dev.regrade.api.BadInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where the Python originals come from: the interpreter, the user's Mind2Web 2 checkout and, per
 * variant label, the directory of {@code <task>.py} scripts that variant runs.
 *
 * @param python     the interpreter to start ({@code --python-exe}, else {@code python3} on PATH)
 * @param checkout   the Mind2Web 2 checkout whose {@code mind2web2} package is imported (with git
 *                   revisions: the user's checkout, named in the report; the engines are {@code engines})
 * @param scriptDirs variant label (e.g. {@code released}, {@code fixed}) → directory of its scripts
 * @param engines    variant label → the folder holding the {@code mind2web2} that variant imports, when
 *                   the variants run different engines ({@code --base/--head}); a variant not in it
 *                   imports {@code checkout}'s
 * @param revisions  the git revisions the variants were read from, for the report; null without them
 */
public record PythonSetup(String python, Path checkout, Map<String, Path> scriptDirs, Map<String, Path> engines,
                          dev.regrade.reports.model.PythonOriginals.Revisions revisions) {
    /** The interpreter used when none is named. */
    public static final String DEFAULT_PYTHON = "python3";

    public PythonSetup {
        Objects.requireNonNull(python, "python");
        Objects.requireNonNull(checkout, "checkout");
        scriptDirs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scriptDirs));
        engines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    }

    /** One engine for every variant: the checkout's. */
    public PythonSetup(String python, Path checkout, Map<String, Path> scriptDirs) {
        this(python, checkout, scriptDirs, Map.of(), null);
    }

    /** The folder whose {@code mind2web2} a variant imports. */
    public Path engine(String variant) {
        return engines.getOrDefault(variant, checkout);
    }

    /** The interpreter checked as {@link #of} checks it, for a setup whose folders are checked elsewhere. */
    public static String interpreter(String pythonExe) {
        String exe = pythonExe != null ? pythonExe : DEFAULT_PYTHON;
        if (pythonExe != null ? !Files.isExecutable(Paths.get(exe)) && !onPath(exe) : !onPath(exe)) {
            throw new BadInputException((pythonExe != null ? "--python-exe " + exe : "python3")
                    + ": not found" + (pythonExe != null ? "" : " on PATH (name the interpreter with --python-exe)"));
        }
        return exe;
    }

    /**
     * Checks what the command line named: the checkout holds {@code mind2web2/}, every scripts
     * directory exists, the interpreter is found. Bad input names the option.
     */
    public static PythonSetup of(String pythonExe, Path checkout, Map<String, Path> scriptDirs, Map<String, String> options) {
        if (!Files.isDirectory(checkout.resolve("mind2web2"))) {
            throw new BadInputException("--python " + checkout + ": not a Mind2Web 2 checkout (no mind2web2/ folder in it)");
        }
        for (Map.Entry<String, Path> e : scriptDirs.entrySet()) {
            if (!Files.isDirectory(e.getValue())) {
                throw new BadInputException(options.get(e.getKey()) + " " + e.getValue() + ": no such directory");
            }
        }
        return new PythonSetup(interpreter(pythonExe), checkout, scriptDirs);
    }

    /** The script file a variant runs for a task. */
    public Path scriptFile(String task, String variant) {
        Path dir = scriptDirs.get(variant);
        if (dir == null) {
            throw new IllegalArgumentException("no scripts directory for variant '" + variant + "'");
        }
        return dir.resolve(task + ".py");
    }

    private static boolean onPath(String exe) {
        if (exe.contains(File.separator)) {
            return Files.isExecutable(Paths.get(exe));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, exe))) {
                return true;
            }
        }
        return false;
    }
}
